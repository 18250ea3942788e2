// The paths a Bash command reads and writes as Claude Code recognises them (file commands,
// extra writers, redirections), and the checks on them that do not depend on the stage order.
import type { Env } from './check';
import { firstUnsafeWrite } from './safety';
import * as msg from './messages';
import { resolvePath } from './paths';
import { denyOn } from './deny-match';
import type { Rule } from './rules';
import type { Word } from './shell/commands';
import { EXTRA_WRITERS, extraWrites, FILE_COMMANDS, fileArgs, gitWithoutGlobals } from './shell/commands';
import type { Unit } from './shell/analyze';

export const SAFE_DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/zero']);

export const OUTPUT_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

export interface PathUse {
  op: 'read' | 'write';
  path: string;
  /** The word had a glob: checked by its static base directory. */
  approximate: boolean;
  /** The absolute glob, when the word had one (for deny rules it might expand onto). */
  glob?: string;
  /** How a refusal of this path is worded. */
  blocked: () => string;
  /** A redirection target rather than an argument: a deny rule on it has its own wording. */
  redirect?: 'in' | 'out';
  /** The recognised file command that uses the path. */
  command?: string;
}

export function resolveWord(
  w: Word,
  cwd: string,
  home: string,
): { path: string; approximate: boolean; glob?: string } | null {
  if (w.value === null) return null;
  if (!w.glob) return { path: resolvePath(w.value, cwd, home), approximate: false };
  const glob = resolvePath(w.value, cwd, home);
  // A glob can only expand below its static directory prefix.
  const firstGlob = Math.min(
    ...['*', '?', '['].map((c) => (w.value?.includes(c) ? w.value.indexOf(c) : Infinity)),
  );
  const prefix = w.value.slice(0, firstGlob);
  const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) || '/' : '.';
  return { path: resolvePath(dir, cwd, home), approximate: true, glob };
}

/** Paths a unit reads or writes that Claude Code recognises, or 'dynamic' when one of them
 * cannot be known before the command runs. */
export function pathUses(
  env: Env,
  u: Unit,
  words: readonly Word[],
  cwd: string,
  skipDynamic = false,
): PathUse[] | 'dynamic' {
  const uses: PathUse[] = [];
  const dirs = env.dirs;
  const home = env.ctx.home;
  const name = words[0]?.value;
  const spec = name ? FILE_COMMANDS.get(name) : undefined;
  if (name && spec) {
    const fa = fileArgs(name, words.slice(1), true);
    if (fa) {
      if (name === 'cd' && fa.paths.length === 0) fa.paths.push({ value: home, text: '~', glob: false });
      for (const w of fa.paths) {
        const r = resolveWord(w, cwd, home);
        if (!r) {
          if (skipDynamic) continue;
          return 'dynamic';
        }
        const op =
          fa.op === 'read' || (fa.destination !== undefined && w !== fa.destination && name === 'cp')
            ? 'read'
            : 'write';
        uses.push({
          op,
          path: r.path,
          approximate: r.approximate,
          glob: r.glob,
          blocked: () => msg.fileCommandBlocked(name, r.path, spec.verb, dirs),
          command: name,
        });
        if (
          (fa.destination !== undefined && w !== fa.destination && name === 'mv') ||
          (name === 'sed' && op === 'write')
        ) {
          // mv removes the source and sed -i rewrites what it reads: a read of it too, for Read
          // deny rules (bashperm 0532, 0651: `sed -i … foo.txt` denied under Read(foo.txt)).
          uses.push({
            op: 'read',
            path: r.path,
            approximate: r.approximate,
            glob: r.glob,
            blocked: () => msg.fileCommandBlocked(name, r.path, spec.verb, dirs),
          });
        }
      }
    }
  }
  const extra = name ? extraWrites(name, words.slice(1)) : undefined;
  const extraVerb = name ? EXTRA_WRITERS.get(name)?.verb : undefined;
  for (const w of extra ?? []) {
    const r = resolveWord(w, cwd, home);
    if (!r) {
      if (skipDynamic) continue;
      return 'dynamic';
    }
    uses.push({
      op: 'write',
      path: r.path,
      approximate: r.approximate,
      glob: r.glob,
      blocked: () =>
        name && extraVerb ? msg.fileCommandBlocked(name, r.path, extraVerb, dirs) : msg.BASH_NEEDS_APPROVAL,
      ...(name && extraVerb ? { command: name } : {}),
    });
  }
  for (const rd of u.redirects) {
    if (!rd.target) continue;
    const v = rd.target.value;
    if ((rd.op === '>&' || rd.op === '<&') && v !== null && (/^\d+-?$/.test(v) || v === '-')) continue;
    const out = OUTPUT_OPS.has(rd.op) || rd.op === '>&';
    if (!out && rd.op !== '<' && rd.op !== '<&') continue;
    const r = resolveWord(rd.target, cwd, home);
    if (!r) {
      if (skipDynamic) continue;
      return 'dynamic';
    }
    if (SAFE_DEVICES.has(r.path)) continue;
    uses.push({
      op: out ? 'write' : 'read',
      path: r.path,
      approximate: r.approximate,
      glob: r.glob,
      blocked: () => (out ? msg.redirectionBlocked(r.path, dirs) : msg.inputRedirectionBlocked(r.path, dirs)),
      redirect: out ? 'out' : 'in',
    });
  }
  return uses;
}

/** A Read or Edit deny rule on a path the unit touches. Writes are also refused under a Read
 * deny, as the file tools do. */
