// How Claude Code's own parser reads a line bash would refuse, where it differs from just-bash's
// parser (probed on 2.1.273, 2.1.332 and 2.1.336: bash-perm-parse-forms). It is a tokenizer with
// a stack of open constructs, not a second parser: it finds the shapes the binary names, and
// otherwise leaves the line to the parser.
//   - `&&` or `||` with nothing after it (a comment counts as nothing), two operators in a row
//     (`a && && b`, `a | | b`, `a & & b`), an operator that starts a line, a stray `)` after a
//     simple command, a closing word with nothing to close (`; fi`, `; done`, `; then`):
//     "Parse error". A pipe with nothing after it is no error (`echo a |` runs).
//   - A `(`, `{` or `[[` that opens the line and is never closed, or a `)` after a group that
//     opened the line: "Parser did not consume trailing input".
//   - A redirection with no target (`echo a >`): "Unrecognized redirect shape".
//   - An if, case, for, while or until, or a function's body, left open at the end: read as if
//     closed (the binary judges its commands; bash then fails to run it).

export type Recovered =
  | { kind: 'parse-error'; why: string }
  | { kind: 'trailing-input'; why: string }
  | { kind: 'redirect-shape'; why: string }
  /** The line with its open constructs closed, to be judged in its place. */
  | { kind: 'closed'; text: string };

type Token =
  | { t: 'word'; v: string }
  | { t: 'op'; v: string }
  | { t: 'redirect'; v: string }
  | { t: 'newline' }
  | { t: 'eof' };

const OPERATORS = ['&&', '||', ';;&', ';;', ';&', '|&', '|', '&', ';', '(', ')'];
const REDIRECTS = /^(?:\d*(?:<<<|<<-|<<|<>|<&|>&|>>|>\||<|>)|&>>|&>)/;
// bash's blanks are space and tab: a form feed or vertical tab is part of a word.
const WORD_END = /[ \t\n;&|()<>]/;

/** The end of a `$(…)`, `((…))`, `<(…)` or `${…}` starting at `i` (the index of its opener's
 * last character), quotes and nesting respected; the text's length when it never closes. */
function skipNested(s: string, i: number, open: string, close: string): number {
  let depth = 1;
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (c === "'") j = endOfSingle(s, j);
    else if (c === '"') j = endOfDouble(s, j);
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return j;
  }
  return s.length;
}

const endOfSingle = (s: string, i: number): number => {
  const end = s.indexOf("'", i + 1);
  return end < 0 ? s.length : end;
};

function endOfDouble(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === '"') return j;
    else if (s[j] === '$' && s[j + 1] === '(') j = skipNested(s, j + 1, '(', ')');
  }
  return s.length;
}

/** The line's tokens; undefined when a quote or substitution never closes (other checks own
 * those lines). Here-document bodies are skipped. */
