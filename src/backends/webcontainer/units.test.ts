import { describe, expect, it } from 'vitest';
import { FsError } from '../../workspace/types';
import { containerFsError } from './errors';
import { diffManifests, parseManifest } from './manifest';
import { terminalToText } from './terminal';

describe('terminalToText', () => {
  it('undoes the terminal’s CRLF and keeps the program’s escapes and lone CRs', () => {
    expect(terminalToText('\u001b[31mred\u001b[0m\r\nline 2\r\r\n50%\r100%\n\ttab')).toBe('\u001b[31mred\u001b[0m\nline 2\n50%\r100%\n\ttab');
  });
});

describe('containerFsError', () => {
  it('takes the code from the error, or from its message, else EIO', () => {
    const from = (e: unknown) => {
      const f = containerFsError(e, 'open', '/w/x');
      return [f.code, f.message];
    };
    expect([
      from(Object.assign(new Error('whatever'), { code: 'EISDIR' })),
      from(new Error("ENOENT: no such file or directory, open '/x'")),
      from(new Error('Failed to fetch')),
      from('ENOTDIR'),
    ]).toEqual([
      ['EISDIR', "EISDIR: illegal operation on a directory, open '/w/x'"],
      ['ENOENT', "ENOENT: no such file or directory, open '/w/x'"],
      ['EIO', "EIO: i/o error, open '/w/x'"],
      ['ENOTDIR', "ENOTDIR: not a directory, open '/w/x'"],
    ]);
    const same = new FsError('EEXIST', 'mkdir', '/a');
    expect(containerFsError(same, 'open', '/b')).toBe(same);
  });
});

describe('diffManifests', () => {
  it('lists removals deepest first and changes parents first', () => {
    const before = parseManifest(
      JSON.stringify([
        ['/r/a', 'd', 0o755, 0, 1, ''],
        ['/r/a/x', 'f', 0o644, 1, 1, ''],
        ['/r/b', 'f', 0o644, 1, 1, ''],
        ['/r/c', 'f', 0o644, 1, 1, ''],
        ['/r/l', 'l', 0o777, 1, 1, 'b'],
      ]),
    );
    const after = parseManifest(
      JSON.stringify([
        ['/r/b', 'f', 0o644, 1, 1, ''],
        ['/r/c', 'f', 0o755, 1, 1, ''],
        ['/r/l', 'l', 0o777, 1, 1, 'c'],
        ['/r/n', 'd', 0o755, 0, 2, ''],
        ['/r/n/y', 'f', 0o644, 3, 2, ''],
      ]),
    );
    const d = diffManifests(before, after);
    expect({ removed: d.removed, changed: d.changed.map((e) => e.path) }).toEqual({
      removed: ['/r/a/x', '/r/a'],
      changed: ['/r/c', '/r/l', '/r/n', '/r/n/y'],
    });
  });
});
