// 2.1.332 also makes `plugins` (drwx------, holding plugins/store/<builtin plugin>.json), same
// probe as 2.1.273's table.
import { CLAUDE_HOME_DIRS_2_1_273 } from '../2.1.273/claude-home';
import type { ClaudeHomeDir } from '../types';

export const CLAUDE_HOME_DIRS_2_1_332: readonly ClaudeHomeDir[] = [
  ...CLAUDE_HOME_DIRS_2_1_273,
  { name: 'plugins', mode: 0o700 },
];
