// The environment a command hook runs with (hook-env, henv probes on both versions): the binary's
// own process environment (what it was started with, plus the variables it sets for its
// children), then CLAUDE_PROJECT_DIR. The Bash tool's shell gets the same set with AI_AGENT
// ending `_agent`, CLAUDE_CODE_EXECPATH, GIT_EDITOR and no CLAUDE_PROJECT_DIR.

export interface HookEnvSetup {
  /** The Claude Code version (`2.1.332`): AI_AGENT names it with dashes. */
  version: string;
  sessionId: string;
  /** TMPDIR of the session. */
  tmp: string;
  projectDir: string;
  /** The session's effort level; none for models without one (models.ts). */
  effort?: string;
  /** 2.1.332 passes CLAUDE_CODE_CHILD_NOTES_DIR. */
  childNotesDir: boolean;
  /** 2.1.337 passes CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS. */
  starterReadsFolderSettings?: boolean;
}

/** The process id and messaging token: the binary's own pid and a random token, which no
 * recording can pin; fixed values stand in for them. */
const PID = '4242';
const MESSAGING_TOKEN = '0'.repeat(32);

const sanitise = (p: string) => p.replace(/[^a-zA-Z0-9]/g, '-');

/** The variables Claude Code adds to a hook's environment, beyond the ones it was started with. */
export function claudeHookEnv(s: HookEnvSetup): Record<string, string> {
  const env: Record<string, string> = {
    AI_AGENT: `claude-code_${s.version.replace(/\./g, '-')}_harness`,
    CLAUDECODE: '1',
    CLAUDE_CODE_CHILD_SESSION: '1',
    CLAUDE_CODE_ENTRYPOINT: 'sdk-cli',
    CLAUDE_CODE_MESSAGING_SOCKET: `${s.tmp}/cc-socks/${PID}.sock`,
    CLAUDE_CODE_MESSAGING_TOKEN: MESSAGING_TOKEN,
    CLAUDE_CODE_SESSION_ATTENDED: '0',
    CLAUDE_CODE_SESSION_ID: s.sessionId,
    CLAUDE_PID: PID,
    COREPACK_ENABLE_AUTO_PIN: '0',
    NoDefaultCurrentDirectoryInExePath: '1',
  };
  // The uid of the recording host (root) names the folder.
  if (s.childNotesDir) env.CLAUDE_CODE_CHILD_NOTES_DIR = `${s.tmp}/claude-0/${sanitise(s.projectDir)}/${s.sessionId}/started`;
  // "0" as recorded (a probe of its value on 2.1.337): the oracle's session is not one whose
  // starter reads the folder's settings.
  if (s.starterReadsFolderSettings) env.CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS = '0';
  if (s.effort !== undefined) env.CLAUDE_EFFORT = s.effort;
  return env;
}
