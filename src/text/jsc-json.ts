// Claude Code runs on Bun, whose JSON.parse is JavaScriptCore's: its error messages are worded
// differently from V8's and name a different spot. This scanner finds the first error the way
// JavaScriptCore's parser meets it and words it the same (recorded through Read of broken
// notebooks: read-x-notebook-json-errors). Valid JSON gives undefined.

type Tok =
  | { t: 'punct'; c: string }
  | { t: 'string' }
  | { t: 'number' }
  | { t: 'ident'; name: string }
  | { t: 'eof' };

class JsonError extends Error {}

const PUNCT = new Set(['[', ']', '{', '}', ':', ',', '(', ')', '.', '=', ';']);
const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;
const DIGIT = /[0-9]/;

class Lexer {
  i = 0;
  constructor(private readonly s: string) {}

  next(): Tok {
    const s = this.s;
    while (this.i < s.length && ' \t\n\r'.includes(s[this.i]!)) this.i++;
    if (this.i >= s.length) return { t: 'eof' };
    const c = s[this.i]!;
    if (PUNCT.has(c)) {
      this.i++;
      return { t: 'punct', c };
    }
    if (c === '"') return this.string();
    if (c === "'") throw new JsonError("Single quotes (') are not allowed in JSON");
    if (c === '-' || DIGIT.test(c)) return this.number();
    if (IDENT_START.test(c)) {
      const start = this.i;
      while (this.i < s.length && IDENT_PART.test(s[this.i]!)) this.i++;
      const name = s.slice(start, this.i);
      return name === 'true' || name === 'false' || name === 'null' ? { t: 'number' } : { t: 'ident', name };
    }
    throw new JsonError(`Unrecognized token '${String.fromCodePoint(s.codePointAt(this.i)!)}'`);
  }

  private string(): Tok {
    const s = this.s;
    this.i++;
    for (;;) {
      if (this.i >= s.length) throw new JsonError('Unterminated string');
      const c = s[this.i]!;
      if (c === '"') {
        this.i++;
        return { t: 'string' };
      }
      if (c.charCodeAt(0) < 0x20) throw new JsonError('Unterminated string');
      if (c === '\\') {
        const e = s[this.i + 1];
        if (e === undefined) throw new JsonError('Unterminated string');
        if (e === 'u') {
          if (!/^[0-9A-Fa-f]{4}$/.test(s.slice(this.i + 2, this.i + 6)))
            throw new JsonError(`"${s.slice(this.i, this.i + 6)}" is not a valid unicode escape`);
          this.i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) throw new JsonError(`Invalid escape character ${e}`);
        this.i += 2;
        continue;
      }
      this.i++;
    }
  }

  private number(): Tok {
    const s = this.s;
    if (s[this.i] === '-') this.i++;
    if (s[this.i] === '0') this.i++;
    else if (this.i < s.length && /[1-9]/.test(s[this.i]!)) while (this.i < s.length && DIGIT.test(s[this.i]!)) this.i++;
    else throw new JsonError('Invalid number');
    if (s[this.i] === '.') {
      this.i++;
      if (this.i >= s.length || !DIGIT.test(s[this.i]!)) throw new JsonError('Invalid digits after decimal point');
      while (this.i < s.length && DIGIT.test(s[this.i]!)) this.i++;
    }
    // An exponent is taken only with its digits: "1e}" lexes as 1 followed by more input
    // (recorded: "Expected '}'").
    const exp = /^[eE][+-]?[0-9]+/.exec(s.slice(this.i));
    if (exp) this.i += exp[0].length;
    return { t: 'number' };
  }
}

function unexpected(tok: Tok): JsonError {
  if (tok.t === 'eof') return new JsonError('Unexpected EOF');
  if (tok.t === 'ident') return new JsonError(`Unexpected identifier "${tok.name}"`);
  if (tok.t === 'punct') return new JsonError(`Unexpected token '${tok.c}'`);
  return new JsonError('Unable to parse JSON string');
}

function value(lx: Lexer, tok: Tok): void {
  if (tok.t === 'string' || tok.t === 'number') return;
  if (tok.t === 'punct' && tok.c === '[') {
    let t = lx.next();
    if (t.t === 'punct' && t.c === ']') return;
    for (;;) {
      value(lx, t);
      t = lx.next();
      if (t.t === 'punct' && t.c === ']') return;
      if (!(t.t === 'punct' && t.c === ',')) throw new JsonError("Expected ']'");
      t = lx.next();
      if (t.t === 'punct' && t.c === ']') throw new JsonError('Unexpected comma at the end of array expression');
    }
  }
  if (tok.t === 'punct' && tok.c === '{') {
    let t = lx.next();
    if (t.t === 'punct' && t.c === '}') return;
    if (t.t !== 'string') throw new JsonError("Expected '}'");
    for (;;) {
      const colon = lx.next();
      if (!(colon.t === 'punct' && colon.c === ':'))
        throw new JsonError("Expected ':' before value in object property definition");
      value(lx, lx.next());
      t = lx.next();
      if (t.t === 'punct' && t.c === '}') return;
      if (!(t.t === 'punct' && t.c === ',')) throw new JsonError("Expected '}'");
      t = lx.next();
      if (t.t !== 'string') throw new JsonError('Property name must be a string literal');
    }
  }
  throw unexpected(tok);
}

/** JavaScriptCore's JSON.parse error message for `text` ("JSON Parse error: …"), or undefined
 * when it parses. */
export function jscJsonParseError(text: string): string | undefined {
  const lx = new Lexer(text);
  try {
    value(lx, lx.next());
    if (lx.next().t !== 'eof') throw new JsonError('Unable to parse JSON string');
  } catch (e) {
    if (e instanceof JsonError) return `JSON Parse error: ${e.message}`;
    throw e;
  }
  return undefined;
}
