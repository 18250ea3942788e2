// The static gate: the shell syntax Claude Code refuses to approve without asking, whatever
// the rules and the working directories say. The binary walks the command in source order and
// stops at the first construct it cannot model; each construct has its own reason, worded per
// version (`GateTexts` in the permission behaviour). Everything here was recorded from 2.1.273
// and 2.1.332 (probes over ~300 commands: /work is not kept, the rules are): what is not listed
// here passes the gate and is judged by the later stages (rules, paths, read-only set).
import { FILE_COMMANDS, FIND_ACTIONS, WRAPPERS } from './commands';
import type { CommandNode, ScriptNode, StatementNode, WordNode, WordPart } from './parse';

export type GateReason =
  | { kind: 'node'; node: GateNode }
  | { kind: 'set-variable' }
  | { kind: 'evaluates'; command: string }
  | { kind: 'zsh-builtin'; command: string }
  | { kind: 'runs-command'; command: string }
  | { kind: 'timeout-flag'; flag: string }
  | { kind: 'fragment' }
  | { kind: 'zsh-precommand'; wrapper: string; command: string }
  | { kind: 'find-action'; flag: string }
  | { kind: 'arithmetic-variable'; name: string }
  | { kind: 'fixed'; text: GateFixed };

/** tree-sitter-bash node names, as 2.1.273 names them in "Contains <node>". */
export type GateNode =
  | 'simple_expansion'
  | 'expansion'
  | 'string'
  | 'compound_statement'
  | 'command_substitution'
  | 'process_substitution'
  | 'case_statement'
  | 'function_definition'
  | 'c_style_for_statement'
  | 'while_statement'
  | 'ansi_c_string'
  | 'translated_string'
  | 'array'
  | 'brace_expression'
  /** A pipe inside a quoted `$(cat <<'EOF' … EOF | head)` (probed on both versions). */
  | 'pipeline'
  /** `&` inside a subshell, loop or if body (a top-level `&` has a text of its own). */
  | 'nested_background'
  /** `;` between commands inside parentheses (`(touch x; touch y)`, probed on both versions). */
  | 'nested_semicolon'
  /** A file redirect after a quoted heredoc, which tree-sitter nests inside the heredoc. */
  | 'file_redirect';

export type GateFixed =
  | 'subshell'
  | 'brace-expansion'
  | 'escaped-brace'
  | 'escaped-whitespace'
  | 'heredoc'
  | 'tilde-assignment'
  | 'brace-quote'
  | 'expansion-in-path'
  | 'tilde-variant'
  | 'background'
  | 'heredoc-word'
  /** A command name in double quotes that holds a variable set from a command's output. */
  | 'runtime-name'
  | 'zsh-subscript';

/** Variables a command may read without the gate stopping it: HOME is resolved from the
 * environment (`echo $HOME`, `ls "$HOME"` are judged as the home path). */
const RESOLVED = new Set(['HOME']);
/** Variables the shell itself sets (recorded, gate probes on both versions): inside double
 * quotes with at least two characters of other text (`"x $PWD"`, `"$PWD/foo.txt"`) they pass
 * the gate; with less (`"$PWD"`, `"x$PWD"`, `"$PWD/"`) the string is refused as quoted text.
 * Any other variable (`TERM`, `LANG`, `$0`, `$@`, unset names) is refused as a variable. */
const SHELL_SET = new Set([
  'PWD',
  'OLDPWD',
  'USER',
  'LOGNAME',
  'PATH',
  'SHELL',
  'TMPDIR',
  'HOSTNAME',
  'UID',
  'EUID',
  'PPID',
  'BASHPID',
  'RANDOM',
  'SECONDS',
  'LINENO',
  'SHLVL',
  'BASH_VERSION',
  'IFS',
  '?',
  '$',
  '!',
  '#',
  '-',
]);
/** Fewer characters of other text than this in a double-quoted string with a shell-set
 * variable refuse it as quoted text. */
const MIN_QUOTED_TEXT = 2;

const EVALUATES = new Set(['eval', 'exec', 'source', '.', 'alias', 'trap', 'coproc']);
/** Programs that run their arguments as a command and that Claude Code does not look into:
 * with an argument they are refused whatever the rules say (`ionice cat a.txt`, `flock /tmp/l
 * cat a.txt`; bare `ionice` is an ordinary command needing approval; unbuffer, doas, caffeinate
 * and sudo are ordinary commands: wrapper probes, both versions). */
