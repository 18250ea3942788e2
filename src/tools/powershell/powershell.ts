// PowerShell: runs only where an executable `pwsh` is on PATH, as Claude Code does on Linux.
// Without one (the playground's memfs workspace) every call that gets past the permission check
// returns the recorded "not available" text. No model-facing strings here (render.ts).
import type { ToolContext } from '../types';
import { isFsError } from '../../workspace/types';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from '../bash/bash';
import { trimOutput } from '../bash/output';
import type { PowerShellInput } from './schema';
import { powershellExitMeaning } from './semantics';

/** Conversation.state key: the pwsh found on PATH (a path), or null for none. */
export const PWSH_KEY = 'powershell.pwsh';

export type PowerShellOutcome =
  | { kind: 'unavailable' }
  | {
      kind: 'ran';
      exitCode: number;
      /** The exit code is an answer (grep found nothing), not a failure. */
      exitIsAnswer: boolean;
      /** What that answer means: the structured returnCodeInterpretation. */
      exitMeaning?: string;
      output: string;
      interrupted: boolean;
    };

/** The first executable file named pwsh in PATH's directories (PATH of the emulated process). */
export async function findPwsh(ctx: ToolContext): Promise<string | null> {
  const known = ctx.conversation.state.get(PWSH_KEY) as string | null | undefined;
  if (known !== undefined) return known;
  const dirs = (ctx.conversation.env.PATH ?? '').split(':').filter((d) => d.startsWith('/'));
  let found: string | null = null;
  for (const d of dirs) {
    const p = `${d.replace(/\/+$/, '')}/pwsh`;
    try {
      const st = await ctx.ws.fs.stat(p);
      if (st.type === 'file' && (st.mode & 0o111) !== 0) {
        found = p;
        break;
      }
    } catch (e) {
      if (!isFsError(e)) throw e;
    }
  }
  ctx.conversation.state.set(PWSH_KEY, found);
  return found;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export async function powershell(input: PowerShellInput, ctx: ToolContext): Promise<PowerShellOutcome> {
  const pwsh = await findPwsh(ctx);
  if (pwsh === null) return { kind: 'unavailable' };
  // Claude Code wraps the command in a prologue (UTF-8 output, plain rendering, its exit code,
  // the cwd written to a file) that the probe's stand-in pwsh echoed; the playground passes the
  // command alone and runs it in the foreground (run_in_background with pwsh: not emulated).
  const timeoutMs = Math.min(input.timeout ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const r = await ctx.ws.shell.run(
    `${quote(pwsh)} -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command ${quote(input.command)}`,
    { cwd: ctx.conversation.cwd, env: ctx.conversation.env, timeoutMs, signal: ctx.signal, mergeStderr: true },
  );
  const meaning = powershellExitMeaning(input.command, r.exitCode, ctx.profile.powershell.exitSemantics);
  return {
    kind: 'ran',
    exitCode: r.exitCode,
    exitIsAnswer: meaning !== undefined,
    ...(meaning !== undefined ? { exitMeaning: meaning } : {}),
    output: trimOutput(r.stdout),
    interrupted: r.interrupted,
  };
}