export function pathDeny(env: Env, uses: readonly PathUse[]): { rule: Rule; use: PathUse } | undefined {
  for (const u of uses) {
    // A glob is not expanded for deny rules: `cat f*.txt` runs past `Read(./foo.txt)`.
    if (u.glob) continue;
    const target = u.path;
    if (u.op === 'read') {
      const rule = denyOn(env, ['Read', 'Glob', 'Grep'], target);
      if (rule) return { rule, use: u };
      continue;
    }
    // An Edit deny rule covering the written path refuses the command in every mode, before
    // the working-directory check would ask (bashperm 0684: `touch foo.txt` under
    // Edit(./foo.txt) in default mode; 0375, 0471 for redirections). A Read deny rule does not
    // cover writes in Bash (0459: `echo hi > foo.txt` under Read(foo.txt) is only blocked).
    const rule = denyOn(env, ['Edit', 'Write', 'NotebookEdit', 'MultiEdit'], target);
    if (rule) return { rule, use: u };
  }
  return undefined;
}

export interface Walk {
  /** Where relative paths of the next part resolve (moved by `cd` in the command list). */
  cwd: string;
  /** A `cd` left the working directories (or went somewhere unknown). */
  cwdUnknown: boolean;
  /** Every directory a relative path may resolve from, for deny rules: the start and each
   * `cd` target anywhere in the command (subshells included). */
  denyCwds: string[];
  /** A `cd` to a directory only known at run time: relative paths can be anywhere. */
  cwdLost: boolean;
  /** Top-level pipe segments that set a variable outside the safe list on their own (`F=x;`,
   * a for loop's variable): Claude Code then approves no part of that segment as read-only,
   * since the variable may change what a command does. Each segment of a pipeline is judged
   * as a command of its own (`F=x; cat a | cat && ls` asks about `F=x; cat a` only: bare
   * probe, both versions). */
  bareAssignment: ReadonlySet<number>;
  /** The command line as written: exact allow rules compare with each command's own text in it,
   * spaces and quotes as written (`Bash(touch  z.txt)` runs `touch  z.txt`, also after `&&`,
   * but not `touch z.txt`; `Bash(npm test)` runs `npm test ` but not `npm  test`;
   * `Bash(touch "x y.txt")` not `touch 'x y.txt'`: exact-rule probes, both versions). */
  line: string;
}

/** What `git diff` and `git grep` name after the subcommand is read for Read deny rules (every
 * word not an option: `git diff HEAD foo.txt`, `git -C . diff foo.txt`, `git grep TOP foo.txt`
 * are denied under Read(./foo.txt); log, show, blame, cat-file, add, … are not: H probe, both
 * versions). Deny rules only: nothing else of the check looks at them. */
export function gitReadUses(env: Env, words: readonly Word[], cwd: string): PathUse[] {
  const git = words[0]?.value === 'git' ? (gitWithoutGlobals(words) ?? words) : undefined;
  if (!git || !env.behaviour.gitReadPaths.includes(git[1]?.value ?? '')) return [];
  return git.slice(2).flatMap((w) => {
    if (w.value === null || w.value.startsWith('-')) return [];
    const r = resolveWord(w, cwd, env.ctx.home);
    return r
      ? [
          {
            op: 'read' as const,
            path: r.path,
            approximate: r.approximate,
            glob: r.glob,
            blocked: () => msg.BASH_NEEDS_APPROVAL,
          },
        ]
      : [];
  });
}

/** The path uses whose paths are known before the command runs, from every directory the
 * command may be in (none once a cd went somewhere unknown). */
export function knownUses(env: Env, u: Unit, words: readonly Word[], walk: Walk): PathUse[] {
  if (walk.cwdLost) return [];
  return walk.denyCwds.flatMap((cwd) => {
    const uses = pathUses(env, u, words, cwd, true);
    return uses === 'dynamic' ? [] : uses;
  });
}

/** Path uses for deny rules: resolved from every directory the command may be in. */
export function denyUses(env: Env, u: Unit, words: readonly Word[], walk: Walk): PathUse[] | 'dynamic' {
  const all: PathUse[] = [];
  for (const cwd of walk.denyCwds) {
    const uses = pathUses(env, u, words, cwd);
    if (uses === 'dynamic') return uses;
    all.push(...uses, ...gitReadUses(env, words, cwd));
  }
  const relative = (w: Word) => w.value !== null && !w.value.startsWith('/') && !w.value.startsWith('~');
  if (
    walk.cwdLost &&
    all.length > 0 &&
    [...words.slice(1), ...u.redirects.flatMap((r) => (r.target ? [r.target] : []))].some(relative)
  ) {
    return 'dynamic';
  }
  return all;
}

export const orderedUses = (uses: readonly PathUse[]): PathUse[] => [
  ...uses.filter((x) => x.redirect === 'out'),
  ...uses.filter((x) => x.redirect !== 'out'),
];

/** cp and mv need write access to every path they name. */
export const writesPath = (use: PathUse): boolean =>
  use.op === 'write' || (!use.redirect && (use.command === 'cp' || use.command === 'mv'));

/** The write safety check on what a recognised file command (tee included) or an output
 * redirection writes; cp's and mv's sources count too (`cp .git/config b.txt` asks about
 * .git/config). ln, chmod, truncate, dd and the like are not looked at (they get the generic
 * prompt). */
export function unsafeWrite(env: Env, uses: readonly PathUse[]) {
  const written = orderedUses(uses).filter((x) => writesPath(x) && (x.command || x.redirect === 'out'));
  return firstUnsafeWrite(
    written.map((x) => x.path),
    env.ctx.cwd,
    env.behaviour.sensitivePaths,
  );
}

/** `..` after a real directory segment (`sub/..`), not a leading `../`. */
export const DOTDOT = /(^|\/)(?!\.\.?\/)[^/]+\/\.\.(\/|$)/;
