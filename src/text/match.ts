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

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const hexClass = (h: string) =>
  [...h.toLowerCase()].map((c) => (/[a-f]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');

/** A regex accepting each escape or non-ASCII code unit of `s` in either spelling. */
function eitherSpelling(s: string): RegExp {
  let src = '';
  let i = 0;
  while (i < s.length) {
    const m = /^\\u([0-9a-fA-F]{4})/.exec(s.slice(i, i + 6));
    if (m) {
      const hex = (m[1] as string).toLowerCase();
      src += `(?:\\\\u${hexClass(hex)}|${reEscape(String.fromCharCode(parseInt(hex, 16)))})`;
      i += 6;
      continue;
    }
    const code = s.charCodeAt(i);
    if (code > 0x7f) {
      const hex = code.toString(16).padStart(4, '0');
      src += `(?:${reEscape(s[i] as string)}|\\\\u${hexClass(hex)})`;
    } else src += reEscape(s[i] as string);
    i++;
  }
  return new RegExp(src);
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
    const m = eitherSpelling(search).exec(file);
    if (m) return { actual: m[0], stage: 'escapes-either' };
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
