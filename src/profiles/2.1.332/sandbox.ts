// The Bash sandbox as 2.1.332 runs it under bubblewrap (sandbox-* recordings: Linux, as root
// with IS_SANDBOX=1). The paths below the project a sandboxed command may not write even though
// the project is writable: the sandbox mounts them read-only where they exist ("Read-only file
// system") and masks them where they do not ("Permission denied"); a masked path shows up in
// `ls -a` and `git status` inside the sandbox, which is how the list was read
// (sandbox-bypass-policy, sandbox-project-settings: the .claude entries appear once the project
// has a .claude folder of its own). The .git entries are those `ls -a .git` listed inside the
// sandbox that `git init` and a commit do not create, plus hooks and config (recorded read-only).
import type { SandboxTable } from '../../permissions/types';

export const SANDBOX_PROTECTED_IN_PROJECT: readonly string[] = [
  '.bash_profile',
  '.bashrc',
  '.gitconfig',
  '.gitmodules',
  '.idea',
  '.mcp.json',
  '.profile',
  '.ripgreprc',
  '.vscode',
  '.zprofile',
  '.zshrc',
  '.claude/agents',
  '.claude/commands',
  '.claude/hooks',
  '.claude/launch.json',
  '.claude/loop.md',
  '.claude/output-styles',
  '.claude/routines',
  '.claude/scheduled_tasks.json',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.claude/skills',
  '.claude/workflows',
  '.git/hooks',
  '.git/config',
  '.git/config.lock',
  '.git/config.worktree',
  '.git/NOTES_MERGE_WORKTREE',
  '.git/glab-cli',
  '.git/remotes',
  '.git/worktrees',
];

export const SANDBOX_2_1_332: SandboxTable = {
  recorded: true,
  protectedInProject: SANDBOX_PROTECTED_IN_PROJECT,
  // sandbox-default-*: without the setting, default, acceptEdits and dontAsk decide a sandboxed
  // command as without the sandbox; `"autoAllowBashIfSandboxed": true` lets it run unasked.
  autoAllowDefault: false,
  // Recorded as root: its sandbox runs there (sandbox-default-*).
  unprivilegedOnly: false,
  // sandbox-default-*: `echo hi > $HOME/o.txt` with dangerouslyDisableSandbox gets "Run outside
  // of the sandbox", not the redirection's refusal.
  unsandboxedAsk: 'first',
};
