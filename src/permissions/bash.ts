// Bash permission check. The command line is parsed with just-bash's parser and every simple
// command it runs is checked on its own: deny rules (prefix, exact, wildcard; after env
// assignments and wrappers such as timeout or xargs), path rules for recognised file commands
// and redirections, ask rules, allow rules, the working directories, the built-in read-only
// set. 2.1.273's known misses (`/bin/rm`, `bash -c`) are reproduced and flagged as knownGap.
import type { Check, Env } from './check';
import { flags, modeRef, ruleRef } from './check';
import { readPathAllowed, writePathAllowed, writePathReason } from './files';
import { firstUnsafeWrite } from './safety';
import * as msg from './messages';
import { Bounded } from './cache';
import { inWorkingDirs, resolvePath } from './paths';
import { denyBelow, denyOn, READ_TOOLS } from './deny-match';
import type { Rule } from './rules';
import type { Word } from './shell/commands';
import {
  EXTRA_WRITERS,
  extraWrites,
  FILE_COMMANDS,
  fileArgs,
  gitWithoutGlobals,
  isReadOnlyCommand,
  stripAllowWrapper,
  stripWrapper,
  UNCHECKED_WRITERS,
} from './shell/commands';
import type { Analysis, Unit } from './shell/analyze';
import { analyze } from './shell/analyze';
import { parseCommand } from './shell/parse';
import { assignedValues, gateReason } from './shell/gate';
import type { GateReason } from './shell/gate';
import type { SubcommandDecision } from './types';

export const MAX_COMMAND_LENGTH = 10_000;

const wildcard = new Bounded<string, RegExp>(512);

/** Does a Bash rule specifier cover this command text? `x:*` is a prefix rule (word
 * boundary), `*` is a wildcard (a trailing ` *` also matches the bare command), anything
 * else must match exactly. */
export function bashSpecifierMatches(spec: string, text: string): boolean {
  if (spec.endsWith(':*')) {
    const prefix = spec.slice(0, -2);
    return text === prefix || text.startsWith(prefix + ' ');
  }
  if (!spec.includes('*')) return text === spec;
  return wildcard.get(spec, wildcardRegExp).test(text);
}

/** `Bash(echo *)`: `*` is any text, `\*` a literal star; a trailing ` *` may match nothing. */
function wildcardRegExp(spec: string): RegExp {
  let src = '';
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i] as string;
    if (c === '\\' && spec[i + 1] === '*') {
      src += '\\*';
      i++;
    } else if (c === '*') src += '.*';
    else src += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  if (src.endsWith(' .*')) src = `${src.slice(0, -3)}( .*)?`;
  return new RegExp(`^${src}$`, 's');
}

const textOf = (words: readonly Word[]) => words.map((w) => w.text).join(' ');
const valuesOf = (words: readonly Word[]) =>
  words.every((w) => w.value !== null) ? words.map((w) => w.value).join(' ') : undefined;

/** Word lists a deny or ask rule is matched against: as written, without env assignments,
 * and with each wrapper peeled off in turn. git's global options are not taken out
 * (`git -C sub status` runs past `Bash(git status:*)` on both versions, rules probe). */
function denyForms(u: Unit): Word[][] {
  const forms: Word[][] = [];
  if (u.assignments.length > 0)
    forms.push([
      ...u.assignments.map((a): Word => ({ value: a.text, text: a.text, glob: false })),
      ...u.words,
    ]);
  let cur: Word[] | undefined = u.words;
  for (let guard = 0; cur && cur.length > 0 && guard < 16; guard++) {
    forms.push(cur);
    cur = stripWrapper(cur, false);
  }
  return forms;
}

/** Allow rules match the command as written (quotes removed too: `'chmod' 644 a.txt` is
 * `chmod 644 a.txt`), or with each wrapper an allow rule looks through removed (nice, nohup,
 * timeout, stdbuf, time, command, builtin, a bare xargs: allow-rule probes, both versions);
 * an env assignment in front keeps an allow rule from matching. */
function allowForms(u: Unit): Word[][] {
  if (u.assignments.length > 0) return [];
  const forms: Word[][] = [];
  let cur: Word[] | undefined = u.words;
  for (let guard = 0; cur && cur.length > 0 && guard < 16; guard++) {
    forms.push(cur);
    cur = stripAllowWrapper(cur);
  }
  return forms;
}

/** A plain command's own text in the line, spaces as written (its words in order with any
 * blanks between them), for exact allow rules; undefined when it has assignments or
 * redirections, or its words are not found. */
function asWritten(u: Unit, line: string): string | undefined {
  if (u.assignments.length > 0 || u.redirects.length > 0 || u.words.length === 0) return undefined;
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(u.words.map((w) => esc(w.text)).join('[ \\t]+')).exec(line)?.[0];
}

/** The text as written, and with the command name's quotes removed (`'chmod' 644 a.txt` is
 * `chmod 644 a.txt` to an exact rule; an argument's quotes stay). */
function unquotedHead(u: Unit, raw: string): string[] {
  const head = u.words[0];
  if (!head || head.value === null || head.value === head.text || !raw.startsWith(head.text)) return [raw];
  return [raw, head.value + raw.slice(head.text.length)];
}

/** One transparent wrapper (per version) taken off, or undefined. */
function stripTransparent(env: Env, words: Word[]): Word[] | undefined {
  const name = words[0]?.value;
  // timeout keeps a command read-only only with a bare duration (`timeout --foreground 5 cat
  // a.txt` needs approval on 2.1.332: wrapper probes).
  if (name === 'timeout' && words[1]?.value?.startsWith('-')) return undefined;
  return name && env.behaviour.transparentWrappers.includes(name) ? stripWrapper(words, false) : undefined;
}

function ruleFor(
  env: Env,
  behavior: 'allow' | 'deny' | 'ask',
  texts: readonly string[],
  wildcardOnly = false,
): Rule | undefined {
  for (const r of env.rules) {
    if (r.tool !== 'Bash' || r.behavior !== behavior || r.content === undefined) continue;
    const spec = r.content;
    if (wildcardOnly && !spec.includes('*')) continue;
    if (texts.some((t) => bashSpecifierMatches(spec, t))) return r;
  }
  return undefined;
}

const formTexts = (forms: readonly Word[][], withValues: boolean): string[] => {
  const out: string[] = [];
  for (const f of forms) {
    out.push(textOf(f));
    const v = withValues ? valuesOf(f) : undefined;
    if (v !== undefined && v !== out[out.length - 1]) out.push(v);
  }
  return out;
};

/** Allow rules see each form as written, and with the command name's quotes removed
 * (`'chmod' 644 a.txt`, `ch\mod 644 a.txt` are `chmod 644 a.txt`); an argument's quotes stay
 * (`chmod '644' a.txt` is not: allow-rule probes, both versions). */
const allowTexts = (forms: readonly Word[][]): string[] =>
  forms.flatMap((f) => {
    const head = f[0];
    const text = textOf(f);
    if (!head || head.value === null || head.value === head.text) return [text];
    return [text, textOf([{ ...head, text: head.value }, ...f.slice(1)])];
  });

