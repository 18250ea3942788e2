// The effect model of a command line: every file it reads, writes, deletes or runs, wherever
// the line reaches it — through wrappers, `xargs`, `find -exec`/`-delete`, `eval`, `sh -c`,
// `source`, interpreters, archivers, version control, redirections, a link the line makes
// itself and `/proc/self/cwd`. What each command does to its words is its record in
// records.ts; this file walks the line, feeds each simple command to its record and resolves
// the operands. Symlinks already in the workspace are followed by the caller (bypass.ts), which
// has the file system. Pure: no file system, no clock.
import { analyze } from './analyze';
import type { Redirect, Unit } from './analyze';
import type { Word } from './commands';
import { stripWrapper } from './commands';
import { assignedValues } from './gate';
import { parseCommand } from './parse';
import { commandRecord } from './records';
import type { Step } from './records';
import { resolvePath } from '../paths';

export type EffectOp = 'read' | 'write' | 'delete' | 'exec';

export interface Effect {
  op: EffectOp;
  /** Absolute and normalised. */
  path: string;
  /** Everything below `path` is touched (a folder copied, archived or searched; what `find` or
   * an unknown `xargs` input may name). */
  below?: true;
  /** With `below`: only files whose name matches one of these globs (`find -name`). */
  names?: readonly string[];
  /** `path` is a glob the shell expands. */
  glob?: true;
  /** How the line reaches the path, outermost first (`find -exec`, `sh -c`, `>`). */
  via: readonly string[];
  /** The simple command that has the effect, as written. */
  command: string;
}

/** Files the line's unknown operands may name: what `find` finds, what `xargs` reads. Written
 * into operands as a marker word so nested scripts (`sh -c 'cat {}'`) carry it through. */
interface Unknown {
  dir: string;
  names?: readonly string[];
}

const MAX_DEPTH = 8;
const MAX_EFFECTS = 512;
const MARKER = /__cc_unknown_(\d+)__/;

interface Walk {
  home: string;
  cwd: string;
  /** Links the line makes (`ln -s foo.txt l2`), absolute link -> absolute target. */
  links: Map<string, string>;
  unknowns: Unknown[];
  effects: Effect[];
  depth: number;
}

/** What a unit's stdin holds, when the line says: here-string or `echo`/`printf` words piped
 * in (items), an unknown list (a marker for the folder it likely names), or nothing. */
export type Stdin = { items: string[] } | { unknown: string } | null;

/** The effects of a command line run from `cwd`. Undefined when it does not parse. */
export function commandEffects(command: string, cwd: string, home: string): Effect[] | undefined {
  const walk: Walk = { home, cwd, links: new Map(), unknowns: [], effects: [], depth: 0 };
  return walkLine(command, [], walk) ? walk.effects : undefined;
}

function walkLine(text: string, via: readonly string[], walk: Walk): boolean {
  const parsed = parseCommand(text);
  if (!parsed.ok) return false;
  const analysis = analyze(parsed.script, walk.home, assignedValues(parsed.script), text);
  // Scripts inside `sh -c` and `find -exec` are walked by their records, with what they are given.
  const units = analysis.units.filter((u) => !u.strictOnly && u.origin !== 'find-exec');
  units.forEach((u, k) => unitEffects(u, stdinOf(u, units.slice(0, k), walk), via, walk));
  return true;
}

function unitEffects(u: Unit, stdin: Stdin, via: readonly string[], walk: Walk): void {
  const words = u.words.map((w) => known(w, walk));
  const name = words[0]?.value;
  if ((name === 'cd' || name === 'pushd') && !u.shadow) {
    const to = words[1]?.value;
    walk.cwd = to ? resolvePath(to, walk.cwd, walk.home) : walk.home;
    return;
  }
  for (const r of u.redirects) redirectEffects(r, u.display, via, walk);
  if (words.length > 0) wordsEffects(words, u.display, stdin, via, walk);
}

const OUTPUT_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '>&']);
const DEVICES = /^\/dev\/(null|stdout|stderr|tty|zero|fd\/\d+)$/;

function redirectEffects(r: Redirect, command: string, via: readonly string[], walk: Walk): void {
  if (!r.target || r.op === '<<<') return;
  const v = r.target.value;
  if ((r.op === '>&' || r.op === '<&') && (v === null || /^\d+-?$|^-$/.test(v))) return;
  const ops: EffectOp[] = r.op === '<>' ? ['read', 'write'] : OUTPUT_OPS.has(r.op) ? ['write'] : ['read'];
  for (const op of ops) touch({ op, word: known(r.target, walk), via: r.op }, command, via, walk);
}

/** One simple command's words (command name first), through its record. */
function wordsEffects(
  words: readonly Word[],
  command: string,
  stdin: Stdin,
  via: readonly string[],
  walk: Walk,
): void {
  if (walk.depth >= MAX_DEPTH || walk.effects.length >= MAX_EFFECTS) return;
  const name = words[0]?.value;
  if (!name) return;
  const base = name.slice(name.lastIndexOf('/') + 1);
  const steps = commandRecord(base)?.effects?.(words.slice(1), {
    stdin,
    unknown: (d, n) => marker(walk, d, n),
  });
  walk.depth++;
  for (const s of steps ?? []) step(s, command, via, walk);
  walk.depth--;
}