const RUNS_COMMAND = new Set(['ionice', 'setsid', 'chrt', 'taskset', 'watch', 'flock', 'strace', 'nsenter']);
/** timeout's options the binary understands; any other option is refused as such. */
const TIMEOUT_VALUE = new Set(['-s', '-k', '--signal', '--kill-after']);
const TIMEOUT_BARE = new Set(['--foreground', '--preserve-status', '-v', '--verbose']);

/** The wrapper a command starts with, when its options keep it from being looked into:
 * nice takes only `-n N` and `-N`, nohup, time and noglob no option (`noglob -x ls`) (`nice -n5`, `nice --`, `time -p`,
 * `nohup -x` are "an incomplete fragment"); timeout names the option it does not know
 * (`-x`, `--`). Wrapper probes, both versions. */
function wrapperReason(words: readonly (string | null)[]): GateReason | undefined {
  const name = words[0];
  if (name === null || name === undefined) return undefined;
  if (RUNS_COMMAND.has(name)) return words.length > 1 ? { kind: 'runs-command', command: name } : undefined;
  if (name === 'nice' || name === 'nohup' || name === 'time' || name === 'noglob') {
    for (let i = 1; i < words.length; i++) {
      const v = words[i];
      if (v === null || v === undefined || !v.startsWith('-')) return undefined;
      if (name === 'nice' && v === '-n') i++;
      else if (!(name === 'nice' && /^-\d+$/.test(v))) return { kind: 'fragment' };
    }
    return undefined;
  }
  if (name === 'timeout') {
    for (let i = 1; i < words.length; i++) {
      const v = words[i];
      if (v === null || v === undefined || !v.startsWith('-')) return undefined;
      if (TIMEOUT_VALUE.has(v)) i++;
      else if (TIMEOUT_BARE.has(v) || /^--(signal|kill-after)=./.test(v) || /^-[sk]./.test(v)) continue;
      else return { kind: 'timeout-flag', flag: v };
    }
  }
  return undefined;
}

const ZSH_BUILTINS = new Set([
  'shopt',
  'zmodload',
  'emulate',
  'setopt',
  'unsetopt',
  'zle',
  'zstyle',
  'autoload',
  'zcompile',
  'zparseopts',
  'zpty',
  'ztcp',
  'zsocket',
  'sysopen',
  'syswrite',
  'sysread',
  'zf_rm',
  'zf_mv',
  'zf_ln',
  'zf_chmod',
  'zf_chown',
  'zf_mkdir',
  'zf_rmdir',
]);
/** Wrappers the gate looks through to find the command that runs (`command eval x`). */
const TRANSPARENT = new Set(['command', 'builtin']);

interface Walk {
  /** Variables assigned earlier in the command line, with a value known before it runs. */
  assigned: Set<string>;
  /** Variables assigned earlier in the line from what a command prints (`x=$(cat a)`): bare,
   * `$x` is refused as a variable; in double quotes it is judged as a variable the shell sets
   * (recorded: `x=$(cat a.txt); echo $x`, `echo "$x"`, both versions). */
  fromOutput: Set<string>;
  /** A variable assigned earlier in the line is read (2.1.332 will not approve it unasked). */
  usedAssigned: boolean;
  /** Braced parameter expansions in source order (the parser does not keep the braces). */
  braced: boolean[];
  next: number;
  /** Inside a subshell, loop or if body (a `&` there is refused as shell syntax). */
  nested: number;
  /** A subshell was seen: refused only when no construct of the first rank is in the line. */
  subshell: boolean;
  /** A subshell holds several commands (`(cd d; ls)`). */
  subshellList: boolean;
  /** The first refusal of the path checks (tilde variants, `$` in a quoted path), which come
   * after the subshell. */
  late?: GateReason;
  /** A top-level `&`: refused last of all. */
  background: boolean;
  /** The first quoted `$(cat <<'EOF' … EOF)` whose text is one word (hereDocWordReason). */
  hereDocWord?: GateReason;
  /** eval and its kind are refused after path deny rules (2.1.332), not in source order. */
  deferEval: boolean;
  evaluates?: GateReason;
  /** Walking a redirection target: an unquoted variable there is not resolved through the
   * line's own assignments (`> $F` is refused as a variable, `> "$F"` is judged as its value:
   * bashperm 0914, 0584). */
  redirect?: boolean;
  /** The command being walked pipes its output on (it is not the last of its pipeline). */
  pipedOn?: boolean;
}

