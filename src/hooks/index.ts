// Hooks from settings (issue 16): settings parsing, matchers, running command hooks through the
// workspace shell, and what the session makes of their answers.
import { hookSettings, type HookSource } from './settings';
import { ToolHooks } from './session';
import type { HookHost } from './run';

export { hookSettings, readHooks, HOOK_EVENTS, TOOL_CALL_EVENTS, type HookCommand, type HookEvent, type HookSettings } from './settings';
export { matcherSelects } from './matcher';
export { claudeHookEnv, type HookEnvSetup } from './environment';
export { ToolHooks, type HookStep } from './session';

export interface HookSessionSetup {
  sources: Partial<Record<HookSource, Record<string, unknown> | undefined>>;
  host: HookHost;
  home: string;
  /** The effort level hook inputs carry; none: no `effort` field (models.ts). */
  effortLevel: string | undefined;
  /** Ids the session's hook inputs carry (random v4 UUIDs unless given). */
  sessionId?: () => string;
  promptId?: () => string;
}

const sanitise = (p: string) => p.replace(/[^a-zA-Z0-9]/g, '-');

export function createToolHooks(s: HookSessionSetup): ToolHooks {
  const fixedSession = crypto.randomUUID();
  const fixedPrompt = crypto.randomUUID();
  const sessionId = s.sessionId ?? (() => fixedSession);
  const promptId = s.promptId ?? (() => fixedPrompt);
  // Field order as Claude Code writes them (hook-pilot).
  const common = (mode: string) => ({
    session_id: sessionId(),
    transcript_path: `${s.home}/.claude/projects/${sanitise(s.host.projectDir)}/${sessionId()}.jsonl`,
    cwd: s.host.cwd(),
    prompt_id: promptId(),
    permission_mode: mode,
    ...(s.effortLevel !== undefined ? { effort: { level: s.effortLevel } } : {}),
  });
  return new ToolHooks(hookSettings(s.sources), s.host, common);
}
