// Just enough of ripgrep's argv grammar to find its path operands: the shim needs to know
// whether the search roots are relative, absolute or both (see run.ts).

const SHORT_WITH_VALUE = new Set(['e', 'f', 'E', 'm', 'j', 'g', 'd', 't', 'T', 'A', 'B', 'C', 'M', 'r']);
const LONG_WITH_VALUE = new Set([
  'regexp',
  'file',
  'pre',
  'pre-glob',
  'dfa-size-limit',
  'encoding',
  'engine',
  'max-count',
  'regex-size-limit',
  'threads',
  'glob',
  'iglob',
  'ignore-file',
  'max-depth',
  'max-filesize',
  'type',
  'type-not',
  'type-add',
  'type-clear',
  'after-context',
  'before-context',
  'color',
  'colors',
  'context',
  'context-separator',
  'field-context-separator',
  'field-match-separator',
  'hostname-bin',
  'hyperlink-format',
  'max-columns',
  'path-separator',
  'replace',
  'sort',
  'sortr',
  'generate',
]);
/** Modes in which every positional argument is a path (no pattern operand). */
const NO_PATTERN_LONG = new Set(['files', 'type-list']);

export interface ParsedArgv {
  /** Path operands in order; empty means ripgrep searches "./". */
  paths: string[];
  /** Values of flags that name files (--ignore-file, -f). */
  fileFlagValues: string[];
}

export function parseRgArgv(args: readonly string[]): ParsedArgv {
  const positionals: string[] = [];
  const fileFlagValues: string[] = [];
  let patternGiven = false;
  let noPattern = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = a.slice(2, eq < 0 ? undefined : eq);
      if (NO_PATTERN_LONG.has(name)) noPattern = true;
      if (!LONG_WITH_VALUE.has(name)) continue;
      const value = eq < 0 ? args[++i] : a.slice(eq + 1);
      if (name === 'regexp' || name === 'file') patternGiven = true;
      if ((name === 'file' || name === 'ignore-file') && value !== undefined) fileFlagValues.push(value);
      continue;
    }
    if (a.startsWith('-') && a !== '-') {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (!SHORT_WITH_VALUE.has(c)) continue;
        const value = j + 1 < a.length ? a.slice(j + 1) : args[++i];
        if (c === 'e' || c === 'f') patternGiven = true;
        if (c === 'f' && value !== undefined) fileFlagValues.push(value);
        break;
      }
      continue;
    }
    positionals.push(a);
  }
  const paths = patternGiven || noPattern ? positionals : positionals.slice(1);
  return { paths, fileFlagValues };
}

const GLOB_LONG = new Set(['glob', 'iglob']);

/** Replaces each --glob/-g/--iglob value with the values `f` returns (same flag for each). */
export function mapGlobValues(args: readonly string[], f: (glob: string) => string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.push(...args.slice(i));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = a.slice(2, eq < 0 ? undefined : eq);
      if (GLOB_LONG.has(name)) {
        const value = eq < 0 ? args[++i] : a.slice(eq + 1);
        if (value === undefined) out.push(a);
        else for (const v of f(value)) out.push(`--${name}`, v);
        continue;
      }
      out.push(a);
      if (eq < 0 && LONG_WITH_VALUE.has(name) && i + 1 < args.length) out.push(args[++i]!);
      continue;
    }
    if (a.startsWith('-') && a !== '-') {
      let j = 1;
      while (j < a.length && !SHORT_WITH_VALUE.has(a[j]!)) j++;
      if (j >= a.length) {
        out.push(a);
        continue;
      }
      const hasInline = j + 1 < a.length;
      const value = hasInline ? a.slice(j + 1) : args[i + 1];
      if (!hasInline) i++;
      if (a[j] === 'g' && value !== undefined) {
        if (j > 1) out.push(a.slice(0, j));
        for (const v of f(value)) out.push('-g', v);
      } else {
        out.push(a);
        if (!hasInline && value !== undefined) out.push(value);
      }
      continue;
    }
    out.push(a);
  }
  return out;
}
