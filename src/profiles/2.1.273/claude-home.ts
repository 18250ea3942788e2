// Folders 2.1.273 creates in ~/.claude at startup, before the first tool call runs: `find
// ~/.claude -maxdepth 1` as the first call (bypassPermissions and auto, with and without user
// settings) lists these and, when the scenario has user settings, settings.json
// (gen-sensitive-0056: `ls ~/.claude`). Their files (a .claude.json backup, the session
// transcript, a shell snapshot, a session key) have names that change each run and are left out.
import type { ClaudeHomeDir } from '../types';

export const CLAUDE_HOME_DIRS_2_1_273: readonly ClaudeHomeDir[] = [
  { name: 'backups', mode: 0o755 },
  { name: 'projects', mode: 0o755 },
  { name: 'session-env', mode: 0o755 },
  { name: 'sessions', mode: 0o700 },
  { name: 'shell-snapshots', mode: 0o755 },
];
