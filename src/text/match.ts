// Edit's matching cascade (2.1.273): exact first; then curly quotes folded to straight ones on
// both sides; then old_string with its \uXXXX escapes decoded; then \uXXXX escapes and the
// characters they stand for accepted either way. Each stage returns the file's own spelling,
// which is what gets replaced; new_string follows that spelling (styleNewString).

export type MatchStage = 'exact' | 'quotes' | 'escapes-decoded' | 'escapes-either';

export interface Match {
  /** The file's own text that old_string stands for. */
  actual: string;
  stage: MatchStage;
}

const LSQ = '\u2018';
const RSQ = '\u2019';
const LDQ = '\u201c';
const RDQ = '\u201d';

export function foldQuotes(s: string): string {
  return s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
}

/** True when old_string gives the escape stage something to try (an escape or a non-ASCII
 * character); the not-found message then says that both spellings were tried. */
export function hasEscapeForms(s: string): boolean {
  return hasEscape(s) || /[\u0080-\uffff]/.test(s);
}

/** \uXXXX escapes; a backslash pair is skipped whole, so `\\u0041` is not an escape. */
const ESCAPE_OR_PAIR = /\\\\|\\u([0-9a-fA-F]{4})/g;

export function hasEscape(s: string): boolean {
  for (const m of s.matchAll(ESCAPE_OR_PAIR)) if (m[1] !== undefined) return true;
  return false;
}

export function decodeEscapes(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(ESCAPE_OR_PAIR, (all, hex: string | undefined) =>
    hex === undefined ? all : String.fromCharCode(parseInt(hex, 16)),
  );
}

