import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { setupWorkspace } from '../scenario/materialise';
import { bytesToFileSpec, snapshotTree } from './snapshot';

const bytes = (...b: number[]) => new Uint8Array(b);
const enc = (s: string) => new TextEncoder().encode(s);

describe('bytesToFileSpec', () => {
  it('keeps plain UTF-8 text as a string, CRLF and all', () => {
    expect(bytesToFileSpec(enc('a\r\nb\r\n'))).toEqual('a\r\nb\r\n');
  });
  it('writes a BOM as bom: true', () => {
    expect(bytesToFileSpec(enc('\ufeffhi\n'))).toEqual({ text: 'hi\n', bom: true });
  });
  it('writes anything not UTF-8 as base64', () => {
    expect(bytesToFileSpec(bytes(0xff, 0xfe, 0x68, 0x00))).toEqual({ base64: '//5oAA==' });
    expect(bytesToFileSpec(bytes(0xc3))).toEqual({ base64: 'ww==' });
  });
  it('adds mtime and a non-default mode', () => {
    expect(bytesToFileSpec(enc('x'), { mtimeSec: 1700000000, mode: 0o755 })).toEqual({
      text: 'x',
      mtime: 1700000000,
      mode: '0755',
    });
    expect(bytesToFileSpec(enc('x'), { mode: 0o644 })).toEqual('x');
  });
});

describe('snapshotTree', () => {
  it('round-trips a workspace byte for byte (binary, BOM, CRLF, UTF-16, symlinks, empty dirs, modes)', async () => {
    const a = createMemfsWorkspace();
    const all = new Uint8Array(256).map((_, i) => i);
    await setupWorkspace(a, {
      files: {
        'bin/all-bytes': { base64: btoa(String.fromCharCode(...all)) },
        'bom.txt': { text: 'one\ntwo\n', bom: true, crlf: true },
        'crlf.txt': 'a\r\nb\r\n',
        'wide.txt': { utf16le: 'wide\n' },
        'run.sh': { text: '#!/bin/sh\n', mode: '0755' },
        link: { symlink: 'crlf.txt' },
        'empty/': { dir: true },
        'nested/deep/x.md': '# x\n',
      },
      turns: [],
    });
    const snap = await snapshotTree(a.fs, a.info.cwd, { meta: true });
    const b = createMemfsWorkspace();
    await setupWorkspace(b, { files: snap, turns: [] });
    expect(await snapshotTree(b.fs, b.info.cwd, { meta: true })).toEqual(snap);
    for (const rel of ['bin/all-bytes', 'bom.txt', 'crlf.txt', 'wide.txt', 'run.sh', 'nested/deep/x.md']) {
      expect(await b.fs.readFile(`${b.info.cwd}/${rel}`)).toEqual(
        await a.fs.readFile(`${a.info.cwd}/${rel}`),
      );
    }
    expect(snap['bom.txt']).toEqual({ text: 'one\r\ntwo\r\n', bom: true, mtime: 1700000060 });
  });
});