const withBasename = (words: Word[]): Word[] => {
  const head = words[0]?.value;
  if (!head?.includes('/')) return words;
  const base = head.slice(head.lastIndexOf('/') + 1);
  return base ? [{ value: base, text: base, glob: false }, ...words.slice(1)] : words;
};

/** The strict reading: every command name reduced to its basename (`/bin/rm`,
 * `/usr/bin/env rm`) before wrappers are peeled off. */
function strictForms(u: Unit): Word[][] {
  const forms: Word[][] = [];
  let cur: Word[] | undefined = u.words;
  for (let guard = 0; cur && cur.length > 0 && guard < 16; guard++) {
    const base = withBasename(cur);
    forms.push(base);
    cur = stripWrapper(base, false);
  }
  return forms;
}

type Verdict = 'deny' | 'shell-deny' | 'ask-rule' | 'allow' | 'blocked' | 'approval';

interface UnitResult {
  unit: Unit;
  verdict: Verdict;
  /** The path use a path deny rule hit. */
  use?: PathUse;
  reason: string;
  rule?: Rule;
  message?: string;
  gap?: string;
  /** The verdict on the command without its output redirections: a pipe segment is judged so,
   * and its redirections only once every segment is approved. */
  segmentVerdict?: Verdict;
  /** Refused by the write safety check, which no allow rule lifts. */
  safety?: boolean;
  /** Refused for where its output redirection writes. */
  redirectBlocked?: boolean;
}

/** The command's name and arguments once safe wrappers are gone (what read-only and file
 * command checks look at). */
function effectiveWords(env: Env, u: Unit): Word[] {
  let cur: Word[] = u.words;
  for (let guard = 0; guard < 16; guard++) {
    const next = stripTransparent(env, cur);
    if (!next) break;
    cur = next;
  }
  return cur;
}

const SAFE_DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/zero']);
const OUTPUT_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

interface PathUse {
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

function resolveWord(
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
function pathUses(
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
    if (OUTPUT_OPS.has(rd.op) || rd.op === '>&') {
      const r = resolveWord(rd.target, cwd, home);
      if (!r) {
        if (skipDynamic) continue;
        return 'dynamic';
      }
      if (SAFE_DEVICES.has(r.path)) continue;
      uses.push({
        op: 'write',
        path: r.path,
        approximate: r.approximate,
        glob: r.glob,
        blocked: () => msg.redirectionBlocked(r.path, dirs),
        redirect: 'out',
      });
    } else if (rd.op === '<' || rd.op === '<&') {
      const r = resolveWord(rd.target, cwd, home);
      if (!r) {
        if (skipDynamic) continue;
        return 'dynamic';
      }
      if (SAFE_DEVICES.has(r.path)) continue;
      uses.push({
        op: 'read',
        path: r.path,
        approximate: r.approximate,
        glob: r.glob,
        blocked: () => msg.inputRedirectionBlocked(r.path, dirs),
        redirect: 'in',
      });
    }
  }
  return uses;
}

/** A Read or Edit deny rule on a path the unit touches. Writes are also refused under a Read
 * deny, as the file tools do. */
function pathDeny(env: Env, uses: readonly PathUse[]): { rule: Rule; use: PathUse } | undefined {
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

/** Interpreters and the options that take inline code. */
const INLINE_CODE: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    python: ['-c'],
    python3: ['-c'],
    node: ['-e', '-p', '--eval', '--print'],
    deno: ['eval'],
    bun: ['-e', '--eval'],
    ruby: ['-e'],
    perl: ['-e', '-E'],
    php: ['-r'],
  }),
);

/** Inline interpreter code that names a path a deny rule covers: Claude Code does not analyse
 * what an interpreter opens (documented, and recorded in perm-deny-read-bash-python), so the
 * call runs; the UI is told. */
function interpreterGap(env: Env, u: Unit, words: readonly Word[], cwd: string): string | undefined {
  const name = words[0]?.value;
  const flags = name ? INLINE_CODE.get(name) : undefined;
  if (!name || !flags) return undefined;
  const at = words.findIndex((w) => w.value !== null && flags.includes(w.value));
  const code = at === -1 ? null : (words[at + 1]?.value ?? null);
  if (code === null) return undefined;
  for (const token of code.split(/[^\w./~-]+/)) {
    if (!token || !/[\w]/.test(token)) continue;
    const path = resolvePath(token, cwd, env.ctx.home);
    const rule =
      denyOn(env, ['Read', 'Glob', 'Grep'], path) ??
      denyOn(env, ['Edit', 'Write', 'NotebookEdit', 'MultiEdit'], path);
    if (rule) {
      return `\`${u.display}\` names ${token}, which ${rule.text} covers, but Claude Code does not check what an interpreter opens itself (the recordings run it).`;
    }
  }
  return undefined;
}

/** A Bash deny rule that names the git subcommand a unit runs behind git's global options
 * (`git -C sub push` past `Bash(git push:*)`): the rule is matched against the words as
 * written, so it does not apply. */
function gitGlobalsGap(env: Env, u: Unit): string | undefined {
  const forms = denyForms(u)
    .map(gitWithoutGlobals)
    .filter((f): f is Word[] => f !== undefined);
  const rule = forms.length > 0 ? ruleFor(env, 'deny', formTexts(forms, true)) : undefined;
  return rule
    ? `\`${u.display}\` runs a git subcommand that ${rule.text} denies, but git's global options come before it and Claude Code matches Bash rules against the words as written, so the rule does not apply.`
    : undefined;
}

const denyUnder = (env: Env, dir: string): Rule | undefined => denyBelow(env, READ_TOOLS, dir);

const RECURSIVE_SEARCH = new Set(['grep', 'egrep', 'fgrep', 'rg']);

/** Commands that read files a deny rule covers without naming them: a recursive search over a
 * folder holding one, `git show <rev>:<file>`. Claude Code checks the folder or the revision,
 * not the files, so they run. */
function hiddenReadGap(env: Env, u: Unit, words: readonly Word[], cwd: string): string | undefined {
  const name = words[0]?.value;
  if (!name) return undefined;
  const args = words.slice(1).map((w) => w.value);
  if (
    RECURSIVE_SEARCH.has(name) &&
    (name === 'rg' || args.some((a) => a !== null && /^-[a-zA-Z]*[rR]/.test(a)))
  ) {
    const operands = args.filter((a): a is string => a !== null && !a.startsWith('-'));
    const roots = operands.length > 1 ? operands.slice(1) : ['.'];
    for (const root of roots) {
      const rule = denyUnder(env, resolvePath(root, cwd, env.ctx.home));
      if (rule)
        return `\`${u.display}\` searches ${root} recursively, which holds files ${rule.text} denies; Claude Code checks the folder it is given, not the files the search opens, so it runs.`;
    }
  }
  if (name === 'git' && (args[0] === 'show' || args[0] === 'cat-file')) {
    for (const a of args.slice(1)) {
      const m = a?.match(/^[^:-][^:]*:(.+)$/);
      if (!m) continue;
      const rule = denyUnder(env, resolvePath(m[1] as string, cwd, env.ctx.home));
      if (rule)
        return `\`${u.display}\` prints ${m[1]} from a commit, which ${rule.text} denies on disk; Claude Code does not treat a revision's file as a path, so it runs.`;
    }
  }
  return undefined;
}

