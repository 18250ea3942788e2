// `git` as a just-bash command, with its hooks run through the workspace shell: the in-memory git
// stops where git would run a hook (GitResult.hook), the hook script runs here like any other
// script, and git goes on. Shared by the in-process shell and the shell worker.
import { defineCommand, type Command, type ExecResult } from 'just-bash';
import type { GitResult } from '../git/command';
import { shellQuote } from './fixes';

export type GitCall = (args: string[], cwd: string, env: Record<string, string>, hooksDone: string[]) => Promise<GitResult>;

/** git 2.39 sends a hook's stdout to its own stderr; a pre-commit that fails stops the commit
 * (exit 1, nothing of git's own), a post-checkout's status becomes the checkout's (probed). */
export function gitCommand(call: GitCall): Command {
  return defineCommand('git', async (args, ctx) => {
    const env = Object.fromEntries(ctx.env);
    const done: string[] = [];
    let said = '';
    for (;;) {
      const r = await call(args, ctx.cwd, env, done);
      const { hook, ...result } = r;
      if (hook === undefined) return { ...result, stderr: said + result.stderr };
      const ran: ExecResult = ctx.exec
        ? await ctx.exec([hook.path, ...hook.args].map(shellQuote).join(' '), { cwd: hook.cwd })
        : { stdout: '', stderr: `error: cannot run ${hook.path}\n`, exitCode: 1 };
      const out = ran.stdout + ran.stderr;
      if (!hook.rerun)
        return { ...result, stderr: said + result.stderr + out, exitCode: result.exitCode || ran.exitCode };
      said += out;
      if (ran.exitCode !== 0) return { stdout: '', stderr: said, exitCode: 1 };
      done.push(hook.name);
    }
  });
}