const lit = (w: WordNode | null | undefined): string | null => {
  if (!w) return null;
  let s = '';
  for (const p of w.parts) {
    if (p.type === 'Literal' || p.type === 'SingleQuoted' || p.type === 'Escaped') s += p.value;
    else if (p.type === 'DoubleQuoted' && p.parts.every((x) => x.type === 'Literal'))
      s += p.parts.map((x) => (x as { value: string }).value).join('');
    else return null;
  }
  return s;
};

/** A word that is only what a command prints or an arithmetic result (`$(…)`, backquotes,
 * `$((…))`): its value is known only when it runs (recorded: `x=$(cat a.txt)`, `x=$((1+2))`,
 * `for f in $(ls)`; `x=a$(cat a.txt)` is refused as a nested command, `x="$(cat a.txt)"` as
 * quoted text). */
const onlyOutput = (w: WordNode): boolean => {
  const only = w.parts.length === 1 ? w.parts[0] : undefined;
  return only?.type === 'CommandSubstitution' || only?.type === 'ArithmeticExpansion';
};

/** `$name` and `${...}` in source order, outside single quotes: true for the braced ones. */
function bracedExpansions(command: string): boolean[] {
  const out: boolean[] = [];
  let single = false;
  let double = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === '\\' && !single) {
      i++;
      continue;
    }
    // A ' inside double quotes is a plain character (`"open('${PWD}/x')"`).
    if (c === "'" && !double) {
      single = !single;
      continue;
    }
    if (c === '"' && !single) {
      double = !double;
      continue;
    }
    if (single || c !== '$') continue;
    const n = command[i + 1] ?? '';
    if (n === '{') out.push(true);
    else if (/[A-Za-z_0-9@*#?$!-]/.test(n)) out.push(false);
  }
  return out;
}

/** `$'…'` / `$"…"` outside quotes (the parser folds them into plain strings). */
function dollarQuote(command: string): GateNode | undefined {
  let single = false;
  let double = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === '\\' && !single) {
      i++;
      continue;
    }
    if (c === "'" && !double) single = !single;
    else if (c === '"' && !single) double = !double;
    else if (c === '$' && !single && !double) {
      if (command[i + 1] === "'") return 'ansi_c_string';
      if (command[i + 1] === '"') return 'translated_string';
    }
  }
  return undefined;
}

const node = (n: GateNode): GateReason => ({ kind: 'node', node: n });
const fixed = (t: GateFixed): GateReason => ({ kind: 'fixed', text: t });

function expansionReason(name: string, w: Walk): GateReason | undefined {
  const braced = w.braced[w.next++] ?? false;
  if (braced) return node('expansion');
  if (w.assigned.has(name) && !w.redirect) {
    w.usedAssigned = true;
    return undefined;
  }
  if (RESOLVED.has(name)) return undefined;
  return node('simple_expansion');
}

function arithmeticNames(expr: unknown): string[] {
  const names: string[] = [];
  const visit = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const o = v as { type?: string; name?: string };
    if ((o.type === 'ArithVariable' || o.type === 'ArithSpecialVar') && typeof o.name === 'string')
      names.push(o.name);
    else if (
      o.type &&
      o.type !== 'ArithNumber' &&
      o.type.startsWith('Arith') &&
      !['ArithBinary', 'ArithUnary', 'ArithTernary', 'ArithGroup', 'ArithNested'].includes(o.type)
    )
      names.push(o.type.replace(/^Arith/, ''));
    for (const x of Object.values(v as Record<string, unknown>)) if (x && typeof x === 'object') visit(x);
  };
  visit(expr);
  return names;
}

/** A command substitution inside double quotes is let through when it only prints a heredoc
 * with a quoted delimiter: `"$(cat <<'EOF' … EOF\n)"`, the commit-message idiom (backticks in
 * the body included). An unquoted delimiter is refused as a heredoc, a pipe after the cat as a
 * pipeline; `<<-`, another command or anything else as quoted text (heredoc probes, both
 * versions; outside quotes `$(cat <<'EOF' …)` stays a nested command). */