/** A glob that can expand onto a file a deny rule covers: the binary does not expand it. */
function globGap(env: Env, u: Unit, uses: PathUse[] | 'dynamic'): string | undefined {
  if (uses === 'dynamic') return undefined;
  for (const x of uses) {
    if (!x.glob) continue;
    const rule =
      x.op === 'read'
        ? denyOn(env, ['Read', 'Glob', 'Grep'], x.glob)
        : denyOn(env, ['Edit', 'Write', 'NotebookEdit', 'MultiEdit'], x.glob);
    if (rule)
      return `\`${u.display}\` has a glob that can expand to a file ${rule.text} covers; Claude Code does not expand globs for deny rules, so the command is judged without it.`;
  }
  return undefined;
}

/** A write Claude Code does not check against Edit deny rules (`chmod 600 foo.txt` runs past
 * Edit(./foo.txt)): reported, not refused. */
function uncheckedWriteGap(env: Env, u: Unit, words: readonly Word[], cwd: string): string | undefined {
  const name = words[0]?.value;
  if (!name || !UNCHECKED_WRITERS.has(name)) return undefined;
  for (const w of words.slice(1)) {
    const v = w.value?.startsWith('of=') ? w.value.slice(3) : w.value;
    if (!v || v.startsWith('-')) continue;
    const rule = denyOn(
      env,
      ['Edit', 'Write', 'NotebookEdit', 'MultiEdit'],
      resolvePath(v, cwd, env.ctx.home),
    );
    if (rule)
      return `\`${u.display}\` writes ${v}, which ${rule.text} denies, but Claude Code does not check ${name}'s paths against deny rules, so it runs.`;
  }
  return undefined;
}

/** What 2.1.332 looks for inside a shell -c script. */
const REMOVALS = new Set(['rm', 'rmdir']);

/** Commands acceptEdits runs without a prompt when their paths are inside the working dirs. */
const ACCEPT_EDITS_COMMANDS = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed']);

