// Flattens a parsed command line into the simple commands it runs ("units"), wherever they sit:
// after && || ; |, inside ( ) and { }, $( ) and backticks, <( ) >( ), if/for/while/case
// bodies, function bodies, here-documents, `find -exec`, and (strictly) `bash -c` / `eval`
// scripts. Each unit keeps its words (static value or dynamic), assignments and redirections,
// and notes the constructs Claude Code's static analyser refuses to approve.
import type { Word } from './commands';
import { shellScript } from './commands';
import type {
  AssignmentNode,
  CommandNode,
  RedirectionNode,
  ScriptNode,
  SimpleCommandNode,
  StatementNode,
  WordNode,
  WordPart,
} from './parse';
import { parseCommand } from './parse';
import { quotedHereDocText } from './gate';

export interface Redirect {
  op: string;
  fd: number | null;
  /** The target word; null for a here-document (<<). */
  target: Word | null;
}

export type Origin =
  /** where && || ; | put it */
  | 'list'
  | 'subshell'
  | 'group'
  | 'substitution'
  | 'control'
  | 'function'
  | 'find-exec'
  /** inside a `bash -c` or `sh -c` string: Claude Code 2.1.273 does not look there */
  | 'shell-c'
  | 'eval';

export interface Unit {
  assignments: { name: string; text: string }[];
  /** Command name and arguments. */
  words: Word[];
  redirects: Redirect[];
  /** Assignments and words as written, without redirections (how parts are listed). */
  display: string;
  origin: Origin;
  /** Index of the top-level pipe segment the unit belongs to (see Analysis.segments). */
  segment: number;
  /** Index of the top-level command (a part of the && || ; | list) it belongs to. */
  top: number;
  /** Position in the command line. */
  index: number;
  /** Inside a `bash -c` script (at any depth): only the strict reading sees it. */
  strictOnly: boolean;
  /** One brace-expansion alternative of the unit before it: checked against deny rules only. */
  shadow?: boolean;
}

export interface Analysis {
  units: Unit[];
  /** Constructs the static analyser will not approve, in order of appearance (tree-sitter
   * node names, as in "Contains simple_expansion"), plus 'subshell' for ( ). */
  constructs: string[];
  /** The command line cut at its top-level pipes, as Claude Code names the parts of a
   * pipeline (output redirections left out); one element when there is no top-level pipe. */
  segments: string[];
  /** Each top-level command of the && || ; | list as Claude Code names a part needing approval,
   * and whether it runs anything (a bare assignment does not count as a part). */
  tops: { text: string; runs: boolean }[];
  /** Variables the line sets without running a command with them: `F=x;` on its own and the
   * variable of a for loop, with the top-level pipe segment they are set in. */
  bareNames: { name: string; segment: number }[];
}

const MAX_DEPTH = 8;

interface Walk {
  home: string;
  /** Variables with a static value: HOME and those the line assigns before using them. */
  vars: ReadonlyMap<string, string>;
  units: Unit[];
  constructs: string[];
  bareNames: { name: string; segment: number }[];
  depth: number;
  strictOnly: boolean;
  /** The top-level pipe segment being walked. */
  segment: number;
  top: number;
  /** The line is cut into pipe segments at every pipe of its control bodies (pipeLayout). */
  textSegments: boolean;
}

const note = (w: Walk, construct: string) => {
  if (!w.constructs.includes(construct)) w.constructs.push(construct);
};