function quotedSubstitutionReason(body: ScriptNode): GateReason | undefined {
  const st = body.statements.length === 1 ? body.statements[0] : undefined;
  const pl = st && !st.background && st.pipelines.length === 1 ? st.pipelines[0] : undefined;
  const cmd = pl && !pl.negated ? pl.commands[0] : undefined;
  if (
    !cmd ||
    cmd.type !== 'SimpleCommand' ||
    lit(cmd.name) !== 'cat' ||
    cmd.args.length > 0 ||
    cmd.assignments.length > 0
  )
    return node('string');
  const [r, ...more] = cmd.redirections;
  if (!r || more.length > 0 || r.target.type !== 'HereDoc' || r.target.stripTabs) return node('string');
  if (!r.target.quoted) return fixed('heredoc');
  if ((pl?.commands.length ?? 0) > 1) return node('pipeline');
  return undefined;
}

/** Options a quoted here-document may give a one-word value to unasked: a message (`-m`, `-am`,
 * `--message`, `--message=…`; `-m"$(…)"` written together and `-F` are refused). Heredoc probes
 * on 2.1.335 and 2.1.336, with any command (`echo -m "$(cat <<'EOF' …)"` runs too). */
const MESSAGE_OPTION = /^-[A-Za-z]*m$|^--message$/;

/** What a quoted `"$(cat <<'EOF' … EOF)"` the gate lets through prints (the here-document's text,
 * its final newlines taken off as the shell does), or undefined for any other substitution. The
 * binary judges the command with that text in its place: `ls "$(cat <<'EOF'\nsub\nEOF\n)"`
 * runs as `ls sub` (bash-perm-heredoc-substitution-word, every recorded release). */
export function quotedHereDocText(body: ScriptNode): string | undefined {
  if (quotedSubstitutionReason(body) !== undefined) return undefined;
  const cmd = body.statements[0]?.pipelines[0]?.commands[0];
  const r = cmd?.type === 'SimpleCommand' ? cmd.redirections[0] : undefined;
  if (r?.target.type !== 'HereDoc') return undefined;
  const text = lit(r.target.content);
  return text === null ? undefined : text.replace(/\n+$/, '');
}