interface Walk {
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

/** Whether the line's bare assignments keep every part from being read-only: a name outside
 * the profile's safe list does while the shell's environment is unknown (no Bash command let
 * through yet in the session), and once it is known when the environment has the name. */
function bareAssignmentBlocks(
  env: Env,
  names: readonly { name: string; segment: number }[],
  shellEnv: readonly string[] | undefined,
): Set<number> {
  const table = env.behaviour.bareAssignments;
  const known = new Set([...(shellEnv ?? []), ...table.shellNames]);
  return new Set(
    names
      .filter(({ name }) => !table.safe.has(name) && (!env.ctx.shellStarted || known.has(name)))
      .map((n) => n.segment),
  );
}

/** The text of an assignment Claude Code refuses by the variable's name (bare: a variable that
 * changes how later commands are found or run; bare or prefix: an integer variable). */
function assignmentRefusal(env: Env, analysis: Analysis): string | undefined {
  const table = env.behaviour.bareAssignments;
  for (const u of analysis.units) {
    const bare = u.words.length === 0;
    for (const { name } of u.assignments) {
      if (name === 'IFS') return msg.IFS_ASSIGNMENT;
      if (table.integer.has(name)) return msg.integerAssignment(name, bare);
      if (bare && table.altersLookup.has(name)) return msg.altersLookup(name);
    }
  }
  return undefined;
}

const AFTER_CD_OUT = 'follows a cd out of the working directories';

function checkUnit(env: Env, u: Unit, walk: Walk): UnitResult {
  const result = judgeUnit(env, u, walk);
  const inputs = u.redirects.filter((r) => !OUTPUT_OPS.has(r.op) && r.op !== '>&');
  if (inputs.length < u.redirects.length && result.verdict !== 'allow' && result.verdict !== 'deny')
    result.segmentVerdict = judgeUnit(env, { ...u, redirects: inputs }, walk).verdict;
  const words = effectiveWords(env, u);
  const name = words[0]?.value;
  if (name === 'cd' || name === 'pushd') {
    const arg = words.slice(1).find((w) => w.value === null || !/^[-+]/.test(w.value));
    const resolved = arg ? resolveWord(arg, walk.cwd, env.ctx.home) : { path: env.ctx.home };
    const target = resolved ? resolved.path : null;
    if (target === null) walk.cwdLost = true;
    else if (!walk.denyCwds.includes(target)) walk.denyCwds.push(target);
    if (u.origin === 'list' && name === 'cd') {
      if (target === null || !inWorkingDirs(target, env.dirs)) walk.cwdUnknown = true;
      else walk.cwd = target;
    }
  }
  return result;
}

/** What `git diff` and `git grep` name after the subcommand is read for Read deny rules (every
 * word not an option: `git diff HEAD foo.txt`, `git -C . diff foo.txt`, `git grep TOP foo.txt`
 * are denied under Read(./foo.txt); log, show, blame, cat-file, add, … are not: H probe, both
 * versions). Deny rules only: nothing else of the check looks at them. */
function gitReadUses(env: Env, words: readonly Word[], cwd: string): PathUse[] {
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
function knownUses(env: Env, u: Unit, words: readonly Word[], walk: Walk): PathUse[] {
  if (walk.cwdLost) return [];
  return walk.denyCwds.flatMap((cwd) => {
    const uses = pathUses(env, u, words, cwd, true);
    return uses === 'dynamic' ? [] : uses;
  });
}

/** Path uses for deny rules: resolved from every directory the command may be in. */
function denyUses(env: Env, u: Unit, words: readonly Word[], walk: Walk): PathUse[] | 'dynamic' {
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

/** The command once every wrapper is gone: what path checks look at (`timeout 5 mkdir d` is
 * refused as mkdir, `env cat .env` as a read of .env), though only transparent wrappers keep a
 * command read-only. */
function strippedWords(u: Unit, forDeny = true): Word[] {
  let cur: Word[] = u.words;
  for (let guard = 0; guard < 16; guard++) {
    if (!forDeny && OPAQUE_TO_PATHS.has(cur[0]?.value ?? '')) break;
    const next = stripWrapper(cur, false);
    if (!next || next[0]?.value === 'xargs') break;
    cur = next;
  }
  return cur;
}

/** Wrappers the working-directory check does not look behind: `sudo touch a.txt`,
 * `doas touch a.txt` need approval as commands, not as a write of a.txt, while `env touch
 * a.txt` and `stdbuf --output=0 touch a.txt` are judged as touch (wrapper probes, both
 * versions). Deny rules still look behind them. */
const OPAQUE_TO_PATHS = new Set(['sudo', 'doas', 'unbuffer', 'caffeinate']);

const orderedUses = (uses: readonly PathUse[]): PathUse[] => [
  ...uses.filter((x) => x.redirect === 'out'),
  ...uses.filter((x) => x.redirect !== 'out'),
];

/** cp and mv need write access to every path they name. */
const writesPath = (use: PathUse): boolean =>
  use.op === 'write' || (!use.redirect && (use.command === 'cp' || use.command === 'mv'));

/** The write safety check on what a recognised file command (tee included) or an output
 * redirection writes; cp's and mv's sources count too (`cp .git/config b.txt` asks about
 * .git/config). ln, chmod, truncate, dd and the like are not looked at (they get the generic
 * prompt). */
function unsafeWrite(env: Env, uses: readonly PathUse[]) {
  const written = orderedUses(uses).filter((x) => writesPath(x) && (x.command || x.redirect === 'out'));
  return firstUnsafeWrite(
    written.map((x) => x.path),
    env.ctx.cwd,
    env.behaviour.sensitivePaths,
  );
}

/** The refusal of a path the session may not touch without asking: an output redirection or a
 * file command, worded per version; the filesystem root is a part needing approval. */
function pathRefusal(env: Env, u: Unit, use: PathUse, gap: string | undefined): UnitResult {
  const asWrite = writesPath(use);
  const subject =
    use.redirect === 'out'
      ? `Output redirection to '${use.path}'`
      : use.command
        ? `${use.command} in '${use.path}'`
        : undefined;
  const text =
    env.behaviour.insideFileCommandWording === 'needs-approval' && asWrite && subject
      ? msg.writeNeedsApproval(subject, inWorkingDirs(use.path, env.dirs), env.dirs)
      : use.blocked();
  // The filesystem root is not reported as a blocked path: 2.1.273 lists `cd /` and `ls -d /`
  // as parts needing approval (perm-default-bash-cd-outside), while other directories outside
  // get the "was blocked" text (seen in public session traces).
  if (text === msg.BASH_NEEDS_APPROVAL || use.path === '/')
    return {
      unit: u,
      verdict: 'approval',
      reason: `${use.op === 'read' ? 'reads' : 'writes'} ${use.path}, which needs approval`,
      gap,
    };
  return {
    unit: u,
    verdict: 'blocked',
    message: text,
    reason: `${use.op === 'read' ? 'reads' : 'writes'} ${use.path}, which ${env.mode} mode does not allow without asking`,
    gap,
    ...(use.redirect === 'out' ? { redirectBlocked: true } : {}),
  };
}

function judgeUnit(env: Env, u: Unit, walk: Walk): UnitResult {
  const forms = denyForms(u);
  const texts = formTexts(forms, true);
  const words = effectiveWords(env, u);
  const name = words[0]?.value ?? null;
  const pathWords = strippedWords(u);
  const uses = pathUses(env, u, strippedWords(u, false), walk.cwd);
  const forDeny = denyUses(env, u, pathWords, walk);
  const strictDeny = ruleFor(env, 'deny', formTexts(strictForms(u), true));
  let strictGap: string | undefined;

  const onlyBraced = [...u.words, ...u.redirects.flatMap((r) => (r.target ? [r.target] : []))].every(
    (w) => w.value !== null || w.braced,
  );
  if (
    forDeny === 'dynamic' &&
    !(onlyBraced && !walk.cwdLost) &&
    !u.strictOnly &&
    env.rules.some(
      (r) => r.behavior === 'deny' && r.content !== undefined && r.tool !== 'Bash' && r.tool !== 'WebFetch',
    )
  ) {
    strictGap = `\`${u.display}\` uses a path that is only known when it runs, so path deny rules cannot be checked; Claude Code does not check them either.`;
  }
  if (!u.strictOnly) {
    const deny = ruleFor(env, 'deny', texts);
    if (deny) return { unit: u, verdict: 'deny', rule: deny, reason: `${deny.text} denies ${u.display}` };
    // A path only known at run time does not keep the others from being checked (pd1 probe:
    // `cat a.txt > ~root/x` under Read(./a.txt) is denied).
    const known = forDeny === 'dynamic' ? knownUses(env, u, pathWords, walk) : forDeny;
    // A cd's target is checked as a read only where the working directories are (not in
    // bypassPermissions: bashperm 0039 runs `cd sub && cd .. && mkdir newdir` under Read(./**)).
    if (env.mode !== 'bypassPermissions' || pathWords[0]?.value !== 'cd') {
      const pd = pathDeny(env, known);
      if (pd) {
        return {
          unit: u,
          verdict: 'deny',
          rule: pd.rule,
          use: pd.use,
          reason: `${pd.rule.text} covers ${pd.use.path}, which ${u.display || 'the command'} ${pd.use.op === 'read' ? 'reads' : 'writes'}`,
        };
      }
    }
  }
  let gap: string | undefined =
    strictGap ??
    interpreterGap(env, u, words, walk.cwd) ??
    globGap(env, u, forDeny) ??
    hiddenReadGap(env, u, pathWords, walk.cwd) ??
    uncheckedWriteGap(env, u, pathWords, walk.cwd);
  if (u.strictOnly) {
    // 2.1.332 looks inside the script for removals only: an rm or rmdir (behind wrappers, by
    // basename) that a Bash deny rule names or whose path an Edit deny rule covers prompts
    // with a text of its own, in every mode; any other command there, and every command on
    // 2.1.273, is not looked at (shell -c probes sc1-sc5 on 2.1.332, bashperm 0398, 0779).
    const deny = ruleFor(env, 'deny', texts) ?? strictDeny;
    const named = withBasename(pathWords);
    const removal = REMOVALS.has(named[0]?.value ?? '');
    const inScript = pathUses(env, u, named, walk.cwd);
    const pathRule = inScript === 'dynamic' ? undefined : pathDeny(env, inScript)?.rule;
    const rule = env.behaviour.shellScriptRules && removal ? (deny ?? pathRule) : undefined;
    if (rule)
      return {
        unit: u,
        verdict: 'shell-deny',
        rule,
        reason: `${rule.text} denies ${u.display} inside a shell -c script`,
      };
    const missed = deny ?? pathRule;
    if (missed)
      gap = env.behaviour.shellScriptRules
        ? `Claude Code looks inside a shell -c script only for rm and rmdir, so ${missed.text} does not stop \`${u.display}\` there.`
        : `This release does not look inside shell -c scripts, so ${missed.text} does not stop \`${u.display}\` there.`;
    // What is decided comes from the outer `bash -c` unit; this one only reports the gap.
    return {
      unit: u,
      verdict: 'allow',
      reason: 'inside a shell -c script, which is not analysed',
      gap,
    };
  }
  if (
    !strictDeny &&
    forms.some((f) => f[0]?.value === null) &&
    env.rules.some((r) => r.tool === 'Bash' && r.behavior === 'deny' && r.content !== undefined)
  ) {
    gap = `The command name in \`${u.display}\` is only known when it runs, so Bash deny rules cannot be checked; Claude Code does not check them either.`;
  }
  const gitRule = gap ? undefined : gitGlobalsGap(env, u);
  if (gitRule) gap = gitRule;
  if (u.shadow)
    return {
      unit: u,
      verdict: 'allow',
      reason: 'a brace-expansion alternative (checked against deny rules only)',
    };
  if (strictDeny && env.behaviour.basenameCommandNames) {
    return { unit: u, verdict: 'deny', rule: strictDeny, reason: `${strictDeny.text} denies ${u.display}` };
  }
  if (strictDeny)
    gap = `This release matches Bash rules against the command as written, so ${strictDeny.text} does not stop \`${u.display}\` (releases that match the command's basename deny it).`;

  const ask = ruleFor(env, 'ask', texts);
  if (ask)
    return { unit: u, verdict: 'ask-rule', rule: ask, reason: `${ask.text} asks before ${u.display}`, gap };
  // The write safety check (safety.ts) comes before allow rules and the working directories;
  // only bypassPermissions writes past it.
  const unsafe = env.mode === 'bypassPermissions' || uses === 'dynamic' ? undefined : unsafeWrite(env, uses);
  if (unsafe)
    return { unit: u, verdict: 'blocked', message: unsafe.message, reason: unsafe.reason, gap, safety: true };
  // What xargs runs gets more arguments: only a prefix or wildcard rule covers it
  // (`xargs chmod 644 a.txt < list` needs approval under Bash(chmod 644 a.txt)).
  const allowed = allowForms(u);
  const afterXargs = allowed.findIndex((_, i) => i > 0 && allowed[i - 1]?.[0]?.value === 'xargs');
  const raw = afterXargs < 0 && u.origin === 'list' ? asWritten(u, walk.line) : undefined;
  const allow =
    raw !== undefined
      ? (ruleFor(env, 'allow', allowTexts(allowed), true) ??
        ruleFor(env, 'allow', unquotedHead(u, raw)) ??
        ruleFor(env, 'allow', allowTexts(allowed.slice(1))))
      : afterXargs < 0
        ? ruleFor(env, 'allow', allowTexts(allowed))
        : (ruleFor(env, 'allow', allowTexts(allowed.slice(0, afterXargs))) ??
          ruleFor(env, 'allow', allowTexts(allowed.slice(afterXargs)), true));
  if (allow) {
    // An allow rule stands in for acceptEdits, not for the working directories: a path it names
    // outside them is refused as without the rule (`Bash(touch:*)` runs `touch a.txt` but not
    // `touch /tmp/y`, `cp /etc/hostname a2.txt` or `touch ~/x`: allow-rule probes, both versions).
    const outside =
      env.mode === 'bypassPermissions' || uses === 'dynamic'
        ? undefined
        : orderedUses(uses).find((use) =>
            writesPath(use) ? !inWorkingDirs(use.path, env.dirs) : !readPathAllowed(env, use.path),
          );
    if (outside) return pathRefusal(env, u, outside, gap);
    // Nor for where the output goes: a file redirect needs its write approved on its own
    // (acceptEdits, an Edit allow rule), even under `Bash(echo hi > out.txt)`; only `Bash(*)`
    // approves it (difftest probe-ar-*, both versions).
    const redirected =
      allow.content === '*' || env.mode === 'bypassPermissions' || uses === 'dynamic'
        ? undefined
        : orderedUses(uses).find(
            (use) => use.redirect === 'out' && writesPath(use) && !writePathAllowed(env, use.path),
          );
    if (redirected) return pathRefusal(env, u, redirected, gap);
    return { unit: u, verdict: 'allow', rule: allow, reason: `allowed by ${allow.text}`, gap };
  }

  if (env.mode === 'bypassPermissions')
    return { unit: u, verdict: 'allow', reason: 'bypassPermissions mode runs it', gap };

  const isCd = name === 'cd' && u.origin === 'list';
  if (walk.cwdUnknown) return { unit: u, verdict: 'approval', reason: AFTER_CD_OUT, gap };
  if (uses === 'dynamic') {
    return { unit: u, verdict: 'approval', reason: 'a path it uses is only known when it runs', gap };
  }
  if (isCd && (uses[0]?.path ?? env.ctx.home) === '/') {
    return { unit: u, verdict: 'approval', reason: 'cd to /, outside the working directories', gap };
  }
  if (isCd && inWorkingDirs(uses[0]?.path ?? env.ctx.home, env.dirs)) {
    return { unit: u, verdict: 'allow', reason: 'cd inside the working directories', gap };
  }
  // An output redirection climbing out of a directory (`> sub/../foo.txt`) is refused as such
  // before its path is judged, in acceptEdits too (bashperm 0258, 0348, 0642, 1014); a command's
  // own `..` argument comes after its redirections (0488).
  const climbs = u.redirects.find(
    (r) => OUTPUT_OPS.has(r.op) && r.target?.value != null && DOTDOT.test(r.target.value),
  );
  if (climbs)
    return {
      unit: u,
      verdict: 'blocked',
      message: msg.DOTDOT_TRAVERSAL,
      reason: `its output redirection climbs out of a directory with '..'`,
      gap,
    };
  // Redirections are judged before the command's own paths; cp and mv need write access to
  // every path they name (their refusal names the first one).
  for (const use of orderedUses(uses)) {
    const asWrite = writesPath(use);
    const ok = asWrite ? writePathAllowed(env, use.path) : readPathAllowed(env, use.path);
    if (ok) continue;
    return pathRefusal(env, u, use, gap);
  }
  if (words.length === 0)
    return {
      unit: u,
      verdict: 'allow',
      reason:
        u.assignments.length > 0 ? 'only sets variables' : 'redirections inside the working directories',
      gap,
    };
  if (
    u.assignments.length === 0 &&
    name !== null &&
    !walk.bareAssignment.has(u.segment) &&
    isReadOnlyCommand(name, words.slice(1))
  ) {
    // A read-only command can still write through its redirections: say why those went through.
    const redirected = [...uses]
      .filter((use) => use.redirect === 'out' && writesPath(use))
      .map((use) => `its output redirection to ${use.path}: ${writePathReason(env, use.path) ?? 'allowed'}`);
    return {
      unit: u,
      verdict: 'allow',
      reason: [`${name} is in the built-in read-only set`, ...redirected].join('; '),
      gap,
    };
  }
  if (name === 'xargs' && !walk.bareAssignment.has(u.segment)) {
    const inner = stripWrapper(words, false);
    const innerName = inner?.[0]?.value;
    if (
      inner &&
      innerName &&
      !FILE_COMMANDS.has(innerName) &&
      isReadOnlyCommand(innerName, inner.slice(1)) &&
      innerName !== 'cd'
    ) {
      return { unit: u, verdict: 'allow', reason: `xargs runs ${innerName}, which is read-only`, gap };
    }
  }
  // acceptEdits judges the file command behind a wrapper (`timeout 5 rm -f foo.txt` runs,
  // bashperm 0286).
  const fileName = pathWords[0]?.value ?? null;
  if (
    env.mode === 'acceptEdits' &&
    fileName !== null &&
    ACCEPT_EDITS_COMMANDS.has(fileName) &&
    u.assignments.length === 0
  ) {
    return {
      unit: u,
      verdict: 'allow',
      reason: `acceptEdits mode runs ${fileName} inside the working directories`,
      gap,
    };
  }
  if (env.mode === 'acceptEdits' && words.length === 0)
    return { unit: u, verdict: 'allow', reason: 'acceptEdits mode', gap };
  return {
    unit: u,
    verdict: 'approval',
    reason: `${name ?? u.display} is not in the built-in read-only set`,
    gap,
  };
}

function subcommandDecisions(results: readonly UnitResult[]): SubcommandDecision[] {
  return results
    .filter(
      (r) =>
        (r.unit.display !== '' || r.unit.redirects.length > 0) && (!r.unit.shadow || r.verdict === 'deny'),
    )
    .map((r) => ({
      command: r.unit.display,
      decision: {
        behavior: r.verdict === 'allow' ? 'allow' : r.verdict === 'deny' ? 'deny' : 'ask',
        reason: r.reason,
        ...(r.rule ? { rule: ruleRef(r.rule) } : {}),
        ...(r.message ? { message: r.message } : {}),
        ...(r.gap ? { knownGap: r.gap } : {}),
      },
    }));
}

/** Whole-command rule checks for command lines the analyser cannot take apart. */
function wholeCommand(
  env: Env,
  command: string,
  message: string,
  reason: string,
  analysis: Analysis | undefined,
): Check {
  const trimmed = command.trim();
  const deny = ruleFor(env, 'deny', [trimmed]);
  if (deny)
    return {
      behavior: 'deny',
      message: msg.bashDenied(command),
      reason: `${deny.text} denies the command`,
      rule: ruleRef(deny),
    };
  if (analysis) {
    // Nothing is run unchecked: a deny rule on any part still wins here.
    for (const u of analysis.units) {
      const r = ruleFor(env, 'deny', formTexts(denyForms(u), true));
      if (r)
        return {
          behavior: 'deny',
          message: msg.bashDenied(command),
          reason: `${r.text} denies ${u.display}`,
          rule: ruleRef(r),
        };
    }
  }
  const ask = ruleFor(env, 'ask', [trimmed]);
  if (ask)
    return {
      behavior: 'ask',
      ruleAsk: true,
      message: msg.askTool('Bash'),
      reason: `${ask.text} asks before this command`,
      rule: ruleRef(ask),
    };
  return { behavior: 'ask', message, reason };
}

/** Version control that a cd anywhere in the line (before or after it, pushd too) refuses:
 * git only (`cd sub && hg status`, `cd sub && svn status` ask for their part: cd probes, both
 * versions). */
const VCS = new Set(['git']);
const CHANGES_DIR = new Set(['cd', 'pushd']);
const LOOPS = new Set(['for_statement', 'c_style_for_statement', 'while_statement']);

/** A pipe segment cut out of an if/for/while body that ends the construct without opening it
 * (`ls; fi`) is never approved, whatever it runs; one that opens it without the end (`if true;
 * then ls`) is judged by its commands (probed on both versions). */
function strayCloser(segment: string): boolean {
  const count = (re: RegExp) => [...segment.matchAll(re)].length;
  const at = (words: string) =>
    new RegExp(`(?:^|[;&|\\n(]|\\b(?:then|do|else)\\s)\\s*(?:${words})(?=$|[\\s;&|)])`, 'g');
  return (
    count(at('fi')) > count(at('if')) ||
    count(at('done')) > count(at('for|while|until|select')) ||
    count(at('esac')) > count(at('case'))
  );
}

/** `..` after a real directory segment (`sub/..`), not a leading `../`. */
const DOTDOT = /(^|\/)(?!\.\.?\/)[^/]+\/\.\.(\/|$)/;

/** Commands that may write the files they are given (sed through its w command). */
const WRITE_CAPABLE = new Set([
  ...[...FILE_COMMANDS.entries()].filter(([, c]) => c.op !== 'read').map(([n]) => n),
  'sed',
]);

/** A write-capable command given a glob (`rm f*.txt`, `sed -n 1p fo?.txt`). A glob among a
 * reading command's arguments is not one, even with an output redirection (bashperm 0232,
 * 0398: `grep -n x fo?.txt > out.txt` is judged by out.txt). */
function writesWithGlob(u: Unit): boolean {
  const words = strippedWords(u);
  return WRITE_CAPABLE.has(words[0]?.value ?? '') && words.slice(1).some((w) => w.glob);
}

/** An output redirection to a glob (`echo hi >> f*.txt`): refused as shell expansion in a path
 * (bashperm 0414, 0723, 1020). */
function redirectsToGlob(u: Unit): boolean {
  return u.redirects.some((r) => OUTPUT_OPS.has(r.op) && r.target?.glob === true);
}

export function checkBash(
  env: Env,
  command: string,
  shellCwd: string | undefined,
  shellEnv?: readonly string[],
): Check {
  const parsed = parseCommand(command);
  if (command.length > MAX_COMMAND_LENGTH) {
    const analysis = parsed.ok ? analyze(parsed.script, env.ctx.home) : undefined;
    return wholeCommand(
      env,
      command,
      msg.PARSER_ABORTED,
      `the command is over ${MAX_COMMAND_LENGTH} characters, so Claude Code does not parse it`,
      analysis,
    );
  }
  if (!parsed.ok)
    return wholeCommand(
      env,
      command,
      msg.BASH_NEEDS_APPROVAL,
      `the command does not parse (${parsed.error})`,
      undefined,
    );

  const analysis = analyze(parsed.script, env.ctx.home, assignedValues(parsed.script), command);
  const start = shellCwd ?? env.ctx.cwd;
  const bareAssignment = bareAssignmentBlocks(env, analysis.bareNames, shellEnv);
  const walk: Walk = {
    cwd: start,
    cwdUnknown: false,
    denyCwds: [start],
    cwdLost: false,
    bareAssignment,
    line: command,
  };
  const results = analysis.units.map((u) => checkUnit(env, u, walk));
  const subcommands = subcommandDecisions(results);
  const gap = results.find((r) => r.gap)?.gap;
  const withGap = (c: Check): Check => ({
    ...c,
    subcommands,
    ...(gap ? { knownGap: gap } : {}),
  });

  const denyMessage = (r: UnitResult) =>
    msg.bashDenied(analysis.segments.length > 1 ? (analysis.segments[r.unit.segment] ?? command) : command);
  // Bash rules see every command the line runs, however nested; path rules only what the
  // static gate lets through.
  const {
    reason: gate,
    stage: gateStage,
    usesAssigned,
  } = gateReason(parsed.script, command, env.behaviour.subshellPathDeny);
  const ruleDenied = results.find((r) => r.verdict === 'deny' && r.rule?.tool === 'Bash');
  if (ruleDenied?.rule)
    return withGap({
      behavior: 'deny',
      // A line the static gate refuses is not cut into pipe segments: the whole line is named
      // (bashperm 0897: `awk 'NR==1' $PWD/foo.txt | cat` under Bash(cat:*)).
      message: gate ? msg.bashDenied(command) : denyMessage(ruleDenied),
      reason: ruleDenied.reason,
      rule: ruleRef(ruleDenied.rule),
    });
  const inScript = results.find((r) => r.verdict === 'shell-deny');
  if (inScript?.rule) {
    return withGap({
      behavior: 'ask',
      ruleAsk: true,
      message: msg.SHELL_SCRIPT_DENIED,
      reason: inScript.reason,
      rule: ruleRef(inScript.rule),
    });
  }
  // Ask rules are not matched inside a subshell (nor, on 2.1.273, a `{ }` group), which is
  // refused as such (ar1, ar2 probes: `(echo hi)` under ask Bash(echo:*)).
  const asked = results.find(
    (r) =>
      r.verdict === 'ask-rule' &&
      r.unit.origin !== 'subshell' &&
      (r.unit.origin !== 'group' || env.behaviour.askRulesInGroups),
  );
  // Refused by the variable's name before the static gate (`LANG=$(id); cat a` names LANG).
  const byName = assignmentRefusal(env, analysis);
  if (byName)
    return withGap({
      behavior: 'ask',
      ...(asked?.rule ? { ruleAsk: true, rule: ruleRef(asked.rule) } : {}),
      message: byName,
      reason: `the line assigns a variable Claude Code will not let a command change: ${byName}`,
    });
  const gateRefusal = (g: GateReason): Check => {
    const message = msg.gateMessage(g, env.behaviour.gateWording);
    const hidden = results.find((r) => r.verdict === 'deny' && r.use && r.rule);
    const evalRule =
      g.kind === 'evaluates'
        ? results
            .filter((r) => effectiveWords(env, r.unit)[0]?.value === g.command)
            .map((r) =>
              ruleFor(env, 'deny', [
                r.unit.words
                  .slice(1)
                  .map((w) => w.value ?? w.text)
                  .join(' '),
              ]),
            )
            .find((r) => r !== undefined)
        : undefined;
    const gateGap = hidden?.rule
      ? `The static gate stops at this command's syntax before path rules are looked at, so ${hidden.rule.text} is not checked for \`${hidden.unit.display}\`: a mode that approves the prompt (bypassPermissions) runs it.`
      : evalRule
        ? `${g.kind === 'evaluates' ? g.command : ''} runs its arguments as a command that ${evalRule.text} denies, but Claude Code does not look into them: a mode that approves the prompt (bypassPermissions) runs it.`
        : undefined;
    // An ask rule on a part it does not win over (inside a subshell) still prompts in every
    // mode (bashperm 0184: `(echo hi > ./foo.txt)` under ask Bash(echo:*) in bypassPermissions).
    const anyAsk = results.find((r) => r.verdict === 'ask-rule' && r.rule);
    return withGap({
      behavior: 'ask',
      ...(anyAsk?.rule ? { ruleAsk: true, rule: ruleRef(anyAsk.rule) } : {}),
      ...(gateGap && !gap ? { knownGap: gateGap } : {}),
      message,
      reason: `the static analysis stops at this command's syntax: ${message}`,
    });
  };
  // An ask rule on a part wins over the static gate: the prompt is the rule's (ar1, ar2
  // probes: `echo $X`, `echo hi; eval x` under ask Bash(echo:*); bashperm 0117).
  if (gate && gateStage !== 'late' && asked?.rule)
    return withGap({
      behavior: 'ask',
      ruleAsk: true,
      message: msg.askTool('Bash'),
      reason: asked.reason,
      rule: ruleRef(asked.rule),
    });
  if (gate && gateStage === 'early') return gateRefusal(gate);
  const live = results.filter((r) => !r.unit.shadow && !r.unit.strictOnly);
  const cdWithVcs =
    live.some((r) => CHANGES_DIR.has(strippedWords(r.unit)[0]?.value ?? '')) &&
    live.some((r) => VCS.has(strippedWords(r.unit)[0]?.value ?? ''));
  // A cd with git is refused as such ahead of an ask rule on the git part (`cd sub && git push`
  // and `git push && cd sub` under ask Bash(git push:*): cd probes, both versions).
  if (asked?.rule && cdWithVcs)
    return withGap({
      behavior: 'ask',
      ruleAsk: true,
      message: msg.CD_BEFORE_VCS,
      reason: 'a version-control command runs with a cd',
      rule: ruleRef(asked.rule),
    });
  if (asked?.rule) {
    // An ask rule prompts in every mode; with other parts it is listed among them.
    const parts = analysis.tops.filter((t) => t.runs);
    const open = [
      ...new Set(
        results.filter((r) => r.verdict === 'ask-rule' || r.verdict === 'approval').map((r) => r.unit.top),
      ),
    ].sort((a, b) => a - b);
    // Only parts an ask rule names: the rule's own prompt (`ls && echo hi`); with other parts
    // needing approval, or in a pipeline, the open parts are listed (ar1, ar2 probes).
    const others = results.some((r) => r.verdict === 'approval' || r.verdict === 'blocked');
    return withGap({
      behavior: 'ask',
      ruleAsk: true,
      message:
        parts.length > 1 && (others || analysis.segments.length > 1)
          ? msg.bashPartsNeedApproval(open.map((i) => analysis.tops[i]?.text ?? ''))
          : msg.askTool('Bash'),
      reason: asked.reason,
      rule: ruleRef(asked.rule),
    });
  }
  const cds = live.filter((r) => strippedWords(r.unit)[0]?.value === 'cd');
  // In a line that changes directory, a file command's denied path is named first (`ls from
  // '<dir>' …`); a denied cd target itself names the whole line (cd probes: `cd sub && ls`
  // under Read(./**) names ls, `cd sub && echo hi` the line).
  const isCd = (r: UnitResult) => strippedWords(r.unit)[0]?.value === 'cd';
  // 2.1.332 words a path denial in a line with a subshell by command (or redirection) and path
  // (pd1 probe: `echo hi > foo.txt; (ls)`, `(cat a.txt)`).
  const withSubshell = env.behaviour.subshellPathDeny && analysis.constructs.includes('subshell');
  const denied =
    (cds.length > 0 ? results.find((r) => r.verdict === 'deny' && r.use && !isCd(r)) : undefined) ??
    results.find((r) => r.verdict === 'deny');
  if (denied?.rule) {
    const name = strippedWords(denied.unit)[0]?.value;
    return withGap({
      behavior: 'deny',
      message:
        denied.message ??
        (withSubshell && denied.use?.redirect === 'out'
          ? msg.redirectionDenied(denied.use.path)
          : withSubshell && denied.use?.redirect === 'in'
            ? msg.inputRedirectionDenied(denied.use.path)
            : (cds.length > 0 || withSubshell) && denied.use && name && name !== 'cd'
              ? msg.pathDeniedInCd(name, denied.use.op, denied.use.path)
              : denyMessage(denied)),
      reason: denied.reason,
      rule: ruleRef(denied.rule),
    });
  }
  if (gate) return gateRefusal(gate);
  // A glob in a write comes after 2.1.332's subshell (bashperm 1023: `(mv f*.txt moved.txt)`).
  const globWrite = live.find((r) => writesWithGlob(r.unit));
  if (globWrite)
    return withGap({
      behavior: 'ask',
      message: msg.GLOB_IN_WRITE,
      reason: `${globWrite.unit.display} writes and has a glob among its paths`,
    });
  const globTarget = live.find((r) => redirectsToGlob(r.unit));
  if (globTarget)
    return withGap({
      behavior: 'ask',
      message: msg.gateMessage({ kind: 'fixed', text: 'expansion-in-path' }, env.behaviour.gateWording),
      reason: `${globTarget.unit.display} redirects output to a glob`,
    });
  if (cds.length > 1)
    return withGap({
      behavior: 'ask',
      message: msg.MULTIPLE_CD,
      reason: 'the command changes directory more than once',
    });
  // An output redirection to `~…` is refused after the directory changes are counted
  // (bashperm 0693: `cd sub && cd .. && printf x > ~/note.txt` is refused for the two cds).
  const tildeTarget = live.find((r) =>
    r.unit.redirects.some((d) => OUTPUT_OPS.has(d.op) && d.target?.text.startsWith('~')),
  );
  if (tildeTarget)
    return withGap({
      behavior: 'ask',
      message: msg.gateMessage({ kind: 'fixed', text: 'expansion-in-path' }, env.behaviour.gateWording),
      reason: `${tildeTarget.unit.display} redirects output to a path starting with ~`,
    });
  const firstCd = cds[0]?.unit.index;
  const inputUnknown = live
    .flatMap((r) => r.unit.redirects.filter((d) => d.op === '<' && d.target).map((d) => ({ r, d })))
    .find(
      ({ r, d }) =>
        d.target?.glob ||
        (firstCd !== undefined && r.unit.index > firstCd && !(d.target?.value ?? '/').startsWith('/')),
    );
  if (inputUnknown?.d.target)
    return withGap({
      behavior: 'ask',
      message: msg.inputRedirectionUnknown(inputUnknown.d.target.text),
      reason: 'an input redirection names a file only known when the command runs',
    });
  // A command's own `..` argument is judged after its output redirections (bashperm 0488:
  // `sed -i … sub/../foo.txt >> out.txt` in default mode is refused for out.txt).
  const dotdot = live.find((r) => {
    const name = strippedWords(r.unit)[0]?.value;
    return (
      !r.redirectBlocked &&
      name !== undefined &&
      name !== null &&
      FILE_COMMANDS.has(name) &&
      [
        ...strippedWords(r.unit).slice(1),
        ...r.unit.redirects.flatMap((d) => (d.target ? [d.target] : [])),
      ].some((w) => w.value !== null && DOTDOT.test(w.value))
    );
  });
  if (dotdot)
    return withGap({
      behavior: 'ask',
      message: msg.DOTDOT_TRAVERSAL,
      reason: `${dotdot.unit.display} climbs out of a directory with '..'`,
    });
  if (cdWithVcs)
    return withGap({
      behavior: 'ask',
      message: msg.CD_BEFORE_VCS,
      reason: 'a version-control command runs after a cd',
    });

  const listed = analysis.units.filter((u) => !u.shadow && u.words.length > 0);
  const hasCd = listed.length > 1 && listed.some((u) => effectiveWords(env, u)[0]?.value === 'cd');
  // Output thrown away in /dev/null is no write (`cd sub && cat b.txt 2>/dev/null`, `&>
  // /dev/null`, `>> /dev/null` run; `>/dev/stderr` is refused: cd probes, both versions).
  const writesByRedirect = analysis.units.some((u) =>
    u.redirects.some(
      (r) =>
        (OUTPUT_OPS.has(r.op) && r.target?.value !== '/dev/null') ||
        (r.op === '>&' && r.target?.value !== null && !/^\d+-?$|^-$/.test(r.target?.value ?? '')),
    ),
  );
  if (hasCd && writesByRedirect) {
    return withGap({
      behavior: 'ask',
      message: msg.CD_WITH_REDIRECTION,
      reason:
        'a compound command with cd writes through a redirection, so the target directory is not known for sure',
    });
  }
  if (analysis.segments.length > 1) {
    // A pipeline is judged segment by segment, each as a command of its own; the parts that
    // are not approved are listed, whatever each one's own message would be.
    const open = analysis.segments.filter(
      (text, i) =>
        strayCloser(text) ||
        results.some((r) => r.unit.segment === i && (r.segmentVerdict ?? r.verdict) !== 'allow'),
    );
    if (open.length > 0) {
      return withGap({
        behavior: 'ask',
        message: msg.bashPartsNeedApproval(open),
        reason: results
          .filter((r) => r.verdict !== 'allow')
          .map((r) => `${r.unit.display}: ${r.reason}`)
          .join('; '),
      });
    }
  }
  // A part refused with a text of its own keeps it when it is the only part not approved;
  // otherwise every part not approved is listed.
  const blocked = results.find((r) => r.verdict === 'blocked');
  const pending = results.filter((r) => r.verdict === 'approval' || r.verdict === 'blocked');
  // What follows a cd out of the working directories is not counted against a blocked cd.
  const others = pending.filter((r) => r !== blocked && r.reason !== AFTER_CD_OUT);
  const safety = pending.some((r) => r.safety) ? { safety: true } : {};
  if (blocked && others.every((r) => r.unit.top === blocked.unit.top))
    return withGap({ behavior: 'ask', message: blocked.message, reason: blocked.reason, ...safety });
  if (pending.length > 0) {
    // Parts are the top-level commands of the list; what runs inside one (a loop body, a
    // `bash -c` script) is that part's business.
    const parts = analysis.tops.filter((t) => t.runs);
    const open = [...new Set(pending.map((r) => r.unit.top))].sort((a, b) => a - b);
    const message =
      parts.length > 1
        ? msg.bashPartsNeedApproval(open.map((i) => analysis.tops[i]?.text ?? ''))
        : msg.BASH_NEEDS_APPROVAL;
    return withGap({
      behavior: 'ask',
      message,
      reason: pending.map((r) => `${r.unit.display}: ${r.reason}`).join('; '),
      ...safety,
    });
  }
  // 2.1.332's plan and auto mode, when the API's classifier flags the call, run it unasked only if an
  // allow rule approves it: a command that is merely read-only (or a cd inside the project)
  // goes to the classifier, and its prompt says no more than the generic text, or that a loop
  // needs approval. Without a verdict, read-only commands run (perm-plan-bash-readonly).
  // A variable the line sets itself gets the loop's text, not the gate's.
  const unruled = live.filter((r) => r.verdict === 'allow' && !r.rule && r.unit.words.length > 0);
  if (
    (env.mode === 'plan' || env.mode === 'auto') &&
    env.behaviour.planRulesOnlyAllow &&
    flags(env.ctx.classifier) &&
    unruled.length > 0
  )
    return withGap({
      behavior: 'ask',
      message:
        usesAssigned || analysis.constructs.some((c) => LOOPS.has(c))
          ? msg.BASH_NEEDS_APPROVAL
          : msg.askTool('Bash'),
      reason: `plan mode asks the classifier about what no allow rule approves (${unruled.map((r) => r.unit.display).join('; ')})`,
    });
  // 2.1.332 does not approve unasked what reads a variable the line set itself; whatever else
  // needs approval is said first.
  if ((usesAssigned || bareAssignment.size > 0) && env.behaviour.gateWording === 'cannot-check')
    return withGap({
      behavior: 'ask',
      message: msg.gateMessage({ kind: 'set-variable' }, env.behaviour.gateWording),
      reason: 'the command reads a variable it sets itself',
    });
  const byMode = results.some((r) => r.reason.startsWith('acceptEdits'));
  return withGap({
    behavior: 'allow',
    // One reason said once: every part of `ls; pwd` in bypassPermissions has the same one.
    reason: results.length === 0 ? 'empty command' : [...new Set(results.map((r) => r.reason))].join('; '),
    ...(byMode ? { rule: modeRef('acceptEdits') } : {}),
  });
}
