// EnterWorktree / ExitWorktree: a worktree under `.claude/worktrees/<name>` on branch
// `worktree-<name>` ("/" in a name becomes "+"), made and removed with `git worktree` through
// the workspace shell (real git on disk, the in-memory git's `worktree` command on memfs).
// Recorded on both versions: worktree-* scenarios. Not recorded: WorktreeCreate/WorktreeRemove
// hooks (refused as not emulated), the `worktree.baseRef` setting (a repository without origin
// branches from HEAD either way), uncommitted files and commits together in one refusal.
import { z } from 'zod';
import { semanticBoolean } from '../bash/schema';
import { expandPath } from '../../text/paths';
import type { Profile, WorktreeTexts } from '../../profiles/types';
import type { Attachment, Rendered, ToolContext } from '../types';
import { WORKTREE_KEY } from '../types';

/** The worktree session of a conversation (Conversation.state[WORKTREE_KEY]). */
export interface WorktreeSession {
  path: string;
  branch: string;
  /** Where the session was before it entered. */
  originalCwd: string;
  /** HEAD when the worktree was made: commits after it are the worktree's own. */
  baseHead: string;
  /** Made by this session (a worktree entered by `path` is not removed by ExitWorktree). */
  owned: boolean;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

export const enterInput = z
  .strictObject({
    name: z
      .string()
      .superRefine((name, c) => {
        if (name.length > 64)
          c.addIssue({
            code: 'custom',
            message: `Invalid worktree name: must be 64 characters or fewer (got ${name.length})`,
          });
        else if (!name.split('/').every((s) => SEGMENT.test(s)))
          c.addIssue({
            code: 'custom',
            message: `Invalid worktree name "${name}": each "/"-separated segment must be non-empty and contain only letters, digits, dots, underscores, and dashes`,
          });
        else if (name.split('/').some((s) => s === '.' || s === '..'))
          c.addIssue({
            code: 'custom',
            message: `Invalid worktree name "${name}": must not contain "." or ".." path segments`,
          });
      })
      .optional(),
    path: z.string().optional(),
  })
  .superRefine((i, c) => {
    if (i.name !== undefined && i.path !== undefined)
      c.addIssue({ code: 'custom', path: [], message: 'Provide at most one of `name` or `path`, not both.' });
  });
export type EnterInput = z.infer<typeof enterInput>;

export const exitInput = z.strictObject({
  action: z.enum(['keep', 'remove']),
  // "true" and "false" as strings are taken (tools-deferred-call-before-fetch).
  discard_changes: semanticBoolean.optional(),
});
export type ExitInput = z.infer<typeof exitInput>;

export type EnterOutcome =
  | { kind: 'refused'; text: string }
  | { kind: 'failed'; text: string }
  | { kind: 'entered'; how: 'Created' | 'Resumed' | 'Entered'; session: WorktreeSession; from: string };

export type ExitOutcome =
  | { kind: 'refused'; text: string }
  | {
      kind: 'exited';
      action: 'keep' | 'remove';
      session: WorktreeSession;
      discardedFiles: number;
      discardedCommits: number;
    };

export function worktreeSession(ctx: ToolContext): WorktreeSession | undefined {
  return ctx.conversation.state.get(WORKTREE_KEY) as WorktreeSession | undefined;
}

const DEFAULT_TEXTS: WorktreeTexts = {
  curlyQuotes: false,
  restoredCwdFields: false,
  strayDirAdvice: (p) =>
    `(\`git worktree remove ${p}\` if it's a registered worktree, or \`rm -rf ${p}\` if it's a stray directory)`,
  pathSyscall: 'lstat',
};
const texts = (p: Profile): WorktreeTexts => p.worktree ?? DEFAULT_TEXTS;
const q = (p: Profile, s: string): string => (texts(p).curlyQuotes ? `“${s}”` : s);

export const NO_SESSION =
  'No-op: there is no active EnterWorktree session to exit. This tool only operates on worktrees created by EnterWorktree in the current session — it will not touch worktrees created manually or in a previous session. No filesystem changes were made.';
const NO_GIT =
  'Cannot create a worktree: not in a git repository and no WorktreeCreate hooks are configured. Configure WorktreeCreate/WorktreeRemove hooks in settings.json to use worktree isolation with other VCS systems.';
const WORKING =
  'The session is now working in the worktree. Use ExitWorktree to leave mid-session, or exit the session to be prompted.';

async function git(
  ctx: ToolContext,
  cwd: string,
  args: string,
): Promise<{ out: string; err: string; code: number }> {
  const r = await ctx.ws.shell.run(`git ${args}`, {
    cwd,
    env: ctx.conversation.env,
    timeoutMs: 60_000,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  return { out: r.stdout, err: r.stderr, code: r.exitCode };
}

const sh = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The top of the repository holding `dir` (null: not in one). */
async function repoRoot(ctx: ToolContext, dir: string): Promise<string | null> {
  const r = await git(ctx, dir, 'rev-parse --show-toplevel');
  return r.code === 0 ? r.out.trim() : null;
}

async function exists(ctx: ToolContext, p: string): Promise<boolean> {
  try {
    await ctx.ws.fs.stat(p);
    return true;
  } catch {
    return false;
  }
}

export async function enter(input: EnterInput, ctx: ToolContext): Promise<EnterOutcome> {
  const from = ctx.conversation.cwd;
  const current = worktreeSession(ctx);
  if (input.path !== undefined) {
    const abs = expandPath(input.path, from, ctx.ws.info.home);
    if (!(await exists(ctx, abs)))
      return {
        kind: 'failed',
        text: `Cannot enter worktree: ${abs}: ENOENT: no such file or directory, ${texts(ctx.profile).pathSyscall} '${abs}'`,
      };
    const top = await repoRoot(ctx, abs);
    if (
      top !== null &&
      (await exists(ctx, `${top}/.git`)) &&
      (await ctx.ws.fs.stat(`${top}/.git`)).type === 'dir'
    )
      return {
        kind: 'failed',
        text: `Cannot enter worktree: ${abs} is the main working tree, not a linked worktree.`,
      };
    if (top === null)
      return {
        kind: 'failed',
        text: `Cannot enter worktree: ${abs} is not a registered worktree of this repository.`,
      };
    const branch = (await git(ctx, top, 'branch --show-current')).out.trim();
    const head = (await git(ctx, top, 'rev-parse HEAD')).out.trim();
    const session: WorktreeSession = {
      path: top,
      branch,
      originalCwd: current?.originalCwd ?? from,
      baseHead: head,
      owned: false,
    };
    return { kind: 'entered', how: 'Entered', session, from };
  }
  const root = await repoRoot(ctx, ctx.ws.info.cwd);
  if (root === null) return { kind: 'failed', text: NO_GIT };
  const name = input.name ?? randomName(ctx);
  const flat = name.replace(/\//g, '+');
  const path = `${root}/.claude/worktrees/${flat}`;
  const branch = `worktree-${flat}`;
  const head = (await git(ctx, root, 'rev-parse HEAD')).out.trim();
  // A worktree of that name made earlier (kept) is resumed as it is.
  if ((await exists(ctx, `${path}/.git`)) && (await repoRoot(ctx, path)) === path) {
    const b = (await git(ctx, path, 'branch --show-current')).out.trim();
    return {
      kind: 'entered',
      how: 'Resumed',
      session: { path, branch: b, originalCwd: from, baseHead: head, owned: true },
      from,
    };
  }
  const added = await git(ctx, root, `worktree add -b ${sh(branch)} ${sh(path)} HEAD`);
  if (added.code !== 0)
    return {
      kind: 'failed',
      text: `worktree "${name}" already exists at ${path} but cannot be reused (${added.err.trim()}). Remove that directory ${texts(ctx.profile).strayDirAdvice(path)} or pass a different --worktree name.`,
    };
  return {
    kind: 'entered',
    how: 'Created',
    session: { path, branch, originalCwd: from, baseHead: head, owned: true },
    from,
  };
}

/** A name when none is given: three words as Claude Code makes them (adjective-verbing-noun);
 * the binary's are random, these come from the session's ids. */
function randomName(ctx: ToolContext): string {
  const n = Number(ctx.conversation.nextId('worktree').replace(/\D/g, '')) || 1;
  const a = ['mutable', 'cheeky', 'quiet', 'brisk', 'gentle'];
  const v = ['discovering', 'jumping', 'humming', 'drifting', 'weaving'];
  const o = ['shell', 'rain', 'river', 'lantern', 'meadow'];
  return `${a[n % 5] ?? 'quiet'}-${v[(n * 3) % 5] ?? 'humming'}-${o[(n * 7) % 5] ?? 'river'}`;
}

/** Files git reports as changed or untracked, and commits on the worktree branch since it was
 * made. */
async function pending(ctx: ToolContext, s: WorktreeSession): Promise<{ files: number; commits: number }> {
  const st = await git(ctx, s.path, 'status --porcelain --untracked-files=all');
  const files = st.out.split('\n').filter((l) => l.trim() !== '').length;
  const log = await git(ctx, s.path, 'log --oneline --no-decorate');
  const oids = log.out
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' ')[0] ?? '');
  const at = oids.findIndex((o) => o !== '' && s.baseHead.startsWith(o));
  const commits = at < 0 ? 0 : at;
  return { files, commits };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function validateExit(input: ExitInput, ctx: ToolContext): Promise<ExitOutcome | undefined> {
  const s = worktreeSession(ctx);
  if (s === undefined) return { kind: 'refused', text: NO_SESSION };
  if (input.action !== 'remove') return undefined;
  if (!s.owned) {
    const p = ctx.profile;
    return {
      kind: 'refused',
      text: `This session is not the owner of the worktree at ${q(p, s.path)} — it either entered a pre-existing worktree via EnterWorktree({path}) or resumed into a checkout whose liveness lock another running Claude Code session still holds — so this tool will not remove it. Use action: "keep" to return to ${q(p, s.originalCwd)}. If no other session is using it, remove it yourself with \`git worktree remove\`; while a live session's lock is present, git will refuse and name the owner.`,
    };
  }
  if (input.discard_changes === true) return undefined;
  const { files, commits } = await pending(ctx, s);
  if (files === 0 && commits === 0) return undefined;
  // Files and commits together: this wording is not recorded.
  const what = [
    ...(files > 0 ? [`${plural(files, 'uncommitted file')}`] : []),
    ...(commits > 0 ? [`${plural(commits, 'commit')} on ${q(ctx.profile, s.branch)}`] : []),
  ].join(' and ');
  return {
    kind: 'refused',
    text: `Worktree has ${what}. Removing will discard this work permanently. Confirm with the user, then re-invoke with discard_changes: true — or use action: "keep" to preserve the worktree.`,
  };
}

export async function exit(input: ExitInput, ctx: ToolContext): Promise<ExitOutcome> {
  const s = worktreeSession(ctx) as WorktreeSession;
  let discardedFiles = 0;
  let discardedCommits = 0;
  if (input.action === 'remove') {
    ({ files: discardedFiles, commits: discardedCommits } = await pending(ctx, s));
    const root = s.originalCwd;
    await git(ctx, root, `worktree remove --force ${sh(s.path)}`);
    await git(ctx, root, `branch -D ${sh(s.branch)}`);
  }
  ctx.conversation.state.delete(WORKTREE_KEY);
  ctx.conversation.cwd = s.originalCwd;
  return { kind: 'exited', action: input.action, session: s, discardedFiles, discardedCommits };
}

const STASH_NOTE =
  " - The git stash stack is shared with the main checkout and all other worktrees, and other Claude sessions may push or pop it concurrently. Never use bare `git stash` / `git stash pop` — you could pop another session's changes. Prefer a temporary WIP commit to set work aside; if you must stash, use `git stash push -u -m \"<unique-tag>\"`, immediately capture your entry's SHA via `git stash list --format='%H %gs'`, restore with `git stash apply <sha>` (not pop), and afterwards drop the entry, re-finding its current `stash@{n}` by tag first.";

const enteredUpdate = (to: string, from: string): Attachment => ({
  role: 'system',
  type: 'text',
  text: `# Environment update\n - Primary working directory: ${to} (was ${from})\n - This is a git worktree — an isolated copy of the repository. Run all commands from this directory. Do NOT \`cd\` to the original repository root.\n${STASH_NOTE}`,
});

const exitedUpdate = (to: string, from: string): Attachment => ({
  role: 'system',
  type: 'text',
  text: `# Environment update\n - Primary working directory: ${to} (was ${from})\n - The primary working directory is no longer a git worktree.`,
});

export function renderEnter(o: EnterOutcome, ctx: ToolContext): Rendered {
  if (o.kind === 'refused')
    return {
      content: `<tool_use_error>${o.text}</tool_use_error>`,
      is_error: true,
      structured: `Error: ${o.text}`,
    };
  // Failures of the call itself reach the model without the <tool_use_error> wrapper.
  if (o.kind === 'failed') return { content: o.text, is_error: true, structured: `Error: ${o.text}` };
  const { session: s } = o;
  const p = ctx.profile;
  const lead =
    o.how === 'Resumed'
      ? `Resumed worktree at ${q(p, s.path)} on branch ${q(p, s.branch)}. A worktree with this name already existed and was resumed as-is — it may carry an earlier session’s commits. Pass a different name if you wanted a fresh worktree.`
      : `${o.how} worktree at ${q(p, s.path)} on branch ${q(p, s.branch)}.`;
  const message = `${lead} ${WORKING}`;
  return {
    content: message,
    is_error: false,
    structured: { worktreePath: s.path, worktreeBranch: s.branch, message },
    attachments: texts(ctx.profile).noEnvironmentUpdate ? [] : [enteredUpdate(s.path, o.from)],
  };
}

export function renderExit(o: ExitOutcome, ctx: ToolContext): Rendered {
  if (o.kind === 'refused')
    return {
      content: `<tool_use_error>${o.text}</tool_use_error>`,
      is_error: true,
      structured: `Error: ${o.text}`,
    };
  const { session: s } = o;
  const p = ctx.profile;
  const discarded = [
    ...(o.discardedFiles > 0 ? [`${plural(o.discardedFiles, 'uncommitted file')}`] : []),
    ...(o.discardedCommits > 0 ? [plural(o.discardedCommits, 'commit')] : []),
  ];
  const message =
    o.action === 'keep'
      ? `Exited worktree. Your work is preserved at ${q(p, s.path)} on branch ${q(p, s.branch)}. Session is now back in ${q(p, s.originalCwd)}.`
      : `Exited and removed worktree at ${q(p, s.path)}.${discarded.length ? ` Discarded ${discarded.join(' and ')}.` : ''} Session is now back in ${q(p, s.originalCwd)}.`;
  const restored = texts(p).restoredCwdFields
    ? { restoredCwd: s.originalCwd, originalCwdMissing: false }
    : {};
  return {
    content: message,
    is_error: false,
    structured: {
      action: o.action,
      originalCwd: s.originalCwd,
      worktreePath: s.path,
      worktreeBranch: s.branch,
      ...(o.action === 'remove'
        ? { discardedFiles: o.discardedFiles, discardedCommits: o.discardedCommits }
        : {}),
      ...restored,
      message,
    },
    attachments: texts(p).noEnvironmentUpdate ? [] : [exitedUpdate(s.originalCwd, s.path)],
  };
}