/** The text of a `"$(cat <<'EOF' … EOF)"` the gate lets through, when the word holds one. */
function hereDocText(word: WordNode): string | undefined {
  for (const p of word.parts) {
    if (p.type !== 'DoubleQuoted') continue;
    for (const x of p.parts) {
      const text = x.type === 'CommandSubstitution' ? quotedHereDocText(x.body) : undefined;
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/** A here-document substitution whose text is one word (no whitespace inside once trimmed:
 * `hello`, `a.txt`, `-n`, an empty body) could stand for an option or a path and would be lost if
 * cat failed, so releases that refuse it do (bash-perm-heredoc-substitution; the stage's place
 * in a release's line order says whether it does). Prose (`hello world`, two lines) and a
 * message option's value pass. */
function hereDocWordReason(words: readonly WordNode[]): GateReason | undefined {
  for (const [i, word] of words.entries()) {
    const text = hereDocText(word);
    if (text === undefined || /\s/.test(text.trim())) continue;
    if (MESSAGE_OPTION.test(lit(words[i - 1]) ?? '')) continue;
    if (word.parts[0]?.type === 'Literal' && word.parts[0].value.startsWith('--message=')) continue;
    return fixed('heredoc-word');
  }
  return undefined;
}

function partsReason(parts: readonly WordPart[], w: Walk): GateReason | undefined {
  for (const p of parts) {
    switch (p.type) {
      case 'Escaped':
        if (/^\s$/.test(p.value)) return fixed('escaped-whitespace');
        if (p.value === '{' || p.value === '}') return fixed('escaped-brace');
        break;
      case 'DoubleQuoted': {
        const inner = p.parts;
        for (const x of inner) {
          if (x.type === 'ArithmeticExpansion') return node('string');
          if (x.type === 'CommandSubstitution') {
            const r = quotedSubstitutionReason(x.body);
            if (r) return r;
          }
        }
        const text = inner.reduce(
          (n, x) => n + (x.type === 'Literal' || x.type === 'Escaped' ? x.value.length : 0),
          0,
        );
        for (let i = 0; i < inner.length; i++) {
          const x = inner[i] as WordPart;
          if (x.type !== 'ParameterExpansion') continue;
          const braced = w.braced[w.next++] ?? false;
          if (braced || x.operation !== null) return node('expansion');
          if (zshSubscript(x.parameter, inner[i + 1], w)) return fixed('zsh-subscript');
          if (w.assigned.has(x.parameter)) {
            w.usedAssigned = true;
            continue;
          }
          if (RESOLVED.has(x.parameter)) continue;
          if (!SHELL_SET.has(x.parameter) && !w.fromOutput.has(x.parameter)) return node('simple_expansion');
          if (text < MIN_QUOTED_TEXT) return node('string');
        }
        break;
      }
      case 'ParameterExpansion':
        if (p.operation !== null) {
          w.next++;
          return node('expansion');
        }
        {
          const r = expansionReason(p.parameter, w);
          if (r) return r;
        }
        break;
      case 'CommandSubstitution':
        return node('command_substitution');
      case 'ProcessSubstitution':
        return node('process_substitution');
      case 'ArithmeticExpansion': {
        const names = arithmeticNames(p.expression);
        if (names.length > 0) return { kind: 'arithmetic-variable', name: names[0] as string };
        break;
      }
      case 'BraceExpansion':
        return p.items.some((i) => i.type !== 'Word') ? node('brace_expression') : fixed('brace-expansion');
      default:
        break;
    }
  }
  return undefined;
}

const wordReason = (word: WordNode, w: Walk): GateReason | undefined => partsReason(word.parts, w);

/** `"$x[1]"`, `"$x:h"`: zsh's subscript or modifier on a variable the gate would otherwise pass
 * (set in the line, from a command's output, or by the shell), but not on HOME (probe-zsh-
 * subscript on all three releases: `"$HOME[1]"` runs, `"$x:/a"`, `"$x:1"` and `"$x]"` pass). */
function zshSubscript(name: string, next: WordPart | undefined, w: Walk): boolean {
  if (next?.type !== 'Literal' || !/^(\[|:[A-Za-z])/.test(next.value)) return false;
  return w.assigned.has(name) || w.fromOutput.has(name) || SHELL_SET.has(name);
}

const holdsOutput = (word: WordNode, w: Walk): boolean =>
  word.parts.some(
    (p) =>
      p.type === 'DoubleQuoted' &&
      p.parts.some((x) => x.type === 'ParameterExpansion' && w.fromOutput.has(x.parameter)),
  );

function commandReason(cmd: CommandNode, w: Walk): GateReason | undefined {
  switch (cmd.type) {
    case 'Subshell':
      // Refused as shell operators only when nothing of the first rank is found anywhere in
      // the line, inside the parentheses included (`(rev $F)` is refused as a variable).
      w.subshell = true;
      if (cmd.body.length > 1) w.subshellList = true;
      return nestedReason(cmd.body, w);
    case 'Group':
      // A quote inside braces is refused as possible brace-expansion obfuscation.
      if (cmd.body.some((st) => /['"]/.test(st.sourceText ?? ''))) return fixed('brace-quote');
      return node('compound_statement');
    case 'ArithmeticCommand':
      return node('compound_statement');
    case 'FunctionDef':
      return node('function_definition');
    case 'CStyleFor':
      return node('c_style_for_statement');
    case 'Case':
      return node('case_statement');
    case 'While':
    case 'Until':
      if (cmd.redirections.length > 0) return node('while_statement');
      return nestedReason([...cmd.condition, ...cmd.body], w);
    case 'If': {
      for (const c of cmd.clauses) {
        const r = nestedReason([...c.condition, ...c.body], w);
        if (r) return r;
      }
      return nestedReason(cmd.elseBody ?? [], w);
    }
    case 'For': {
      for (const word of cmd.words ?? []) {
        if (onlyOutput(word)) {
          w.fromOutput.add(cmd.variable);
          continue;
        }
        const r = wordReason(word, w);
        if (r) return r;
      }
      return nestedReason(cmd.body, w);
    }
    case 'ConditionalCommand':
      return undefined;
    case 'SimpleCommand': {
      for (const a of cmd.assignments) {
        if (a.array) return node('array');
        if (a.value) {
          if (a.value.parts[0]?.type === 'TildeExpansion') return fixed('tilde-assignment');
          // A nested command as the whole value is not refused here: the command then needs
          // approval, and the variable is not known.
          if (!onlyOutput(a.value)) {
            const r = wordReason(a.value, w);
            if (r) return r;
          }
        }
      }
      const words = cmd.name ? [cmd.name, ...cmd.args] : [];
      let at = 0;
      while (at < words.length - 1 && TRANSPARENT.has(lit(words[at]) ?? '')) at++;
      // zsh's noglob behind `command` (bash has no noglob): refused for the shell difference
      // (noglob probes, both versions; `noglob command ls` is looked through).
      if (at > 0 && lit(words[0]) === 'command' && lit(words[at]) === 'noglob')
        return { kind: 'zsh-precommand', wrapper: 'command', command: 'noglob' };
      const name = lit(words[at]);
      // eval and its kind are found behind any wrapper (`timeout 5 eval …`), but only in the
      // wrapped command's place: `timeout 5 find . -name x` has no `.` command (bashperm 0786).
      let behind: string | undefined;
      for (let i = at; i < words.length; i++) {
        const v = lit(words[i]);
        if (v !== null && EVALUATES.has(v) && (i === at || WRAPPERS.has(lit(words[at]) ?? ''))) {
          behind = v;
          break;
        }
        const wrapperPart =
          v !== null &&
          (WRAPPERS.has(v) ||
            TRANSPARENT.has(v) ||
            v.startsWith('-') ||
            v.includes('=') ||
            /^[\d.]+[smhd]?$/.test(v));
        if (i > at && !wrapperPart) break;
        if (i === at && !WRAPPERS.has(v ?? '')) break;
      }
      if (behind && w.deferEval) w.evaluates ??= { kind: 'evaluates', command: behind };
      else if (behind) return { kind: 'evaluates', command: behind };
      if (name !== null && ZSH_BUILTINS.has(name)) return { kind: 'zsh-builtin', command: name };
      const wrapper = wrapperReason(words.slice(at).map(lit));
      if (wrapper) return wrapper;
      // A command named like an option (`-qam m`, `--`, `"-q"`), probed on all three releases.
      if (lit(words[0])?.startsWith('-')) return { kind: 'fragment' };
      for (const word of words) {
        const r = wordReason(word, w);
        if (r) return r;
      }
      // `"[$x]"` with x from a command's output: the quoted text passes (two characters or
      // more around the variable), then the name itself is refused (bash-gate-runtime-name).
      const named = words[at];
      if (named && holdsOutput(named, w)) return fixed('runtime-name');
      w.hereDocWord ??= hereDocWordReason(words);
      if (name === 'find') {
        const flag = words.map(lit).find((v) => v !== null && FIND_ACTIONS.has(v));
        if (flag) return { kind: 'find-action', flag };
      }
      if (name !== null && FILE_COMMANDS.has(name)) {
        for (const word of words.slice(at + 1)) {
          const first = word.parts[0];
          if (first?.type === 'TildeExpansion' && first.user !== null) w.late ??= fixed('tilde-variant');
          if (
            word.parts.some(
              (p) => (p.type === 'SingleQuoted' || p.type === 'Escaped') && p.value.includes('$'),
            )
          )
            w.late ??= fixed('expansion-in-path');
        }
      }
      let heredoc = false;
      for (const r of cmd.redirections) {
        if (r.target.type === 'HereDoc') {
          // tree-sitter nests the rest of the line in the heredoc: a pipe after it is refused
          // as a pipeline before the delimiter is looked at (`cat <<EOF | grep a`, difftest
          // probes, both versions).
          if (w.pipedOn) return node('pipeline');
          if (!r.target.quoted) return fixed('heredoc');
          heredoc = true;
          continue;
        }
        // A file redirect written after a quoted heredoc (`cat <<'EOF' > out.txt`, even
        // `2>/dev/null`) is refused; one before it (`cat > out.txt <<'EOF'`) is judged as any
        // redirect (difftest probes, both versions).
        if (heredoc && r.operator !== '<<<') return node('file_redirect');
        w.redirect = true;
        const reason = wordReason(r.target, w);
        w.redirect = false;
        if (reason) return reason;
      }
      // Assignments of a plain command line hold for the rest of it.
      if (!cmd.name)
        for (const a of cmd.assignments) {
          // Once one value is unknown, the line's later assignments are not resolved either
          // (`x=$(cat a.txt); y=1; echo $y` is refused as a variable, both versions).
          const known = w.fromOutput.size === 0 && (a.array || !a.value || !onlyOutput(a.value));
          (known ? w.assigned : w.fromOutput).add(a.name);
          (known ? w.fromOutput : w.assigned).delete(a.name);
        }
      return undefined;
    }
  }
  return undefined;
}

function bodyReason(body: readonly StatementNode[], w: Walk): GateReason | undefined {
  for (const st of body) {
    const r = statementReason(st, w);
    if (r) return r;
  }
  return undefined;
}

/** A subshell's, loop's or if statement's body. */
function nestedReason(body: readonly StatementNode[], w: Walk): GateReason | undefined {
  w.nested++;
  const r = bodyReason(body, w);
  w.nested--;
  return r;
}

function statementReason(st: StatementNode, w: Walk): GateReason | undefined {
  if (st.background && w.nested > 0) return node('nested_background');
  if (st.background) w.background = true;
  for (const pl of st.pipelines)
    for (const [i, cmd] of pl.commands.entries()) {
      w.pipedOn = i < pl.commands.length - 1;
      const r = commandReason(cmd, w);
      w.pipedOn = false;
      if (r) return r;
    }
  return undefined;
}

/** What the gate refuses, by rank; the release's line stages (bash-line.ts) say when each rank
 * is refused. `first`: every construct of the first rank, in source order (eval with them unless
 * `deferEval`); `subshell`: a `( )` subshell; `evaluates`: eval and the like, when deferred;
 * `late`: tilde variants, `$` in a quoted path; `background`: a top-level `&`; `hereDocWord`: a
 * one-word `"$(cat <<'EOF' …)"`. */
export interface GateRanks {
  first?: GateReason;
  subshell?: GateReason;
  evaluates?: GateReason;
  late?: GateReason;
  background?: GateReason;
  /** A quoted here-document substitution of one word, refused after `&` (2.1.335 on). */
  hereDocWord?: GateReason;
  /** The line reads a variable it assigned itself. */
  usesAssigned: boolean;
}

/** The constructs of the command line the binary refuses to analyse, by rank. */
export function gateReason(script: ScriptNode, command: string, deferEval = false): GateRanks {
  const dq = dollarQuote(command);
  if (dq) return { first: node(dq), usesAssigned: false };
  const w: Walk = {
    assigned: new Set(),
    fromOutput: new Set(),
    usedAssigned: false,
    braced: bracedExpansions(command),
    next: 0,
    nested: 0,
    subshell: false,
    subshellList: false,
    background: false,
    deferEval,
  };
  // Ranks, recorded: every construct of the first rank in source order, then a subshell, then
  // the path checks (`(ls ~root)` is refused as a subshell, `ls ~root &` for the tilde), then a
  // top-level `&` (`ls & echo $X` is refused as a variable, `(ls) & echo hi` as a subshell).
  const first = bodyReason(script.statements, w);
  // Parentheses around several commands (`(touch x; touch y)`) are refused for the `;`.
  const subshell = w.subshell ? (w.subshellList ? node('nested_semicolon') : fixed('subshell')) : undefined;
  return {
    ...(first ? { first } : {}),
    ...(subshell ? { subshell } : {}),
    ...(w.evaluates ? { evaluates: w.evaluates } : {}),
    ...(w.late ? { late: w.late } : {}),
    ...(w.background ? { background: fixed('background') } : {}),
    ...(w.hereDocWord ? { hereDocWord: w.hereDocWord } : {}),
    usesAssigned: w.usedAssigned,
  };
}

/** Variables a command line assigns at its top level before their use (`F=x; cat $F`), with
 * their static values: 2.1.273 judges `$F` as its value. */
/** What a variable set from a command's output stands for when the line is judged: the binary
 * names it so in its prompts (`echo [__CMDSUB_OUTPUT__]` for `x=$(cat a); echo "[$x]"`). */
export const CMDSUB_OUTPUT = '__CMDSUB_OUTPUT__';

export function assignedValues(script: ScriptNode): Map<string, string> {
  const values = new Map<string, string>();
  for (const st of script.statements)
    for (const pl of st.pipelines)
      for (const cmd of pl.commands) {
        if (cmd.type !== 'SimpleCommand' || cmd.name) continue;
        for (const a of cmd.assignments) {
          const only = a.value?.parts.length === 1 ? a.value.parts[0] : undefined;
          const v = only?.type === 'CommandSubstitution' ? CMDSUB_OUTPUT : a.value ? lit(a.value) : '';
          if (v !== null && !a.array) values.set(a.name, v);
        }
      }
  return values;
}
