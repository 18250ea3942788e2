import { describe, expect, it } from 'vitest';
import { applyLineEnding, detectLineEnding, encodeText, encodingRefusal, readTextFile } from './encoding';
import { linePatch } from './patch';

describe('text files', () => {
  it('reads UTF-16LE by its BOM and keeps the BOM as U+FEFF', () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x68, 0, 0x0d, 0, 0x0a, 0, 0x3d, 0xd8, 0x00, 0xde]);
    expect(readTextFile(bytes)).toEqual({
      content: '\uFEFFh\n\u{1F600}',
      encoding: 'utf16le',
      lineEnding: 'CRLF',
    });
    expect(encodeText('\uFEFFh\r\n\u{1F600}', 'utf16le')).toEqual(bytes);
  });

  it('reads UTF-8 with its BOM kept and bad bytes replaced', () => {
    expect(readTextFile(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x0a]))).toEqual({
      content: '\uFEFFa\uFFFD\n',
      encoding: 'utf8',
      lineEnding: 'LF',
    });
  });

  it('picks the more common line ending, ties going to LF', () => {
    expect(detectLineEnding('a\r\nb\nc\r\n')).toEqual('CRLF');
    expect(detectLineEnding('a\r\nb\n')).toEqual('LF');
    expect(detectLineEnding('no newline')).toEqual('LF');
    expect(applyLineEnding('a\nb\r\n', 'CRLF')).toEqual('a\r\nb\r\n');
    expect(applyLineEnding('a\nb\r\n', 'LF')).toEqual('a\nb\r\n');
  });

  it('builds jsdiff hunks with three lines of context, split when more than six lines apart', () => {
    const old = Array.from({ length: 20 }, (_, i) => `l${i + 1}`).join('\n') + '\n';
    expect(linePatch(old, old.replace('l10\n', 'L10\n').replace('l19\n', ''))).toEqual([
      {
        oldStart: 7,
        oldLines: 7,
        newStart: 7,
        newLines: 7,
        lines: [' l7', ' l8', ' l9', '-l10', '+L10', ' l11', ' l12', ' l13'],
      },
      {
        oldStart: 16,
        oldLines: 5,
        newStart: 16,
        newLines: 4,
        lines: [' l16', ' l17', ' l18', '-l19', ' l20'],
      },
    ]);
    expect(linePatch(old, old.replace('l10\n', 'L10\n').replace('l16\n', ''))).toEqual([
      {
        oldStart: 7,
        oldLines: 13,
        newStart: 7,
        newLines: 12,
        lines: [
          ' l7',
          ' l8',
          ' l9',
          '-l10',
          '+L10',
          ' l11',
          ' l12',
          ' l13',
          ' l14',
          ' l15',
          '-l16',
          ' l17',
          ' l18',
          ' l19',
        ],
      },
    ]);
    expect(linePatch('a\n', 'a\n')).toEqual([]);
  });
});

describe('encodingRefusal', () => {
  it('names an FE FF start before NULs or undecodable bytes; FF FE is written as UTF-16LE', () => {
    const b = (...x: number[]) => new Uint8Array(x);
    expect([
      encodingRefusal(b(0xfe, 0xff, 0, 0x68)),
      encodingRefusal(b(0xfe, 0xff, 0x4e, 0x2d)),
      encodingRefusal(b(0xfe, 0xff)),
      encodingRefusal(b(0xff, 0xfe, 0x68, 0)),
      encodingRefusal(b(0x61, 0, 0x62)),
      encodingRefusal(b(0x61, 0xff)),
      encodingRefusal(b(0x61)),
    ]).toEqual(['utf16be', 'utf16be', 'utf16be', undefined, 'nul-bytes', 'legacy-encoding', undefined]);
  });
});
