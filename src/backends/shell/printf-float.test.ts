import { describe, expect, it } from 'vitest';
import { formatFloat, parseLongDouble, withFloats } from './printf-float';

const show = (conversion: string, text: string, precision?: number, flags = '', width?: number) => {
  const read = parseLongDouble(text);
  if (read === undefined || read.rest !== '') throw new Error(`not a number: ${text}`);
  return formatFloat(read.value, { flags, width, precision, conversion });
};

// Each expectation is what the host's /usr/bin/printf (GNU coreutils 9.1, x86-64) prints.
describe('printf floating conversions as GNU prints them', () => {
  it('rounds the long double exactly, ties to even', () => {
    expect(
      ['0.5', '1.5', '2.5', '-2.5', '0.125', '2.675', '1.005'].map((x) => show('f', x, x.length > 4 ? 2 : 0)),
    ).toEqual(['0', '2', '2', '-2', '0.12', '2.67', '1.00']);
    expect(show('f', '0.25', 1)).toBe('0.2');
  });

  it("shows the long double's digits past the double's", () => {
    expect(show('f', '0.1', 20)).toBe('0.10000000000000000000');
    expect(show('f', '2.675', 20)).toBe('2.67499999999999999996');
    expect(show('f', '123456789.123456789', 20)).toBe('123456789.12345678899873746559');
    expect(show('g', '0.1', 17)).toBe('0.1');
    expect(show('f', '1', 150)).toBe(`1.${'0'.repeat(150)}`);
  });

  it('prints large values in full and small ones in %e and %g forms', () => {
    expect(show('f', '1e22')).toBe('10000000000000000000000.000000');
    expect(show('e', '123456')).toBe('1.234560e+05');
    expect(show('E', '0.000123', 2)).toBe('1.23E-04');
    expect(show('e', '0')).toBe('0.000000e+00');
    expect(show('e', '9.9999999', 2)).toBe('1.00e+01');
    expect(
      ['100000', '1000000', '0.0001', '0.00001', '123.456', '0', '1.5e300'].map((x) => show('g', x)),
    ).toEqual(['100000', '1e+06', '0.0001', '1e-05', '123.456', '0', '1.5e+300']);
    expect(show('g', '123.456', 0)).toBe('1e+02');
    expect(show('G', '1e-10')).toBe('1E-10');
  });

  it('takes the flags and the width', () => {
    expect(show('f', '3.14159', 2, '', 8)).toBe('    3.14');
    expect(show('f', '3.14159', 2, '-', 8)).toBe('3.14    ');
    expect(show('f', '-3.14159', 2, '0', 8)).toBe('-0003.14');
    expect(show('f', '3', 0, '+#')).toBe('+3.');
    expect(show('f', '3', 2, ' ')).toBe(' 3.00');
    expect(show('g', '2', undefined, '#')).toBe('2.00000');
    expect(show('f', '-0')).toBe('-0.000000');
    expect(show('f', '-0.001', 2)).toBe('-0.00');
  });

  it('reads what strtold reads, and says what it leaves', () => {
    expect(['0x10', "'A", '"A', ' -0X1p3'].map(parseLongDouble)).toEqual(Array(4).fill(undefined));
    expect(parseLongDouble(' .5e1')).toEqual({ value: { neg: false, mant: 5n << 61n, exp: -61 }, rest: '' });
    expect(
      ['1.5x', 'abc', '', '.', '1,5', '-INF', 'nan(x)', 'Infinity'].map((t) => {
        const r = parseLongDouble(t);
        return r && [show('f', t.slice(0, t.length - r.rest.length) || '0'), r.rest];
      }),
    ).toEqual([
      ['1.500000', 'x'],
      ['0.000000', 'abc'],
      ['0.000000', ''],
      ['0.000000', '.'],
      ['1.000000', ',5'],
      ['-inf', ''],
      ['nan', '(x)'],
      ['inf', ''],
    ]);
    expect(show('F', '-inf', undefined, '0', 6)).toBe('  -INF');
  });

  it('rewrites the floating conversions of a format used again for its arguments', () => {
    expect(withFloats('%s=%.1f\\n', ['a', '0.25', 'b', '2.5'])).toEqual({
      format: '%s=%s\\n',
      values: ['a', '0.2', 'b', '2.5'],
      errors: '',
    });
    expect(withFloats('%d %5.2f%%\\n', ['7'])).toEqual({
      format: '%d %s%%\\n',
      values: ['7', ' 0.00'],
      errors: '',
    });
    expect(withFloats('%f %d\\n', ['1'])).toEqual({ format: '%s %d\\n', values: ['1.000000'], errors: '' });
    expect(withFloats('%.1f|', ['1.5x', 'y'])).toEqual({
      format: '%s|',
      values: ['1.5', '0.0'],
      errors: 'bash: printf: 1.5x: invalid number\nbash: printf: y: invalid number\n',
    });
    expect(withFloats('%s %d\\n', ['1'])).toBeUndefined();
    expect(withFloats('%*.2f\\n', ['5', '1'])).toBeUndefined();
    expect(withFloats('%f\\n', ['abc'])).toEqual({
      format: '%s\\n',
      values: ['0.000000'],
      errors: 'bash: printf: abc: invalid number\n',
    });
    expect(withFloats('%f\\n', ['0x10'])).toBeUndefined();
    expect(withFloats('%.9999f\\n', ['1'])).toBeUndefined();
    expect(withFloats('%99999999f\\n', ['1'])).toBeUndefined();
    expect(withFloats('%f\\n', [`${'9'.repeat(3000)}.${'9'.repeat(3000)}`])).toBeUndefined();
    expect(withFloats('%d %f\\n', [])).toBeUndefined();
  });
});
