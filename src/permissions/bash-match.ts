// How Bash rules match a command: the specifier syntax, and the word lists deny, ask and allow
// rules are compared with (as written, without assignments, with wrappers peeled off).
import type { Env } from './check';
import { Bounded } from './cache';
import type { Rule } from './rules';
import type { Word } from './shell/commands';
import { stripAllowWrapper, stripDenyWrapper, stripWrapper } from './shell/commands';
import type { Unit } from './shell/analyze';
import { escapeRegExp } from '../text/regexp';

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
    else src += escapeRegExp(c);
  }
  if (src.endsWith(' .*')) src = `${src.slice(0, -3)}( .*)?`;
  return new RegExp(`^${src}$`, 's');
}

export const textOf = (words: readonly Word[]) => words.map((w) => w.text).join(' ');

export const valuesOf = (words: readonly Word[]) =>
  words.every((w) => w.value !== null) ? words.map((w) => w.value).join(' ') : undefined;

/** Word lists a deny or ask rule is matched against: as written, without env assignments,
 * and with each wrapper peeled off in turn. git's global options are not taken out
 * (`git -C sub status` runs past `Bash(git status:*)` on both versions, rules probe). */
export function denyForms(u: Unit): Word[][] {
  const forms: Word[][] = [];
  if (u.assignments.length > 0)
    forms.push([
      ...u.assignments.map((a): Word => ({ value: a.text, text: a.text, glob: false })),
      ...u.words,
    ]);
  let cur: Word[] | undefined = u.words;
  for (let guard = 0; cur && cur.length > 0 && guard < 16; guard++) {
    forms.push(cur);
    cur = stripDenyWrapper(cur);
  }
  return forms;
}

/** Allow rules match the command as written (quotes removed too: `'chmod' 644 a.txt` is
 * `chmod 644 a.txt`), or with each wrapper an allow rule looks through removed (nice, nohup,
 * timeout, stdbuf, time, command, builtin, a bare xargs: allow-rule probes, both versions);
 * an env assignment in front keeps an allow rule from matching. */
export function allowForms(u: Unit): Word[][] {
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
export function asWritten(u: Unit, line: string): string | undefined {
  if (u.assignments.length > 0 || u.redirects.length > 0 || u.words.length === 0) return undefined;
  return new RegExp(u.words.map((w) => escapeRegExp(w.text)).join('[ \\t]+')).exec(line)?.[0];
}

/** The text as written, and with the command name's quotes removed (`'chmod' 644 a.txt` is
 * `chmod 644 a.txt` to an exact rule; an argument's quotes stay). */
export function unquotedHead(u: Unit, raw: string): string[] {
  const head = u.words[0];
  if (!head || head.value === null || head.value === head.text || !raw.startsWith(head.text)) return [raw];
  return [raw, head.value + raw.slice(head.text.length)];
}

/** One transparent wrapper (per version) taken off, or undefined. */
export function stripTransparent(env: Env, words: Word[]): Word[] | undefined {
  const name = words[0]?.value;
  // timeout keeps a command read-only only with a bare duration (`timeout --foreground 5 cat
  // a.txt` needs approval on 2.1.332: wrapper probes).
  if (name === 'timeout' && words[1]?.value?.startsWith('-')) return undefined;
  return name && env.behaviour.transparentWrappers.includes(name) ? stripWrapper(words, false) : undefined;
}

export function ruleFor(
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

export const formTexts = (forms: readonly Word[][], withValues: boolean): string[] => {
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
export const allowTexts = (forms: readonly Word[][]): string[] =>
  forms.flatMap((f) => {
    const head = f[0];
    const text = textOf(f);
    if (!head || head.value === null || head.value === head.text) return [text];
    return [text, textOf([{ ...head, text: head.value }, ...f.slice(1)])];
  });

export const withBasename = (words: Word[]): Word[] => {
  const head = words[0]?.value;
  if (!head?.includes('/')) return words;
  const base = head.slice(head.lastIndexOf('/') + 1);
  return base ? [{ value: base, text: base, glob: false }, ...words.slice(1)] : words;
};

/** The strict reading: every command name reduced to its basename (`/bin/rm`,
 * `/usr/bin/env rm`) before wrappers are peeled off. */
export function strictForms(u: Unit): Word[][] {
  const forms: Word[][] = [];
  let cur: Word[] | undefined = u.words;
  for (let guard = 0; cur && cur.length > 0 && guard < 16; guard++) {
    const base = withBasename(cur);
    forms.push(base);
    cur = stripDenyWrapper(base);
  }
  return forms;
}

/** The command's name and arguments once safe wrappers are gone (what read-only and file
 * command checks look at). */
export function effectiveWords(env: Env, u: Unit): Word[] {
  let cur: Word[] = u.words;
  for (let guard = 0; guard < 16; guard++) {
    const next = stripTransparent(env, cur);
    if (!next) break;
    cur = next;
  }
  return cur;
}

/** The command once every wrapper is gone: what path checks look at (`timeout 5 mkdir d` is
 * refused as mkdir, `env cat .env` as a read of .env), though only transparent wrappers keep a
 * command read-only. */
export function strippedWords(u: Unit, forDeny = true): Word[] {
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
export const OPAQUE_TO_PATHS = new Set(['sudo', 'doas', 'unbuffer', 'caffeinate']);
