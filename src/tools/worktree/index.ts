// The worktree tools as modules (worktree.ts has the rules and texts).
import type { ToolModule } from '../types';
import { WORKTREE_KEY } from '../types';
import {
  enter,
  enterInput,
  exit,
  exitInput,
  renderEnter,
  renderExit,
  validateExit,
  worktreeSession,
  type EnterInput,
  type EnterOutcome,
  type ExitInput,
  type ExitOutcome,
} from './worktree';

const ALREADY =
  'Already in a worktree session. Pass `path` to switch into another existing worktree, or use ExitWorktree to leave this one before creating a new worktree.';

export const enterWorktreeTool: ToolModule<EnterInput, EnterOutcome> = {
  name: 'EnterWorktree',
  runsShell: true,
  schema: enterInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'EnterWorktree', kind: 'other', paths: [], input, noPrompt: true }),
  validate: (input, ctx) =>
    Promise.resolve(
      input.path === undefined && worktreeSession(ctx) !== undefined
        ? { kind: 'refused', text: ALREADY }
        : undefined,
    ),
  call: async (input, ctx) => {
    const o = await enter(input, ctx);
    if (o.kind === 'entered') {
      ctx.conversation.state.set(WORKTREE_KEY, o.session);
      ctx.conversation.cwd = o.session.path;
    }
    return o;
  },
  render: renderEnter,
  explain: (o) =>
    o.kind === 'entered'
      ? `${o.how === 'Created' ? 'A new git worktree was made' : o.how === 'Resumed' ? 'The worktree of that name already existed and was taken as it is' : 'The session moved into an existing worktree'}; the session now works in ${o.session.path} on ${o.session.branch}, and writes to the main checkout are refused.`
      : o.kind === 'refused'
        ? 'Claude Code checks this before running: one worktree session at a time.'
        : 'Making or entering the worktree failed; the text is what git or the file system said.',
};

export const exitWorktreeTool: ToolModule<ExitInput, ExitOutcome> = {
  name: 'ExitWorktree',
  schema: exitInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'ExitWorktree', kind: 'other', paths: [], input, noPrompt: true }),
  validate: validateExit,
  call: exit,
  render: renderExit,
  explain: (o) =>
    o.kind === 'refused'
      ? 'ExitWorktree only acts on a worktree this session made, and will not throw away uncommitted files or commits unless told to.'
      : o.action === 'keep'
        ? 'The worktree and its branch stay on disk; the session is back where it started.'
        : 'The worktree directory and its branch were deleted; the session is back where it started.',
};
