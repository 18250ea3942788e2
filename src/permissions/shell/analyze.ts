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

export interface Redirect {
  op: string;
  fd: number | null;
  /** The target word; null for a here-document. */
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
  /** Position in the command line. */
  index: number;
  /** Inside a `bash -c` script (at any depth): only the strict reading sees it. */
  strictOnly: boolean;
}

export interface Analysis {
  units: Unit[];
  /** Constructs the static analyser will not approve, in order of appearance (tree-sitter
   * node names, as in "Contains simple_expansion"), plus 'subshell' for ( ). */
  constructs: string[];
  /** The command line cut at its top-level pipes, as Claude Code names the parts of a
   * pipeline (output redirections left out); one element when there is no top-level pipe. */
  segments: string[];
}

const MAX_DEPTH = 8;

interface Walk {
  home: string;
  units: Unit[];
  constructs: string[];
  depth: number;
  strictOnly: boolean;
  /** The top-level pipe segment being walked. */
  segment: number;
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

/** The static value of a word, or null when it depends on an expansion. */
function wordValue(w: WordNode, home: string): { value: string | null; glob: boolean } {
  let value = '';
  let glob = false;
  const parts = (ps: readonly WordPart[], quoted: boolean): boolean => {
    for (const p of ps) {
      switch (p.type) {
        case 'Literal':
        case 'SingleQuoted':
        case 'Escaped':
          value += p.value;
          break;
        case 'DoubleQuoted':
          if (!parts(p.parts, true)) return false;
          break;
        case 'TildeExpansion':
          if (quoted || p.user !== null || value !== '') return false;
          value += home;
          break;
        case 'Glob':
          value += p.pattern;
          glob = true;
          break;
        default:
          return false;
      }
    }
    return true;
  };
  return parts(w.parts, false) ? { value, glob } : { value: null, glob };
}

function word(w: WordNode, walk: Walk): Word {
  const { value, glob } = wordValue(w, walk.home);
  return { value, glob, text: wordText(w) };
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
  const display = [...assignments.map((a) => a.text), ...words.map((w) => w.text)].join(' ');
  walk.units.push({
    assignments,
    words,
    redirects,
    display,
    origin,
    segment: walk.segment,
    index: walk.units.length,
    strictOnly: walk.strictOnly,
  });
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
  if (name === 'eval' && words.slice(1).every((w) => w.value !== null))
    inner(
      words
        .slice(1)
        .map((w) => w.value)
        .join(' '),
      'eval',
    );
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
          index: walk.units.length,
          strictOnly: walk.strictOnly,
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
      index: walk.units.length,
      strictOnly: walk.strictOnly,
    });
  }
}

/** A command as Claude Code names a pipe segment: words, without output redirections. */
function commandText(cmd: CommandNode, walk: Walk, source: string | undefined): string {
  if (cmd.type !== 'SimpleCommand') return source ?? '';
  const scratch = { ...walk, units: [], constructs: [] };
  const assignments = cmd.assignments.map((a) => assignment(a, scratch).text);
  const words = (cmd.name ? [cmd.name, ...cmd.args] : []).map(wordText);
  const inputs = cmd.redirections
    .filter((r) => r.operator === '<' && r.target.type === 'Word')
    .map((r) => `< ${wordText(r.target as WordNode)}`);
  return [...assignments, ...words, ...inputs].join(' ');
}

/** Top-level walk: also cuts the command line into pipe segments. */
function walkTop(s: ScriptNode, walk: Walk): string[] {
  const segments = [''];
  const append = (t: string) => {
    segments[segments.length - 1] += t;
  };
  s.statements.forEach((st, si) => {
    if (si > 0) append('; ');
    st.pipelines.forEach((pl, pi) => {
      if (pi > 0) append(` ${st.operators[pi - 1] ?? ';'} `);
      if (pl.negated) append('! ');
      pl.commands.forEach((cmd, ci) => {
        if (ci > 0) segments.push('');
        walk.segment = segments.length - 1;
        const single = st.pipelines.length === 1 && pl.commands.length === 1 ? st.sourceText : undefined;
        append(commandText(cmd, walk, single));
        walkCommand(cmd, walk, 'list');
      });
    });
    if (st.background) append(' &');
  });
  return segments.map((t) => t.trim());
}

function walkStatement(st: StatementNode, walk: Walk, origin: Origin): void {
  for (const pl of st.pipelines) for (const cmd of pl.commands) walkCommand(cmd, walk, origin);
}

function walkScript(s: ScriptNode, walk: Walk, origin: Origin): void {
  for (const st of s.statements) walkStatement(st, walk, origin);
}

export function analyze(script: ScriptNode, home: string): Analysis {
  const walk: Walk = { home, units: [], constructs: [], depth: 0, strictOnly: false, segment: 0 };
  const segments = walkTop(script, walk);
  return { units: walk.units, constructs: walk.constructs, segments };
}