/** Non-ASCII code units as lower-case \uXXXX escapes (a surrogate pair becomes two). */
export function encodeNonAscii(s: string): string {
  return s.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const BACKSLASH = 92;
const LOWER_U = 117;

/** The code unit a \uXXXX escape at `at` stands for, or -1 when there is none. */
function escapeAt(s: string, at: number): number {
  if (s.charCodeAt(at) !== BACKSLASH || s.charCodeAt(at + 1) !== LOWER_U) return -1;
  for (let k = at + 2; k < at + 6; k++) if (!isHex(s.charCodeAt(k))) return -1;
  return parseInt(s.slice(at + 2, at + 6), 16);
}

/** Where the match of old_string in either spelling that starts at `start` ends, or -1: each
 * escape of old_string may be spelled \uXXXX (any hex case) or as its character, each non-ASCII
 * code unit as itself or its escape, tried in the order of the regex Claude Code builds. Only an
 * escaped backslash (\u005c) can be taken two ways at one place; the other way waits in
 * `pending`, and a place tried both ways is remembered in `dead`, so none is tried twice. */
function matchFrom(file: string, search: string, start: number, dead: Set<number>): number {
  const pending: number[] = [];
  let j = 0;
  let p = start;
  for (;;) {
    if (j === search.length) return p;
    const esc = escapeAt(search, j);
    const unit = esc === -1 ? search.charCodeAt(j) : esc;
    const width = esc === -1 ? 1 : 6;
    const asChar = file.charCodeAt(p) === unit ? p + 1 : -1;
    const asEscape = (esc !== -1 || unit > 0x7f) && escapeAt(file, p) === unit ? p + 6 : -1;
    // The regex puts an escape's \uXXXX spelling first and a character's own spelling first.
    let [first, second] = esc === -1 ? [asChar, asEscape] : [asEscape, asChar];
    if (first !== -1 && second !== -1) {
      const key = j * (file.length + 1) + p;
      if (dead.has(key)) first = second = -1;
      else {
        dead.add(key);
        pending.push(j + width, second);
      }
    }
    const next = first !== -1 ? first : second;
    if (next !== -1) {
      j += width;
      p = next;
    } else if (pending.length > 0) {
      p = pending.pop() as number;
      j = pending.pop() as number;
    } else return -1;
  }
}

/** old_string with each escape, as matchFrom reads escapes, made its character. */
function charSpelling(search: string): string {
  let out = '';
  let from = 0;
  for (let j = search.indexOf('\\'); j !== -1; j = search.indexOf('\\', j + 1)) {
    const esc = escapeAt(search, j);
    if (esc === -1) continue;
    out += search.slice(from, j) + String.fromCharCode(esc);
    from = j + 6;
    j += 5;
  }
  return out + search.slice(from);
}

/** The file's text that `search` stands for when each escape or non-ASCII code unit may be
 * spelled either way; the leftmost match, as the regex Claude Code builds finds it. */
function eitherSpelling(file: string, search: string): string | undefined {
  // No backslash in the file: every step takes its character spelling.
  if (!file.includes('\\')) {
    const chars = charSpelling(search);
    const at = file.indexOf(chars);
    return at === -1 ? undefined : chars;
  }
  const dead = new Set<number>();
  for (let start = 0; start < file.length; start++) {
    const end = matchFrom(file, search, start, dead);
    if (end !== -1) return file.slice(start, end);
  }
  return undefined;
}

export function findActualString(file: string, search: string): Match | undefined {
  if (file.includes(search)) return { actual: search, stage: 'exact' };
  const folded = foldQuotes(search);
  const at = foldQuotes(file).indexOf(folded);
  if (at !== -1) return { actual: file.slice(at, at + search.length), stage: 'quotes' };
  if (hasEscape(search)) {
    const decoded = decodeEscapes(search);
    if (file.includes(decoded)) return { actual: decoded, stage: 'escapes-decoded' };
  }
  if (hasEscapeForms(search)) {
    const actual = eitherSpelling(file, search);
    if (actual !== undefined) return { actual, stage: 'escapes-either' };
  }
  return undefined;
}

export function countOccurrences(file: string, s: string): number {
  if (s === '') return 0;
  let n = 0;
  for (let i = file.indexOf(s); i !== -1; i = file.indexOf(s, i + s.length)) n++;
  return n;
}

function openingContext(chars: readonly string[], i: number): boolean {
  if (i === 0) return true;
  const p = chars[i - 1];
  return (
    p === ' ' ||
    p === '\t' ||
    p === '\n' ||
    p === '\r' ||
    p === '(' ||
    p === '[' ||
    p === '{' ||
    p === '\u2014' ||
    p === '\u2013'
  );
}

function curlyDouble(s: string): string {
  const chars = [...s];
  return chars.map((c, i) => (c === '"' ? (openingContext(chars, i) ? LDQ : RDQ) : c)).join('');
}

function curlySingle(s: string): string {
  const chars = [...s];
  const letter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
  return chars
    .map((c, i) => {
      if (c !== "'") return c;
      // An apostrophe inside a word is always a closing quote.
      if (letter(chars[i - 1]) && letter(chars[i + 1])) return RSQ;
      return openingContext(chars, i) ? LSQ : RSQ;
    })
    .join('');
}

/** new_string as it goes into the file, given with its escapes already decoded (Edit decodes
 * them on input): the file's quote style, and escapes again where the replaced text used them
 * (recorded from the 2.1.273 binary). */
export function styleNewString(oldString: string, actual: string, decodedNew: string): string {
  const quoted = preserveQuoteStyle(oldString, actual, decodedNew);
  return hasEscape(actual) ? encodeNonAscii(quoted) : quoted;
}

/** When the file's spelling has curly quotes, new_string gets the same style. */
export function preserveQuoteStyle(oldString: string, actual: string, newString: string): string {
  if (oldString === actual) return newString;
  const dbl = actual.includes(LDQ) || actual.includes(RDQ);
  const sgl = actual.includes(LSQ) || actual.includes(RSQ);
  let out = newString;
  if (dbl) out = curlyDouble(out);
  if (sgl) out = curlySingle(out);
  return out;
}
