// Paths 2.1.273 will not write without asking, whatever the allow rules and in acceptEdits too
// (bypassPermissions writes them; auto and plan mode ask the classifier). Recorded with Write,
// Edit and NotebookEdit in every mode on ~200 paths (probes of issue 13, the `sensitive`
// family); names are compared case-insensitively (`.GIT/config`, `.BASHRC` are sensitive).
// Pure data: the permission engine reads it through its PermissionBehaviour.
import type { SensitivePathTable } from '../../permissions/types';

export const SENSITIVE_PATHS_2_1_273: SensitivePathTable = {
  // Not sensitive (recorded): .yarnrc.yaml .pnpmrc lefthook-local.yml .pre-commit-config.yml
  // .gitlab-ci.yml, names with a suffix (.npmrc.bak, .zshrc.local), .gitignore .gitattributes .env .netrc .pypirc .git-credentials
  // .cshrc .tcshrc .kshrc .inputrc .hgrc .editorconfig .prettierrc .eslintrc .nvmrc .vimrc
  // .tmux.conf .wgetrc .curlrc .gemrc .condarc .terraformrc .mailmap CLAUDE.md CLAUDE.local.md.
  files: [
    '.gitconfig',
    '.gitmodules',
    '.bashrc',
    '.bash_profile',
    '.bash_login',
    '.bash_logout',
    '.zshrc',
    '.zprofile',
    '.zshenv',
    '.zlogin',
    '.zlogout',
    '.profile',
    '.ripgreprc',
    '.mcp.json',
    '.claude.json',
    '.npmrc',
    '.yarnrc',
    '.yarnrc.yml',
    '.envrc',
    '.lefthook.yml',
    'lefthook.yml',
    '.lefthook.yaml',
    'lefthook.yaml',
    '.pre-commit-config.yaml',
    '.bunfig.toml',
    'bunfig.toml',
  ],
  // A path with one of these as any segment, the last included (`.git` itself, `src/.git/x`).
  // Not sensitive: .github .circleci .githooks .hooks .cursor .zed .hg .svn .jj .bzr .direnv
  // .docker .aws .ssh .gnupg .kube .cache .local .npm .bun .gradle .m2 .pip .vscode-test .ideas
  // x.git, and files named like a sensitive file used as a folder (.bashrc/x).
  dirs: ['.git', '.vscode', '.idea', '.husky', '.devcontainer', '.cargo'],
  // Runs of segments anywhere in the path: `.config/git` and below (`.config/x`, `.config/gitx`
  // are not sensitive).
  runs: [['.config', 'git']],
  claude: {
    dir: '.claude',
    // `.claude/worktrees` and below is ordinary as far as this .claude goes: acceptEdits writes
    // `.claude/worktrees/wt1/a.txt`, but `.claude/worktrees/wt1/.git/x` is still sensitive.
    plainBelow: ['worktrees'],
    // Asked about with the ordinary text (not "a sensitive file") and never auto-accepted: any
    // .claude folder itself, the settings files directly in it, and the project's own agents,
    // commands and skills (in ~/.claude or sub/.claude those are sensitive). The rest of a
    // .claude folder is sensitive (.claude/hooks, .claude/agents.md, ~/.claude/projects).
    configFiles: ['settings.json', 'settings.local.json'],
    projectConfigDirs: ['agents', 'commands', 'skills'],
  },
};
