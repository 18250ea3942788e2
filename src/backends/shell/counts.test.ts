import { describe, expect, it } from 'vitest';
import { gnuCount, gnuQuote } from './counts';
import { endlessBytes, endlessDemand } from './endless';
import { Bash } from 'just-bash';

describe('gnuCount', () => {
  it('reads counts as coreutils 9.1 head -c does (probed)', () => {
    const texts = [
      '1K',
      'k',
      'kB',
      'KiB',
      '1kiB',
      '1mB',
      '1MiB',
      '1b',
      '00012',
      ' +1',
      '\t3',
      '1KD',
      '18446744073709551615',
    ];
    const bad = [
      '+ 1',
      '1\t',
      '0x',
      '1bi',
      '1B',
      '1w',
      '1g',
      '1e',
      '1R',
      '1QB',
      '1Ki',
      '1.5',
      '',
      '-1',
      '1Yx',
    ];
    const large = ['18446744073709551616', '16E', '1Z', '1Y'];
    expect(texts.map((t) => gnuCount(t))).toEqual(
      [1024n, 1024n, 1000n, 1024n, 1024n, 1000000n, 1048576n, 512n, 12n, 1n, 3n, 1000n, (1n << 64n) - 1n].map(
        (value) => ({ value }),
      ),
    );
    expect(bad.map((t) => gnuCount(t))).toEqual(bad.map(() => ({ error: 'invalid' })));
    expect(large.map((t) => gnuCount(t))).toEqual(large.map(() => ({ error: 'too-large' })));
  });

  it("quotes as GNU's quote() does in a UTF-8 locale", () => {
    expect(['2X', '1\t', '', 'a\\b'].map(gnuQuote)).toEqual(['‘2X’', '‘1\\t’', '‘’', '‘a\\\\b’']);
  });
});

describe('endlessDemand', () => {
  const demand = (command: string) => endlessDemand(new Bash().transform(command).ast);

  it("reads the largest literal counts of the script's heads, wherever they are", () => {
    expect(
      [
        'yes | head -c 2M | wc -c',
        'for i in 1; do yes | head -n 30; done; x=$(head -c 5 /dev/zero)',
        'yes | /usr/bin/head --bytes=7 ; yes | head',
        'n=9; yes | head -c $n; yes | head -n -3; yes | head -c 2X',
        'yes | tail -c 99999999',
      ].map(demand),
    ).toEqual([
      { bytes: 2097152, lines: 0 },
      { bytes: 5, lines: 30 },
      { bytes: 7, lines: 10 },
      { bytes: 0, lines: 0 },
      { bytes: 0, lines: 0 },
    ]);
  });

  it('bounds what a producer makes between 1 MiB and 128 MiB, lines counted at the line length', () => {
    expect([
      endlessBytes({ bytes: 0, lines: 0 }, 2),
      endlessBytes({ bytes: 2000000, lines: 0 }),
      endlessBytes({ bytes: 0, lines: 3000000 }, 2),
      endlessBytes({ bytes: 0, lines: 3000000 }),
      endlessBytes({ bytes: 10 ** 12, lines: 0 }),
    ]).toEqual([1 << 20, 2000000, 6000000, 1 << 20, 128 << 20]);
  });
});