function step(s: Step, command: string, via: readonly string[], walk: Walk): void {
  if ('touch' in s) {
    touch({ op: s.touch, word: known(s.word, walk), via: s.via, below: s.below }, command, via, walk);
  } else if ('run' in s) {
    wordsEffects(s.run, command, s.stdin ?? null, [...via, s.via], walk);
  } else if ('script' in s) {
    walk.depth++;
    if (walk.depth < MAX_DEPTH) walkLine(s.script, [...via, s.via], walk);
    walk.depth--;
  } else if ('link' in s) {
    const link = resolvePath(s.link, walk.cwd, walk.home);
    walk.links.set(link, target(s.target, link, walk));
  } else if ('cwd' in s) {
    walk.cwd = resolvePath(s.cwd, walk.cwd, walk.home);
  }
}

/** A link's target as the link would resolve it (relative to the link's folder). */
function target(t: string, link: string, walk: Walk): string {
  const dir = link.slice(0, link.lastIndexOf('/')) || '/';
  return follow(resolvePath(procCwd(t, walk), dir, walk.home), walk).path;
}

function touch(
  t: { op: EffectOp; word: Word; via: string; below?: boolean },
  command: string,
  via: readonly string[],
  walk: Walk,
): void {
  const v = t.word.value;
  if (v === null || v === '' || v === '-' || DEVICES.test(v)) return;
  const m = MARKER.exec(v);
  const unknown = m ? walk.unknowns[Number(m[1])] : undefined;
  if (unknown) {
    walk.effects.push({
      op: t.op,
      path: unknown.dir,
      below: true,
      ...(unknown.names ? { names: unknown.names } : {}),
      via: [...via, t.via],
      command,
    });
    return;
  }
  const { path, how } = follow(resolvePath(procCwd(v, walk), walk.cwd, walk.home), walk);
  const proc = procCwd(v, walk) !== v ? ['/proc/self/cwd'] : [];
  walk.effects.push({
    op: t.op,
    path,
    ...(t.below ? { below: true } : {}),
    ...(t.word.glob ? { glob: true } : {}),
    via: [...via, t.via, ...proc, ...how],
    command,
  });
}

/** `/proc/self/cwd/x` (also `/proc/<pid>/cwd`, `/proc/thread-self/cwd`) is the shell's cwd. */
function procCwd(v: string, walk: Walk): string {
  const m = /^\/proc\/(?:self|thread-self|\d+)\/cwd(\/.*)?$/.exec(v);
  return m ? `${walk.cwd}${m[1] ?? ''}` : v;
}

/** A path through the links the line made before it (`ln -s foo.txt l2 && cat l2`). */
function follow(path: string, walk: Walk): { path: string; how: string[] } {
  for (const [link, to] of walk.links) {
    if (path === link || path.startsWith(`${link}/`))
      return { path: to + path.slice(link.length), how: [`a link the line makes (${link} → ${to})`] };
  }
  return { path, how: [] };
}

function marker(walk: Walk, dir: string | undefined, names?: readonly string[]): string {
  walk.unknowns.push({
    dir: dir ? resolvePath(dir, walk.cwd, walk.home) : walk.cwd,
    ...(names ? { names } : {}),
  });
  return `__cc_unknown_${walk.unknowns.length - 1}__`;
}

/** A word's value, with what the line knows put in where the word is dynamic: `$PWD`,
 * `${HOME}` in a quoted path (`cat "$PWD/foo.txt"`). */
function known(w: Word, walk: Walk): Word {
  if (w.value !== null) return w;
  const vars: Record<string, string> = { PWD: walk.cwd, HOME: walk.home };
  const v = w.text
    .replace(/["']/g, '')
    .replace(/\$\{?(PWD|HOME)\}?/g, (_, n: string) => vars[n] ?? '')
    .replace(/^~(?=\/|$)/, walk.home);
  return /[$`\\]/.test(v) ? w : { ...w, value: v };
}

/** What flows into a unit's stdin: a here-string, or the previous segment of its pipeline. */
function stdinOf(u: Unit, before: readonly Unit[], walk: Walk): Stdin {
  const here = u.redirects.find((r) => r.op === '<<<');
  const hereValue = here?.target ? known(here.target, walk).value : null;
  if (hereValue) return { items: hereValue.split(/\s+/).filter(Boolean) };
  if (u.redirects.some((r) => r.op === '<' || r.op === '<<')) return { unknown: marker(walk, undefined) };
  const prev = [...before].reverse().find((p) => !p.shadow);
  if (!prev) return null;
  // A pipe inside ( ) or a loop is not a cut the analysis numbers: its input is not known.
  if (prev.segment !== u.segment - 1) return { unknown: marker(walk, undefined) };
  let words: readonly Word[] = prev.words;
  for (let inner = stripWrapper(words, false); inner; inner = stripWrapper(words, false)) words = inner;
  const [name, ...args] = words.map((w) => w.value);
  const values = args.filter((a): a is string => a !== null && a !== undefined);
  if (name === 'echo' && values.length === args.length)
    return {
      items: values
        .filter((a) => !/^-[neE]+$/.test(a))
        .flatMap((a) => a.split(/\s+/))
        .filter(Boolean),
    };
  if (name === 'printf' && values.length === args.length)
    return {
      items: (values.length > 1 ? values.slice(1) : values.map((f) => f.replace(/\\n/g, '\n')))
        .flatMap((a) => a.split(/\s+/))
        .filter(Boolean),
    };
  const root = name === 'find' || name === 'ls' ? values.find((a) => !a.startsWith('-')) : undefined;
  return { unknown: marker(walk, root) };
}
