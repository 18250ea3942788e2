// printf's floating conversions (%f %e %g and their capitals) as GNU printf and bash's builtin
// print them: the argument is read as a long double (x87's 64-bit significand), and its exact
// binary value is rounded to the precision, ties to even. just-bash formats a double with
// JavaScript's toFixed, which rounds ties away from zero (`%.0f` of 2.5 gave 3, GNU 2), switches
// to exponents from 1e21, stops at 100 digits (`%.150f` failed), and shows the double's digits
// past the 17th where the long double has others (`%.20f` of 0.1).

/** A long double: (-1)^neg × mant × 2^exp, mant of 64 bits (0 for zero), or an infinity or NaN. */
interface LongDouble {
  neg: boolean;
  mant: bigint;
  exp: number;
  special?: 'inf' | 'nan';
}

/** What strtold reads of a decimal argument: the rest of it makes the argument invalid. */
const DECIMAL = /^\s*([+-]?)(?:(inf(?:inity)?|nan)|(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?)/i;
/** Past this decimal exponent the value leaves long double's range (or its subnormals): left to
 * just-bash. */
const MOST_EXPONENT = 4000;
/** Arguments, precisions and widths past these are left to just-bash: exact arithmetic on them
 * would take seconds where GNU's takes none. */
const MOST_DIGITS = 4096;
const MOST_PRECISION = 4096;
const MOST_WIDTH = 1 << 20;
const SIGNIFICAND_BITS = 64n;

const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

/** `n / d` rounded to the nearest whole number, ties to even. */
function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  const twice = 2n * (n % d);
  return twice > d || (twice === d && q % 2n === 1n) ? q + 1n : q;
}

/** A number argument as strtold reads it, with the text it leaves unread (printf's "invalid
 * number"); undefined for the forms left to just-bash (hex, a character constant, a value out of
 * long double's range). */