function partText(p: WordPart, inQuotes: boolean): string {
  switch (p.type) {
    case 'Literal':
      return p.value;
    case 'SingleQuoted':
      return `'${p.value}'`;
    case 'DoubleQuoted':
      return `"${p.parts.map((x) => partText(x, true)).join('')}"`;
    case 'Escaped':
      return `\\${p.value}`;
    case 'ParameterExpansion':
      return p.operation === null && /^([A-Za-z_][A-Za-z0-9_]*|[0-9?#$!@*-])$/.test(p.parameter)
        ? `$${p.parameter}`
        : `\${${p.parameter}…}`;
    case 'CommandSubstitution':
      return p.legacy ? `\`${scriptText(p.body)}\`` : `$(${scriptText(p.body)})`;
    case 'ArithmeticExpansion':
      return `$((${p.expression.originalText ?? '…'}))`;
    case 'ProcessSubstitution':
      return `${p.direction === 'input' ? '<' : '>'}(${scriptText(p.body)})`;
    case 'BraceExpansion':
      return `{${p.items.map((i) => (i.type === 'Word' ? wordText(i.word) : `${i.startStr ?? i.start}..${i.endStr ?? i.end}`)).join(',')}}`;
    case 'TildeExpansion':
      return `~${p.user ?? ''}`;
    case 'Glob':
      return p.pattern;
    default:
      return inQuotes ? '' : '';
  }
}

export const wordText = (w: WordNode): string => w.parts.map((p) => partText(p, false)).join('');

function scriptText(s: ScriptNode): string {
  return s.statements.map((st) => st.sourceText ?? '…').join('; ');
}

const MAX_ALTERNATIVES = 64;

/** `{a..e}` / `{1..10..2}` items, or null when the range is not a plain one. */
function rangeValues(start: string | number, end: string | number, step?: number): string[] | null {
  const by = Math.abs(step ?? 1) || 1;
  const out: string[] = [];
  if (typeof start === 'number' && typeof end === 'number') {
    for (let i = start; start <= end ? i <= end : i >= end; i += start <= end ? by : -by) {
      out.push(String(i));
      if (out.length > MAX_ALTERNATIVES) return null;
    }
    return out;
  }
  const a = String(start);
  const b = String(end);
  if (a.length !== 1 || b.length !== 1) return null;
  const [x, y] = [a.charCodeAt(0), b.charCodeAt(0)];
  for (let i = x; x <= y ? i <= y : i >= y; i += x <= y ? by : -by) out.push(String.fromCharCode(i));
  return out.length > MAX_ALTERNATIVES ? null : out;
}

/** Every static value a word can take (several with brace expansion), or null when it
 * depends on an expansion only known at run time. */
function wordValues(
  w: WordNode,
  home: string,
  vars: ReadonlyMap<string, string> = new Map(),
): { values: string[] | null; glob: boolean } {
  let glob = false;
  const cross = (acc: string[], next: readonly string[]): string[] | null => {
    const out: string[] = [];
    for (const a of acc) for (const b of next) out.push(a + b);
    return out.length > MAX_ALTERNATIVES ? null : out;
  };
  const parts = (ps: readonly WordPart[], quoted: boolean, start: string[]): string[] | null => {
    let acc: string[] | null = start;
    for (const p of ps) {
      if (acc === null) return null;
      switch (p.type) {
        case 'Literal':
        case 'SingleQuoted':
        case 'Escaped':
          acc = cross(acc, [p.value]);
          break;
        case 'DoubleQuoted':
          acc = parts(p.parts, true, acc);
          break;
        case 'TildeExpansion':
          if (quoted || p.user !== null || acc.some((a) => a !== '')) return null;
          acc = cross(acc, [home]);
          break;
        case 'Glob':
          glob = true;
          acc = cross(acc, [p.pattern]);
          break;
        case 'ParameterExpansion': {
          const v =
            p.operation === null ? (p.parameter === 'HOME' ? home : vars.get(p.parameter)) : undefined;
          if (v === undefined) return null;
          acc = cross(acc, [v]);
          break;
        }
        case 'BraceExpansion': {
          const items: string[] = [];
          for (const item of p.items) {
            const v =
              item.type === 'Word'
                ? parts(item.word.parts, false, [''])
                : rangeValues(item.start, item.end, item.step);
            if (v === null) return null;
            items.push(...v);
          }
          acc = cross(acc, items);
          break;
        }
        case 'CommandSubstitution': {
          const text = quoted ? quotedHereDocText(p.body) : undefined;
          if (text === undefined) return null;
          acc = cross(acc, [text]);
          break;
        }
        default:
          return null;
      }
    }
    return acc;
  };
  return { values: parts(w.parts, false, ['']), glob };
}

/** A word as the unit sees it: a value only when it has exactly one. */
function word(w: WordNode, walk: Walk): Word {
  const { values, glob } = wordValues(w, walk.home, walk.vars);
  const braced = values !== null && values.length > 1;
  return {
    value: values?.length === 1 ? (values[0] as string) : null,
    glob,
    text: wordText(w),
    ...(braced ? { braced } : {}),
  };
}

/** The brace-expansion alternatives of a word (one Word per value), or undefined for a word
 * with a single value or none. */
function alternatives(w: WordNode, walk: Walk): Word[] | undefined {
  const { values, glob } = wordValues(w, walk.home, walk.vars);
  if (!values || values.length < 2) return undefined;
  return values.map((v) => ({ value: v, glob, text: v }));
}

/** Visits the expansions inside a word: notes constructs and walks nested scripts. */
function scanWord(w: WordNode, walk: Walk): void {
  const visit = (ps: readonly WordPart[]) => {
    for (const p of ps) {
      switch (p.type) {
        case 'DoubleQuoted':
          visit(p.parts);
          break;
        case 'ParameterExpansion':
          note(walk, p.operation === null ? 'simple_expansion' : 'expansion');
          scanOperation(p.operation, walk);
          break;
        case 'CommandSubstitution':
          note(walk, 'command_substitution');
          walkScript(p.body, walk, 'substitution');
          break;
        case 'ProcessSubstitution':
          note(walk, 'process_substitution');
          walkScript(p.body, walk, 'substitution');
          break;
        case 'ArithmeticExpansion':
          note(walk, 'arithmetic_expansion');
          break;
        case 'BraceExpansion':
          note(walk, 'brace_expression');
          for (const item of p.items) if (item.type === 'Word') scanWord(item.word, walk);
          break;
        default:
          break;
      }
    }
  };
  visit(w.parts);
}

/** `${X:-$(rm a)}`: the words inside a parameter operation can run commands too. */
function scanOperation(op: unknown, walk: Walk): void {
  if (!op || typeof op !== 'object') return;
  for (const v of Object.values(op as Record<string, unknown>)) {
    if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Word')
      scanWord(v as WordNode, walk);
    else if (v && typeof v === 'object') scanOperation(v, walk);
  }
}

function redirect(r: RedirectionNode, walk: Walk): Redirect {
  if (r.target.type === 'HereDoc') {
    if (!r.target.quoted) scanWord(r.target.content, walk);
    return { op: r.operator, fd: r.fd, target: null };
  }
  scanWord(r.target, walk);
  return { op: r.operator, fd: r.fd, target: word(r.target, walk) };
}

function assignment(a: AssignmentNode, walk: Walk): { name: string; text: string } {
  if (a.value) scanWord(a.value, walk);
  for (const v of a.array ?? []) scanWord(v, walk);
  const value = a.array ? `(${a.array.map(wordText).join(' ')})` : a.value ? wordText(a.value) : '';
  return { name: a.name, text: `${a.name}${a.append ? '+=' : '='}${value}` };
}

function simple(cmd: SimpleCommandNode, walk: Walk, origin: Origin): void {
  const assignments = cmd.assignments.map((a) => assignment(a, walk));
  const nodes = cmd.name ? [cmd.name, ...cmd.args] : [];
  for (const n of nodes) scanWord(n, walk);
  const words = nodes.map((n) => word(n, walk));
  const redirects = cmd.redirections.map((r) => redirect(r, walk));
  const shown = usesLineVariable(
    words.map((w) => w.text),
    walk.vars,
  )
    ? shellQuoteAll(words)
    : null;
  const display = [...assignments.map((a) => a.text), ...(shown ?? words.map((w) => w.text))].join(' ');
  if (words.length === 0)
    walk.bareNames.push(...assignments.map((a) => ({ name: a.name, segment: walk.segment })));
  walk.units.push({
    assignments,
    words,
    redirects,
    display,
    origin,
    segment: walk.segment,
    top: walk.top,
    index: walk.units.length,
    strictOnly: walk.strictOnly,
  });
  // Brace expansion: each combination becomes a shadow unit, checked against deny rules only.
  const choices = nodes.map((n, i) => alternatives(n, walk) ?? [words[i] as Word]);
  if (choices.some((c) => c.length > 1)) {
    let combos: Word[][] = [[]];
    for (const c of choices) {
      combos = combos.flatMap((acc) => c.map((w) => [...acc, w]));
      if (combos.length > MAX_ALTERNATIVES) break;
    }
    for (const combo of combos.slice(0, MAX_ALTERNATIVES)) {
      walk.units.push({
        assignments,
        words: combo,
        redirects,
        display: combo.map((w) => w.text).join(' '),
        origin,
        segment: walk.segment,
        top: walk.top,
        index: walk.units.length,
        strictOnly: walk.strictOnly,
        shadow: true,
      });
    }
  }
  nestedScripts(words, walk);
}

/** Scripts a command runs from its arguments: `find -exec`, `bash -c`, `eval`. */
function nestedScripts(words: readonly Word[], walk: Walk): void {
  if (walk.depth >= MAX_DEPTH) return;
  const name = words[0]?.value;
  const inner = (text: string, origin: Origin) => {
    const parsed = parseCommand(text);
    if (!parsed.ok) return;
    walk.depth++;
    walkScript(parsed.script, walk, origin);
    walk.depth--;
  };
  const script = shellScript(words);
  if (typeof script === 'string') {
    // Claude Code 2.1.273 does not analyse these scripts, so their constructs change no message.
    const saved = { constructs: walk.constructs, strictOnly: walk.strictOnly };
    walk.constructs = [];
    walk.strictOnly = true;
    inner(script, 'shell-c');
    walk.constructs = saved.constructs;
    walk.strictOnly = saved.strictOnly;
  }
  // An eval string is not looked into (both versions refuse eval itself before any rule).
  if (name === 'find') {
    for (let i = 1; i < words.length; i++) {
      if (!['-exec', '-execdir', '-ok', '-okdir'].includes(words[i]?.value ?? '')) continue;
      let end = i + 1;
      while (end < words.length && words[end]?.value !== ';' && words[end]?.value !== '+') end++;
      const sub = words.slice(i + 1, end).filter((w) => w.value !== '{}');
      if (sub.length > 0)
        walk.units.push({
          assignments: [],
          words: sub,
          redirects: [],
          display: sub.map((w) => w.text).join(' '),
          origin: 'find-exec',
          segment: walk.segment,
          top: walk.top,
          index: walk.units.length,
          // Neither release matches rules against what find runs: probe-find-exec (deny
          // Bash(cat:*), Bash(rm:*); bypassPermissions runs `find . -exec rm {} +`).
          strictOnly: true,
        });
      i = end;
    }
  }
}

function walkBody(body: readonly StatementNode[], walk: Walk, origin: Origin): void {
  for (const st of body) walkStatement(st, walk, origin);
}

function walkCommand(cmd: CommandNode, walk: Walk, origin: Origin): void {
  switch (cmd.type) {
    case 'SimpleCommand':
      simple(cmd, walk, origin);
      return;
    case 'FunctionDef':
      note(walk, 'function_definition');
      walkCommand(cmd.body, walk, 'function');
      break;
    case 'Subshell':
      note(walk, 'subshell');
      walkBody(cmd.body, walk, 'subshell');
      break;
    case 'Group':
      note(walk, 'compound_statement');
      walkBody(cmd.body, walk, 'group');
      break;
    case 'If':
      note(walk, 'if_statement');
      for (const c of cmd.clauses) {
        walkBody(c.condition, walk, 'control');
        walkBody(c.body, walk, 'control');
      }
      walkBody(cmd.elseBody ?? [], walk, 'control');
      break;
    case 'For':
      note(walk, 'for_statement');
      // A loop over literal words (`for i in 1`, recorded in bashperm) sets a variable that
      // keeps every part from being read-only; one over globs (`for f in *`, probed) does not:
      // its values are file names.
      if (!(cmd.words && cmd.words.length > 0 && cmd.words.every((w) => word(w, walk).glob)))
        walk.bareNames.push({ name: cmd.variable, segment: walk.segment });
      for (const w of cmd.words ?? []) scanWord(w, walk);
      walkBody(cmd.body, walk, 'control');
      break;
    case 'CStyleFor':
      note(walk, 'c_style_for_statement');
      walkBody(cmd.body, walk, 'control');
      break;
    case 'While':
    case 'Until':
      note(walk, 'while_statement');
      walkBody(cmd.condition, walk, 'control');
      walkBody(cmd.body, walk, 'control');
      break;
    case 'Case':
      note(walk, 'case_statement');
      scanWord(cmd.word, walk);
      for (const item of cmd.items) walkBody(item.body, walk, 'control');
      break;
    case 'ArithmeticCommand':
      note(walk, 'arithmetic_expansion');
      break;
    case 'ConditionalCommand':
      note(walk, 'test_command');
      break;
  }
  // Redirections of compound commands apply to everything inside; record them on a unit of
  // their own so they are checked like any other redirection.
  if ('redirections' in cmd && cmd.redirections.length > 0) {
    const redirects = cmd.redirections.map((r) => redirect(r, walk));
    walk.units.push({
      assignments: [],
      words: [],
      redirects,
      display: '',
      origin,
      segment: walk.segment,
      top: walk.top,
      index: walk.units.length,
      strictOnly: walk.strictOnly,
    });
  }
}

/** A command as Claude Code names it: words, without output redirections. A part of the list
 * is named with the line's variables substituted (`git add foo.txt`), a pipe segment as
 * written (`F=foo.txt; tar cf - "$F"`: bashperm 0666, 0930, 1045). */
function commandText(cmd: CommandNode, walk: Walk, source: string | undefined, substitute: boolean): string {
  if (cmd.type !== 'SimpleCommand') return source ?? '';
  const scratch = { ...walk, units: [], constructs: [], bareNames: [] };
  const assignments = cmd.assignments.map((a) => assignment(a, scratch).text);
  const nodes = cmd.name ? [cmd.name, ...cmd.args] : [];
  const words =
    (substitute && usesLineVariable(nodes.map(wordText), walk.vars)
      ? shellQuoteAll(nodes.map((n) => word(n, scratch)))
      : null) ?? nodes.map(wordText);
  // Only output redirections are left out of a part's name; input redirections and here-strings
  // stay (`xargs cat <<< foo.txt`).
  const inputs = cmd.redirections
    .filter((r) => (r.operator === '<' || r.operator === '<<<') && r.target.type === 'Word')
    .map((r) => `${r.operator} ${wordText(r.target as WordNode)}`);
  return [...assignments, ...words, ...inputs].join(' ');
}

/** Does a word read a variable the line itself set (`$F` after `F=foo.txt;`)? */
function usesLineVariable(texts: readonly string[], vars: ReadonlyMap<string, string>): boolean {
  return texts.some((t) => [...t.matchAll(/\$\{?([A-Za-z_]\w*)/g)].some((m) => vars.has(m[1] as string)));
}

/** A command whose words read a variable the line set is named by its words' values, each
 * quoted for the shell where needed (`python3 -c 'print(open('\''foo.txt'\'').read())'`). */
function shellQuoteAll(words: readonly Word[]): string[] | null {
  if (words.some((w) => w.value === null)) return null;
  return words.map((w) => {
    const v = w.value as string;
    return /^[A-Za-z0-9_\-.,:/@%+=[\]]+$/.test(v) ? v : `'${v.replace(/'/g, "'\\''")}'`;
  });
}

const CONTROL = new Set(['If', 'For', 'CStyleFor', 'While', 'Until']);

/** Top-level walk: also cuts the command line into pipe segments. */
function walkTop(s: ScriptNode, walk: Walk): { segments: string[]; tops: Analysis['tops'] } {
  const segments = [''];
  const tops: Analysis['tops'] = [];
  const append = (t: string) => {
    segments[segments.length - 1] += t;
  };
  s.statements.forEach((st, si) => {
    // `a & b` is one list: the `&` separates, no `;` follows it (`grep al & wait` is named so).
    if (si > 0) append(s.statements[si - 1]?.background ? ' ' : '; ');
    st.pipelines.forEach((pl, pi) => {
      if (pi > 0) append(` ${st.operators[pi - 1] ?? ';'} `);
      if (pl.negated) append('! ');
      pl.commands.forEach((cmd, ci) => {
        if (ci > 0) segments.push('');
        if (!walk.textSegments) walk.segment = segments.length - 1;
        else if (ci > 0) walk.segment++;
        const single = st.pipelines.length === 1 && pl.commands.length === 1 ? st.sourceText : undefined;
        const text = commandText(cmd, walk, single, true);
        append(commandText(cmd, walk, single, false));
        walk.top = tops.length;
        tops.push({
          text: cmd.type === 'SimpleCommand' ? text : (st.sourceText ?? text),
          runs: cmd.type !== 'SimpleCommand' || cmd.name !== null,
        });
        const first = walk.units.length;
        walkCommand(cmd, walk, 'list');
        const fromOutput =
          cmd.type === 'SimpleCommand' && cmd.name === null
            ? walk.units.slice(first).filter((u) => u.origin === 'substitution' && !u.shadow && !u.strictOnly)
            : [];
        if (fromOutput.length > 0) {
          // A bare assignment runs nothing itself: the commands of its `$(…)` are the parts
          // (probed: `x=$(cat a.txt); echo hi` asks for `cat a.txt, echo hi`, both versions).
          tops.pop();
          for (const u of walk.units.slice(first)) {
            if (fromOutput.includes(u)) {
              u.top = tops.length;
              tops.push({ text: u.display, runs: u.words.length > 0 });
            } else u.top = Math.max(0, tops.length - 1);
          }
        }
        if (CONTROL.has(cmd.type)) {
          // The commands of an if statement or a loop are parts of their own (probed: `for i in
          // 1; do touch x; touch y; done` asks for `touch x, touch y`).
          tops.pop();
          for (const u of walk.units.slice(first)) {
            if (u.shadow || u.strictOnly || u.origin === 'substitution') {
              u.top = Math.max(0, tops.length - 1);
              continue;
            }
            u.top = tops.length;
            tops.push({ text: u.display, runs: u.words.length > 0 });
          }
        }
      });
    });
    if (st.background) append(' &');
  });
  return { segments: segments.map((t) => t.trim()), tops };
}

function walkStatement(st: StatementNode, walk: Walk, origin: Origin): void {
  for (const pl of st.pipelines)
    pl.commands.forEach((cmd, ci) => {
      // A pipe in the body of a top-level if/for/while cuts the line into segments too.
      if (ci > 0 && origin === 'control' && walk.depth === 0 && walk.textSegments) walk.segment++;
      walkCommand(cmd, walk, origin);
    });
}

function walkScript(s: ScriptNode, walk: Walk, origin: Origin): void {
  for (const st of s.statements) walkStatement(st, walk, origin);
}

export function analyze(
  script: ScriptNode,
  home: string,
  vars: ReadonlyMap<string, string> = new Map(),
  source?: string,
): Analysis {
  const walk: Walk = {
    home,
    vars,
    units: [],
    constructs: [],
    bareNames: [],
    depth: 0,
    strictOnly: false,
    segment: 0,
    top: 0,
    textSegments: false,
  };
  const layout = source === undefined ? undefined : pipeLayout(script, source);
  walk.textSegments = layout !== undefined;
  const { segments, tops } = walkTop(script, walk);
  return {
    units: walk.units,
    constructs: walk.constructs,
    segments: layout ?? segments,
    tops,
    bareNames: walk.bareNames,
  };
}

/** The pipes of a line's top level and of its if/for/while bodies. */
function controlPipes(body: readonly StatementNode[]): number {
  let pipes = 0;
  for (const st of body)
    for (const pl of st.pipelines) {
      pipes += pl.commands.length - 1;
      for (const cmd of pl.commands) {
        const inner: StatementNode[][] =
          cmd.type === 'If'
            ? [...cmd.clauses.flatMap((c) => [c.condition, c.body]), cmd.elseBody ?? []]
            : cmd.type === 'For' || cmd.type === 'CStyleFor'
              ? [cmd.body]
              : cmd.type === 'While' || cmd.type === 'Until'
                ? [cmd.condition, cmd.body]
                : [];
        for (const b of inner) pipes += controlPipes(b);
      }
    }
  return pipes;
}

/** Where the line's pipes are, outside quotes, substitutions and `||`. */
function pipePositions(source: string): { at: number; width: number }[] {
  const found: { at: number; width: number }[] = [];
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === "'") {
      const end = source.indexOf("'", i + 1);
      i = end < 0 ? source.length : end;
    } else if (c === '"') {
      for (i++; i < source.length && source[i] !== '"'; i++) if (source[i] === '\\') i++;
    } else if (c === '$' && (source[i + 1] === '(' || source[i + 1] === '{')) {
      depth++;
      i++;
    } else if (c === '`') {
      const end = source.indexOf('`', i + 1);
      i = end < 0 ? source.length : end;
    } else if ((c === ')' || c === '}') && depth > 0) depth--;
    else if (c === '|' && depth === 0) {
      if (source[i + 1] === '|') i++;
      else {
        const width = source[i + 1] === '&' ? 2 : 1;
        found.push({ at: i, width });
        i += width - 1;
      }
    }
  }
  return found;
}

/** Redirections of one descriptor to a file are left out of a segment's name with the spaces
 * after them (`touch y 2>/dev/null; fi` is named `touch y ; fi`, `echo x >> a.txt && git log`
 * `echo x && git log`); a duplication (`2>&1`, `>&2`) and `&>file` stay
 * (bash-perm-deny-pipe-redirects, both versions; difftest seed 18181818). */
const OUTPUT_REDIRECT = /(?<![&\d>])\d*(?:>>|>\||>)(?!&)\s*(?:'[^']*'|"[^"]*"|[^\s;|&<>()]+)\s*/g;

/** Claude Code names the pipe segments by cutting the line's text at every pipe, keeping its
 * spacing and what lies before the pipe in its list (probed on both versions: `if true; then
 * touch x | touch y; fi` asks for `if true; then touch x, touch y; fi`; `echo x && rm a.txt 2>&1
 * | cat` with rm denied names `echo x && rm a.txt 2>&1`). Undefined when a pipe sits where the
 * cut cannot find it (in a subshell or a substitution): the top-level walk names them then. */
function pipeLayout(script: ScriptNode, source: string): string[] | undefined {
  const pipes = controlPipes(script.statements);
  if (pipes === 0) return undefined;
  const at = pipePositions(source);
  if (at.length !== pipes) return undefined;
  const cuts = [{ at: -1, width: 1 }, ...at, { at: source.length, width: 0 }];
  return cuts.slice(1).map((cut, i) => {
    const from = (cuts[i]?.at ?? 0) + (cuts[i]?.width ?? 0);
    return source.slice(from, cut.at).replace(OUTPUT_REDIRECT, '').trim();
  });
}
