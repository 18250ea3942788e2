// Running command hooks through the workspace's shell, and reading what they print. A hook gets
// its input JSON on stdin (one line, then a newline: hook-pilot logs show it), runs in the
// session's current directory with CLAUDE_PROJECT_DIR set (environment.ts), and is bounded by
// its timeout.
import type { Shell } from '../workspace/types';
import { matcherSelects } from './matcher';
import type { HookCommand, HookEvent } from './settings';

/** The timeout of a command hook without `timeout` (seconds). Not recorded (an assumption):
 * recorded is only that `timeout: 1` stops a `sleep 5` without blocking the call (hook-timeout).
 * The shell's timeout and the session's stop signal bound a hook that loops. */
export const DEFAULT_HOOK_TIMEOUT_S = 600;

export interface HookRun {
  hook: HookCommand;
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** stdout parsed as a JSON object, when it is one. */
  json?: Record<string, unknown>;
  /** When it ended among the hooks started together (0 = first). */
  finished: number;
}

export interface HookHost {
  shell: Shell;
  /** The session's current directory (a Bash `cd` moves it; hook-env). */
  cwd(): string;
  projectDir: string;
  /** The environment hooks start from (the process's, with Claude Code's own variables). */
  env: () => Record<string, string>;
  signal?: AbortSignal;
}

const DELIM = '__CC_PLAYGROUND_HOOK_INPUT__';

/** The command with the input on stdin. The JSON is one line, so the delimiter never appears
 * alone on a line of it. */
export function withStdin(command: string, stdin: string): string {
  return `{\n${command}\n} <<'${DELIM}'\n${stdin}\n${DELIM}`;
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const t = text.trim();
  if (!t.startsWith('{')) return undefined;
  try {
    const v: unknown = JSON.parse(t);
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The event's hooks; without a tool name (session events) matchers are not consulted. */
export function selectHooks(all: readonly HookCommand[], event: HookEvent, toolName?: string): HookCommand[] {
  const seen = new Set<string>();
  const out: HookCommand[] = [];
  for (const h of all) {
    if (h.event !== event || (toolName !== undefined && !matcherSelects(h.matcher, toolName))) continue;
    // The same command from two sources runs once (hook-dedupe-same-command).
    if (seen.has(h.command)) continue;
    seen.add(h.command);
    out.push(h);
  }
  return out;
}

export async function runHook(
  host: HookHost,
  hook: HookCommand,
  input: Record<string, unknown>,
): Promise<HookRun> {
  const stdin = JSON.stringify(input);
  const timeoutMs = (hook.timeout ?? DEFAULT_HOOK_TIMEOUT_S) * 1000;
  const r = await host.shell.run(withStdin(hook.command, stdin), {
    cwd: host.cwd(),
    env: { ...host.env(), CLAUDE_PROJECT_DIR: host.projectDir },
    timeoutMs,
    ...(host.signal ? { signal: host.signal } : {}),
  });
  const run: HookRun = {
    hook,
    exitCode: r.interrupted ? 1 : r.exitCode,
    stdout: r.stdout,
    stderr: r.stderr,
    timedOut: r.interrupted,
    finished: 0,
  };
  const json = parseJsonObject(r.stdout);
  if (json) run.json = json;
  return run;
}

/** Every selected hook of the event, in settings order (Claude Code starts them together; the
 * order of their messages when several report is not stable in recordings). */
export async function runHooks(
  host: HookHost,
  hooks: readonly HookCommand[],
  input: Record<string, unknown>,
): Promise<HookRun[]> {
  let ended = 0;
  return Promise.all(
    hooks.map(async (h) => {
      const r = await runHook(host, h, input);
      r.finished = ended++;
      return r;
    }),
  );
}