function tokenize(s: string): Token[] | undefined {
  const out: Token[] = [];
  const heredocs: string[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (c === '\n') {
      out.push({ t: 'newline' });
      i++;
      for (const tag of heredocs.splice(0)) {
        const lines = s.slice(i).split('\n');
        const at = lines.findIndex((l) => l.replace(/^\t+/, '') === tag);
        if (at < 0) return undefined;
        i += lines.slice(0, at + 1).join('\n').length + 1;
      }
      continue;
    }
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    const redirect = (c === '<' || c === '>') && s[i + 1] === '(' ? null : REDIRECTS.exec(s.slice(i));
    if (redirect && !(c === '&' && s[i + 1] !== '>')) {
      const v = redirect[0];
      out.push({ t: 'redirect', v });
      i += v.length;
      if (/(?:^|[^<])<<-?$/.test(v)) {
        const m = /^[ \t]*(['"]?)([^\s'";&|()<>]+)\1/.exec(s.slice(i));
        if (m) heredocs.push(m[2] as string);
      }
      continue;
    }
    const op = OPERATORS.find((o) => s.startsWith(o, i));
    if (op) {
      out.push({ t: 'op', v: op });
      i += op.length;
      continue;
    }
    let j = i;
    // A process substitution, `<(…)` or `>(…)`, is a word.
    if ((c === '<' || c === '>') && s[i + 1] === '(') j = skipNested(s, i + 1, '(', ')') + 1;
    while (j < s.length && !WORD_END.test(s[j] as string)) {
      const d = s[j];
      if (d === '\\') j += 2;
      else if (d === "'") j = endOfSingle(s, j) + 1;
      else if (d === '"') j = endOfDouble(s, j) + 1;
      else if (d === '`') {
        const end = s.indexOf('`', j + 1);
        j = end < 0 ? s.length + 1 : end + 1;
      } else if (d === '$' && (s[j + 1] === '(' || s[j + 1] === '{'))
        j = skipNested(s, j + 1, s[j + 1] as string, s[j + 1] === '(' ? ')' : '}') + 1;
      else if (d === '=' && s[j + 1] === '(') j = skipNested(s, j + 1, '(', ')') + 1;
      else j++;
      if (j > s.length) return undefined;
    }
    out.push({ t: 'word', v: s.slice(i, j) });
    i = j;
  }
  if (heredocs.length) return undefined;
  out.push({ t: 'eof' });
  return out;
}

type Open = 'if' | 'case' | 'loop' | 'brace' | 'paren' | 'test';
const CLOSES: Record<string, Open> = { fi: 'if', esac: 'case', done: 'loop', '}': 'brace' };
const CLOSERS: Record<Open, string> = { if: 'fi', case: 'esac', loop: 'done', brace: '}', paren: ')', test: ']]' };
const LIST_OPS = new Set(['&&', '||']);

/** Undefined when the binary's parser reads the line as just-bash's does (or this cannot tell). */
export function recoverLine(line: string): Recovered | undefined {
  const tokens = tokenize(line);
  if (!tokens) return undefined;
  /** `fn`: a function's body, which the binary reads as closed too. */
  const stack: { open: Open; first: boolean; fn?: boolean }[] = [];
  let atCommand = true;
  let lineStart = true;
  /** The statement began the line, and nothing but its own construct came yet. */
  let firstStatement = true;
  /** The construct just closed opened the line. */
  let closedFirst = false;
  let bodyDue = false;
  let inPattern = false;
  /** A function's header came: its body is no group that opens the line. */
  let inFunction = false;
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k] as Token;
    const next = tokens[k + 1];
    if (tok.t === 'eof') break;
    if (tok.t === 'newline') {
      if (stack.length === 0 && !lineStart) firstStatement = false;
      lineStart = true;
      atCommand = true;
      continue;
    }
    const wasLineStart = lineStart;
    lineStart = false;
    const top = stack.at(-1);
    if (top?.open === 'test') {
      if (tok.t === 'word' && tok.v === ']]') {
        stack.pop();
        closedFirst = top.first;
        atCommand = false;
      }
      continue;
    }
    if (tok.t === 'redirect') {
      if (!next || next.t !== 'word') return { kind: 'redirect-shape', why: `${tok.v} has no target` };
      k++;
      continue;
    }
    if (tok.t === 'op') {
      const v = tok.v;
      if (wasLineStart && (LIST_OPS.has(v) || v === '|' || v === '|&'))
        return { kind: 'parse-error', why: `a line starts with ${v}` };
      if (v === '(') {
        if (inPattern) continue;
        if (!atCommand) {
          // `name()`: a function definition, its body next; anything else is for the parser.
          if (next?.t === 'op' && next.v === ')') {
            k++;
            atCommand = true;
            inFunction = true;
            continue;
          }
          return undefined;
        }
        stack.push({ open: 'paren', first: firstStatement && stack.length === 0 && !inFunction });
        inFunction = false;
        continue;
      }
      if (v === ')') {
        if (inPattern) {
          inPattern = false;
          atCommand = true;
          continue;
        }
        if (top?.open === 'paren') {
          stack.pop();
          closedFirst = top.first;
          atCommand = false;
          continue;
        }
        return closedFirst && stack.length === 0
          ? { kind: 'trailing-input', why: 'a ) follows the group that opens the line' }
          : { kind: 'parse-error', why: 'a ) closes nothing' };
      }
      if (v === ';;' || v === ';&' || v === ';;&') {
        if (top?.open === 'case') inPattern = true;
        else return undefined;
        continue;
      }
      const after = tokens[k + 1] as Token;
      const nextOp = after.t === 'op' && after.v !== '(' ? after.v : undefined;
      if (LIST_OPS.has(v) && (after.t === 'eof' || nextOp))
        return { kind: 'parse-error', why: `nothing follows ${v}` };
      if ((v === '|' || v === '|&') && nextOp && nextOp !== ')') return { kind: 'parse-error', why: `${nextOp} follows ${v}` };
      if (v === '&' && nextOp && ['&', '&&', '||', '|'].includes(nextOp)) return { kind: 'parse-error', why: `${nextOp} follows &` };
      atCommand = true;
      closedFirst = false;
      if (stack.length === 0) firstStatement = false;
      continue;
    }
    // A word.
    const w = tok.v;
    if (inPattern) {
      if (w === 'esac' && top?.open === 'case') {
        stack.pop();
        inPattern = false;
        atCommand = false;
      }
      continue;
    }
    if (top?.open === 'case' && !atCommand && w === 'in') {
      inPattern = true;
      continue;
    }
    if (!atCommand) continue;
    bodyDue = false;
    if (Object.hasOwn(CLOSES, w)) {
      if (!top || top.open !== CLOSES[w]) return { kind: 'parse-error', why: `${w} closes nothing` };
      stack.pop();
      closedFirst = top.first;
      atCommand = false;
      continue;
    }
    if (w === 'then' || w === 'else' || w === 'elif') {
      if (top?.open !== 'if') return { kind: 'parse-error', why: `${w} outside an if` };
      bodyDue = w !== 'elif';
      continue;
    }
    if (w === 'do') {
      if (top?.open !== 'loop') return { kind: 'parse-error', why: 'do outside a loop' };
      bodyDue = true;
      continue;
    }
    const first = firstStatement && stack.length === 0 && !inFunction;
    const wasFunction = inFunction;
    inFunction = false;
    if (w === 'function') {
      // `function name [()]`: the body follows.
      k += next?.t === 'word' ? 1 : 0;
      if (tokens[k + 1]?.t === 'op' && (tokens[k + 1] as { v: string }).v === '(' && tokens[k + 2]?.t === 'op') k += 2;
      inFunction = true;
      continue;
    }
    if (w === 'if') stack.push({ open: 'if', first });
    else if (w === 'case') {
      stack.push({ open: 'case', first });
      atCommand = false;
    } else if (w === 'for' || w === 'while' || w === 'until' || w === 'select') stack.push({ open: 'loop', first });
    else if (w === '{') {
      stack.push({ open: 'brace', first, fn: first === false && wasFunction });
      bodyDue = true;
    }
    else if (w === '[[') stack.push({ open: 'test', first });
    else if (w !== '!' && w !== 'time') atCommand = false;
  }
  return stack.length === 0 ? undefined : judgeOpen(line, stack, bodyDue, inPattern);
}

/** The constructs the line leaves open: a group that opens it is trailing input, one the
 * parser must see is left to it, and an if, loop, case or function body is closed. */
function judgeOpen(
  line: string,
  stack: readonly { open: Open; first: boolean; fn?: boolean }[],
  bodyDue: boolean,
  inPattern: boolean,
): Recovered | undefined {
  const bottom = stack[0] as { open: Open; first: boolean };
  if (bottom.first && (bottom.open === 'paren' || bottom.open === 'brace' || bottom.open === 'test'))
    return { kind: 'trailing-input', why: `the ${CLOSERS[bottom.open] === ')' ? '(' : bottom.open === 'brace' ? '{' : '[['} that opens the line is never closed` };
  if (stack.some((x) => x.open === 'paren' || x.open === 'test' || (x.open === 'brace' && !x.fn))) return undefined;
  let text = line.replace(/\s+$/, '');
  // An empty body is filled with a command that needs no approval.
  if (bodyDue) text += ' true';
  for (const x of [...stack].reverse()) text += x.open === 'case' ? (inPattern ? ' esac' : ';; esac') : `; ${CLOSERS[x.open]}`;
  return { kind: 'closed', text };
}

