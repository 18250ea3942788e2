// The results the in-memory git's subcommands give: output, a failure (git's 128 unless said),
// and the refusal of what it does not emulate.
import type { ExecResult } from 'just-bash';

export const ok = (stdout: string, stderr = ''): ExecResult => ({ stdout, stderr, exitCode: 0 });

export const fail = (stderr: string, exitCode = 128, stdout = ''): ExecResult => ({
  stdout,
  stderr,
  exitCode,
});

export const unsupported = (what: string): ExecResult =>
  fail(`git: '${what}' is not supported by the in-memory workspace's git\n`, 1);
