import { describe, expect, it } from 'vitest';
import { mapGlobValues, parseRgArgv } from './argv';

describe('parseRgArgv', () => {
  const cases: [string[], { paths: string[]; fileFlagValues: string[] }][] = [
    [['hello'], { paths: [], fileFlagValues: [] }],
    [['-n', 'hello', 'src', '/abs'], { paths: ['src', '/abs'], fileFlagValues: [] }],
    [['--files', '--glob', '*.js', '/abs'], { paths: ['/abs'], fileFlagValues: [] }],
    [['-g', '*.js', '-t', 'js', 'pat', 'a'], { paths: ['a'], fileFlagValues: [] }],
    [['-nA1', 'pat', 'a'], { paths: ['a'], fileFlagValues: [] }],
    [['-A', '1', 'pat'], { paths: [], fileFlagValues: [] }],
    [['-e', 'x', '-e', 'y', 'p1', 'p2'], { paths: ['p1', 'p2'], fileFlagValues: [] }],
    [['-f', '/pats', 'p1'], { paths: ['p1'], fileFlagValues: ['/pats'] }],
    [['--ignore-file=/ig', '--max-columns=500', 'x', '.'], { paths: ['.'], fileFlagValues: ['/ig'] }],
    [['--', '--force', '/abs'], { paths: ['/abs'], fileFlagValues: [] }],
    [['--regexp', 'x', '--', '-weird'], { paths: ['-weird'], fileFlagValues: [] }],
  ];
  for (const [args, want] of cases) {
    it(JSON.stringify(args), () => {
      expect(parseRgArgv(args)).toEqual(want);
    });
  }
});

describe('mapGlobValues', () => {
  const twice = (g: string) => [g, `X${g}`];
  const cases: [string[], string[]][] = [
    [
      ['--glob', 'a/*', 'pat', '/p'],
      ['--glob', 'a/*', '--glob', 'Xa/*', 'pat', '/p'],
    ],
    [
      ['--glob=a', '-g', 'b', '--iglob', 'c'],
      ['--glob', 'a', '--glob', 'Xa', '-g', 'b', '-g', 'Xb', '--iglob', 'c', '--iglob', 'Xc'],
    ],
    [
      ['-ng', 'x', 'pat'],
      ['-n', '-g', 'x', '-g', 'Xx', 'pat'],
    ],
    [
      ['-gx', 'pat'],
      ['-g', 'x', '-g', 'Xx', 'pat'],
    ],
    [
      ['-t', 'js', '--max-columns', '500', '-A1', 'pat'],
      ['-t', 'js', '--max-columns', '500', '-A1', 'pat'],
    ],
    [
      ['-e', '--glob', '--', '--glob'],
      ['-e', '--glob', '--', '--glob'],
    ],
  ];
  for (const [args, want] of cases) {
    it(JSON.stringify(args), () => {
      expect(mapGlobValues(args, twice)).toEqual(want);
    });
  }
});
