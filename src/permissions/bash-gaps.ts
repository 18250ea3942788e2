// Known gaps: calls Claude Code lets through although what they do reaches something a deny
// rule names. They are reported (the decision's `knownGap`), never refused.
import type { Env } from './check';
import { resolvePath } from './paths';
import { denyBelow, denyOn, READ_TOOLS } from './deny-match';
import type { Rule } from './rules';
import type { Word } from './shell/commands';
import { gitWithoutGlobals, stripWrapper, UNCHECKED_WRITERS } from './shell/commands';
import type { Unit } from './shell/analyze';
import { denyForms, formTexts, ruleFor } from './bash-match';
import type { PathUse } from './bash-uses';

/** Interpreters and the options that take inline code. */
export const INLINE_CODE: ReadonlyMap<string, readonly string[]> = new Map(
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
export function interpreterGap(env: Env, u: Unit, words: readonly Word[], cwd: string): string | undefined {
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

/** A Bash deny rule that names what a wrapper runs, where the wrapper has options the binary
 * does not look past for deny rules (`xargs -n 1 rm` past `Bash(rm:*)`: dt-shell-21212121-88-r). */
export function wrapperGap(env: Env, u: Unit): string | undefined {
  const strict = denyForms(u);
  const lenient: Word[][] = [];
  for (let cur: Word[] | undefined = u.words, guard = 0; cur && cur.length > 0 && guard < 16; guard++) {
    lenient.push(cur);
    cur = stripWrapper(cur, false);
  }
  if (lenient.length <= strict.length || ruleFor(env, 'deny', formTexts(strict, true))) return undefined;
  const rule = ruleFor(env, 'deny', formTexts(lenient, true));
  return rule
    ? `\`${u.display}\` runs a command that ${rule.text} denies through a wrapper with options, and Claude Code looks through such a wrapper only without them, so the rule does not apply.`
    : undefined;
}

/** A Bash deny rule that names the git subcommand a unit runs behind git's global options
 * (`git -C sub push` past `Bash(git push:*)`): the rule is matched against the words as
 * written, so it does not apply. */
export function gitGlobalsGap(env: Env, u: Unit): string | undefined {
  const forms = denyForms(u)
    .map(gitWithoutGlobals)
    .filter((f): f is Word[] => f !== undefined);
  const rule = forms.length > 0 ? ruleFor(env, 'deny', formTexts(forms, true)) : undefined;
  return rule
    ? `\`${u.display}\` runs a git subcommand that ${rule.text} denies, but git's global options come before it and Claude Code matches Bash rules against the words as written, so the rule does not apply.`
    : undefined;
}

export const denyUnder = (env: Env, dir: string): Rule | undefined => denyBelow(env, READ_TOOLS, dir);

export const RECURSIVE_SEARCH = new Set(['grep', 'egrep', 'fgrep', 'rg']);

/** Commands that read files a deny rule covers without naming them: a recursive search over a
 * folder holding one, `git show <rev>:<file>`. Claude Code checks the folder or the revision,
 * not the files, so they run. */
export function hiddenReadGap(env: Env, u: Unit, words: readonly Word[], cwd: string): string | undefined {
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
export function globGap(env: Env, u: Unit, uses: PathUse[] | 'dynamic'): string | undefined {
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
export function uncheckedWriteGap(
  env: Env,
  u: Unit,
  words: readonly Word[],
  cwd: string,
): string | undefined {
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
