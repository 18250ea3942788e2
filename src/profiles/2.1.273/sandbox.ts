// The Bash sandbox of 2.1.273. Its decisions were recorded (sandbox-* scenarios): with the
// sandbox on, autoAllowBashIfSandboxed (on unless a setting turns it off) lets every sandboxed
// command run without a prompt in default, acceptEdits and dontAsk mode, and
// dangerouslyDisableSandbox asks "Run outside of the sandbox" only where the command's own check
// would let it run. Its sandbox itself could not run on the recording host (every sandboxed
// command printed `apply-seccomp: write /proc/self/uid_map: Operation not permitted`), so what a
// sandboxed command may write and the texts of a refused write are 2.1.332's: not recorded for
// this version. Its masks were recorded as an unprivileged user (sandbox-x-masked-entries, and
// `ls -A .git` inside the sandbox): 2.1.332's paths but for four below .git.
import type { SandboxTable } from '../../permissions/types';
import { SANDBOX_PROTECTED_IN_PROJECT } from '../2.1.332/sandbox';

const NOT_YET = new Set(['.git/NOTES_MERGE_WORKTREE', '.git/glab-cli', '.git/remotes', '.git/worktrees']);

export const SANDBOX_2_1_273: SandboxTable = {
  recorded: false,
  protectedInProject: SANDBOX_PROTECTED_IN_PROJECT.filter((p) => !NOT_YET.has(p)),
  autoAllowDefault: true,
  unprivilegedOnly: true,
  unsandboxedAsk: 'after-check',
};