export function parseLongDouble(text: string): { value: LongDouble; rest: string } | undefined {
  if (/^\s*[+-]?0[xX]|^\s*['"]/.test(text)) return undefined;
  const m = DECIMAL.exec(text) as RegExpExecArray;
  const [read, sign = '', special, whole = '', fraction = '', exponent = '0'] = m;
  const neg = sign === '-';
  if (special !== undefined)
    return {
      value: { neg, mant: 0n, exp: 0, special: special.toLowerCase() === 'nan' ? 'nan' : 'inf' },
      rest: text.slice(read.length),
    };
  if (whole === '' && fraction === '') return { value: { neg: false, mant: 0n, exp: 0 }, rest: text };
  const rest = text.slice(read.length);
  if (whole.length + fraction.length > MOST_DIGITS) return undefined;
  const digits = BigInt(whole + fraction);
  const e10 = Number(exponent) - fraction.length;
  if (digits === 0n) return { value: { neg, mant: 0n, exp: 0 }, rest };
  if (Math.abs(e10 + whole.length) > MOST_EXPONENT) return undefined;
  // The value is num / den; find exp with num / den / 2^exp in [2^63, 2^64).
  const num = e10 >= 0 ? digits * 10n ** BigInt(e10) : digits;
  const den = e10 >= 0 ? 1n : 10n ** BigInt(-e10);
  let exp = bitLength(num) - bitLength(den) - Number(SIGNIFICAND_BITS);
  for (;;) {
    const mant = exp >= 0 ? roundDiv(num, den << BigInt(exp)) : roundDiv(num << BigInt(-exp), den);
    if (mant >= 1n << SIGNIFICAND_BITS) exp++;
    else if (mant < 1n << (SIGNIFICAND_BITS - 1n)) exp--;
    else return { value: { neg, mant, exp }, rest };
  }
}

/** The value times 10^scale, rounded to a whole number, ties to even. */
function scaled(v: LongDouble, scale: number): bigint {
  let num = v.mant;
  let den = 1n;
  if (v.exp >= 0) num <<= BigInt(v.exp);
  else den <<= BigInt(-v.exp);
  if (scale >= 0) num *= 10n ** BigInt(scale);
  else den *= 10n ** BigInt(-scale);
  return roundDiv(num, den);
}

/** Digits with a decimal point `after` digits from their end (none when 0). */
function pointed(digits: string, after: number, alternate: boolean): string {
  if (after === 0) return alternate ? `${digits}.` : digits;
  const padded = digits.padStart(after + 1, '0');
  return `${padded.slice(0, -after)}.${padded.slice(-after)}`;
}

const fixed = (v: LongDouble, precision: number, alternate: boolean): string =>
  pointed(scaled(v, precision).toString(), precision, alternate);

/** The significant digits (precision + 1 of them) and the decimal exponent of %e. */
function exponential(v: LongDouble, precision: number): { digits: string; e: number } {
  if (v.mant === 0n) return { digits: '0'.repeat(precision + 1), e: 0 };
  // log10 of mant × 2^exp, close enough to start from; corrected by the digit count below.
  let e = Math.floor(Math.log10(Number(v.mant)) + v.exp * Math.LOG10E * Math.LN2);
  for (;;) {
    const digits = scaled(v, precision - e).toString();
    if (digits.length > precision + 1) e++;
    else if (digits.length < precision + 1) e--;
    else return { digits, e };
  }
}

function expForm(digits: string, e: number, alternate: boolean): string {
  const mantissa = digits.length > 1 || alternate ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

/** One conversion's text before its width: `conversion` is f, F, e, E, g or G. */
function body(v: LongDouble, conversion: string, precision: number, alternate: boolean): string {
  const lower = conversion.toLowerCase();
  if (lower === 'f') return fixed(v, precision, alternate);
  if (lower === 'e') {
    const { digits, e } = exponential(v, precision);
    return expForm(digits, e, alternate);
  }
  const p = precision === 0 ? 1 : precision;
  const { digits, e } = exponential(v, p - 1);
  const text = p > e && e >= -4 ? fixed(v, p - 1 - e, alternate) : expForm(digits, e, alternate);
  if (alternate) return text;
  // Trailing zeros of the fraction go, and a point left with nothing after it.
  const [mantissa = '', exponent] = text.split('e');
  const trimmed = mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa;
  return exponent === undefined ? trimmed : `${trimmed}e${exponent}`;
}

export interface FloatSpec {
  flags: string;
  width: number | undefined;
  precision: number | undefined;
  conversion: string;
}

/** The conversion's whole text, padded to its width. */
export function formatFloat(v: LongDouble, spec: FloatSpec): string {
  const alternate = spec.flags.includes('#');
  let text = v.special ?? body(v, spec.conversion, spec.precision ?? 6, alternate);
  if (spec.conversion === spec.conversion.toUpperCase()) text = text.toUpperCase();
  const sign = v.neg ? '-' : spec.flags.includes('+') ? '+' : spec.flags.includes(' ') ? ' ' : '';
  const width = spec.width ?? 0;
  if (spec.flags.includes('-')) return (sign + text).padEnd(width);
  if (spec.flags.includes('0') && !v.special) return sign + text.padStart(width - sign.length, '0');
  return (sign + text).padStart(width);
}

const SPEC = /%([-+ #0]*)(\*|\d*)(?:\.(\*|\d*))?([a-zA-Z%])/g;

/** A printf format's conversions in order, `%%` aside: flags, width, precision and letter. */
export const formatConversions = (format: string): RegExpMatchArray[] =>
  [...format.matchAll(SPEC)].filter((m) => m[4] !== '%');
const KNOWN = 'diouxXfFeEgGcsbqaA%';
const FLOATS = 'fFeEgG';
/** Conversions an argument left out may take as the empty string, as printf does. */
const EMPTY_ALIKE = 'sbc';

/** The format and arguments with each floating conversion done here: the conversion becomes a
 * `%s` and its arguments the text it prints. Undefined where just-bash is left to do all of it
 * (no floating conversion, a `*` width or precision, an unknown conversion, an argument that is
 * a hexadecimal number or a character constant). The format is used again until the arguments
 * run out; a floating conversion past the last argument prints zero. An argument strtold reads
 * only part of prints that part and an error. */
export function withFloats(
  format: string,
  values: string[],
): { format: string; values: string[]; errors: string } | undefined {
  const specs = formatConversions(format);
  if (!specs.some((m) => FLOATS.includes(m[4] ?? ''))) return undefined;
  if (specs.some((m) => m[2] === '*' || m[3] === '*' || !KNOWN.includes(m[4] ?? ''))) return undefined;
  if (specs.some((m) => Number(m[2] || 0) > MOST_WIDTH || Number(m[3] || 0) > MOST_PRECISION))
    return undefined;
  const cycles = Math.max(1, Math.ceil(values.length / specs.length));
  const out: string[] = [];
  let errors = '';
  for (let k = 0; k < cycles * specs.length; k++) {
    const [, flags = '', width = '', precision, conversion = ''] = specs[
      k % specs.length
    ] as RegExpMatchArray;
    const given = values[k];
    if (!FLOATS.includes(conversion)) {
      if (given !== undefined) out.push(given);
      else if (EMPTY_ALIKE.includes(conversion)) out.push('');
      else if (specs.slice(k % specs.length).some((m) => FLOATS.includes(m[4] ?? ''))) return undefined;
      else break;
      continue;
    }
    const read = parseLongDouble(given ?? '0');
    if (read === undefined) return undefined;
    if (read.rest !== '') errors += `bash: printf: ${given ?? ''}: invalid number\n`;
    out.push(
      formatFloat(read.value, {
        flags,
        width: width === '' ? undefined : Number(width),
        precision: precision === undefined ? undefined : Number(precision || '0'),
        conversion,
      }),
    );
  }
  const rewritten = format.replace(SPEC, (m: string, _f: string, _w: string, _p: string, c: string) =>
    FLOATS.includes(c) ? '%s' : m,
  );
  return { format: rewritten, values: out, errors };
}
