// Read, Glob and Grep at their edges: device and /proc paths, odd path spellings, encodings,
// sizes around the line, byte and token limits, offsets and limits past the ends, images of
// several sizes, Glob inside .git and with bad or NUL-carrying patterns, Grep with bad regexes.
import type { Rng } from '../rng';
import type { Family, Generated } from '../types';
import type { FileSpec, TurnItem } from '../../../src/scenario/schema';
import { deflateSync } from 'node:zlib';

const SPECIAL_PATHS = [
  '/dev/null',
  '/dev/zero',
  '/dev/random',
  '/dev/urandom',
  '/dev/full',
  '/dev/stdin',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/tty',
  '/dev/console',
  '/dev/fd/0',
  '/dev/fd/1',
  '/proc/self/fd/0',
  '/proc/self/fd/2',
  '/proc/self/root',
  '/dev',
  '/proc',
  '/dev/shm',
];

const ODD_PATHS = ['$CWD/', '$CWD/.', '$CWD/..', '.', '', ' ', '$CWD/a.txt/', '$CWD/./a.txt', '$CWD//a.txt', '$CWD/sub/../a.txt', 'a.txt', './a.txt', '~', '~/', '~nosuchuser/x', '$CWD/a.txt\u0000.png', '$CWD/' + 'n'.repeat(300), '$CWD/missing/deeper/x.txt', '$CWD/A.TXT', '$CWD/a.txt ', '$CWD/ a.txt'];

/** A PNG of w x h pixels (a gradient, so it does not compress to nothing). */
function png(w: number, h: number): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = x & 255;
      raw[o + 1] = y & 255;
      raw[o + 2] = (x * y) & 255;
    }
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]).toString('base64');
}

const GLOB_PATTERNS = ['.git/*', '.git/**', '**/.git/**', '**/HEAD', '.git/refs/**/*', '**/*', '.*', '**/.*', '[', '{a,b', 'a\u0000b', '*.txt\u0000', '**/', '../*', '', ' ', '**/*.{txt,md}', '!(a).txt', 'sub/**/../*', '\\*.txt'];
const GREP_PATTERNS = ['(', '[', '\\', '*a', 'a{1,99999}', '(?<=a)b', 'a\u0000b', '\\p{Greek}', '(?i)ALPHA', '^$', '', ' ', 'alpha|', '[[:alpha:]]+', '\\bbeta\\b', 'a++', '(a)\\1'];

function build(rng: Rng, count: number): Generated[] {
  const out: Generated[] = [];
  const images = [
    [1, 1],
    [100, 100],
    [1999, 20],
    [2001, 20],
    [20, 2001],
    [4000, 300],
    [800, 2400],
  ].map(([w, h]) => ({ w: w as number, h: h as number, data: png(w as number, h as number) }));
  for (let i = 0; i < count; i++) {
    const id = `gen-readspecial-${String(i).padStart(4, '0')}`;
    const files: Record<string, FileSpec> = { 'a.txt': 'alpha\nbeta\n', 'sub/b.md': 'beta\n' };
    const kind = rng.weighted([
      [3, 'special'],
      [3, 'odd'],
      [3, 'encoding'],
      [4, 'size'],
      [2, 'image'],
      [3, 'glob'],
      [3, 'grep'],
    ] as const);
    let calls: TurnItem[][];
    let what: string;
    let git = false;
    if (kind === 'special') {
      const p = rng.pick(SPECIAL_PATHS);
      const input: Record<string, unknown> = { file_path: p };
      if (rng.chance(0.3)) input.limit = 3;
      calls = [[{ name: 'Read', input }]];
      what = `Read of ${p}${input.limit ? ' with limit 3' : ''}`;
    } else if (kind === 'odd') {
      const p = rng.pick(ODD_PATHS);
      calls = [[{ name: 'Read', input: { file_path: p } }]];
      what = `Read of the path ${JSON.stringify(p)}`;
    } else if (kind === 'encoding') {
      const enc = rng.pick([
        ['UTF-16LE with BOM', { utf16le: 'wide\r\nline ü\n' }],
        ['UTF-16LE without BOM', { utf16le: 'wide\nline\n', bom: false }],
        ['UTF-8 BOM and CRLF', { text: 'one\ntwo\n', bom: true, crlf: true }],
        ['latin-1 bytes', { base64: Buffer.from('caf\xe9\nna\xefve\n', 'latin1').toString('base64') }],
        ['lone CRs', { base64: Buffer.from('a\rb\rc\n').toString('base64') }],
        ['a NUL byte', { base64: Buffer.from('a\0b\n').toString('base64') }],
        ['mixed line endings', { base64: Buffer.from('a\r\nb\nc\rd\n').toString('base64') }],
        ['invalid UTF-8', { base64: Buffer.from([0x61, 0xff, 0xfe, 0x62, 0x0a]).toString('base64') }],
        ['emoji and combining marks', 'e\u0301 👍🏽 \u200b\n'],
        ['no final newline', 'last line'],
      ] as const);
      const name = rng.pick(['enc.txt', 'enc.md', 'enc.log', 'enc.csv', 'enc']);
      files[name] = enc[1] as FileSpec;
      const input: Record<string, unknown> = { file_path: `$CWD/${name}` };
      if (rng.chance(0.3)) input.offset = 2;
      calls = [[{ name: 'Read', input }]];
      if (rng.chance(0.3)) calls.push([{ name: 'Edit', input: { file_path: `$CWD/${name}`, old_string: 'e', new_string: 'E', replace_all: true } }]);
      what = `Read of a file in ${enc[0]}${input.offset ? ' from offset 2' : ''}`;
    } else if (kind === 'size') {
      const lines = rng.pick([1999, 2000, 2001, 2500, 3001, 6000]);
      const width = rng.pick([10, 40, 120, 2100]);
      files['big.txt'] = { lines: { count: lines, template: 'line {n} ', width } };
      const input: Record<string, unknown> = { file_path: '$CWD/big.txt' };
      const r = rng.pick(['none', 'offset', 'limit', 'both', 'past'] as const);
      if (r === 'offset' || r === 'both') input.offset = rng.pick([1, 1000, 1999, 2000, 2001]);
      if (r === 'limit' || r === 'both') input.limit = rng.pick([1, 100, 2000, 2001, 5000]);
      if (r === 'past') input.offset = lines + rng.pick([0, 1, 2, 100]);
      calls = [[{ name: 'Read', input }]];
      if (rng.chance(0.25)) calls.push([{ name: 'Read', input: { file_path: '$CWD/big.txt', offset: 1500, limit: 10 } }]);
      what = `Read of ${lines} lines of ${width} characters (${r})`;
    } else if (kind === 'image') {
      const img = rng.pick(images);
      const name = rng.pick(['pic.png', 'pic.PNG', 'pic.jpg', 'pic.txt']);
      files[name] = { base64: img.data };
      calls = [[{ name: 'Read', input: { file_path: `$CWD/${name}` } }]];
      what = `Read of a ${img.w}x${img.h} PNG named ${name}`;
    } else if (kind === 'glob') {
      git = rng.chance(0.6);
      const pattern = rng.pick(GLOB_PATTERNS);
      const input: Record<string, unknown> = { pattern };
      if (rng.chance(0.3)) input.path = rng.pick(['$CWD/.git', '$CWD/sub', '.git', '$CWD/a.txt', '$CWD/missing']);
      calls = [[{ name: 'Glob', input }]];
      what = `Glob ${JSON.stringify(pattern)}${input.path ? ` in ${String(input.path)}` : ''}${git ? ' in a git repository' : ''}`;
    } else {
      const pattern = rng.pick(GREP_PATTERNS);
      const input: Record<string, unknown> = { pattern };
      const mode = rng.pick([undefined, 'content', 'count'] as const);
      if (mode) input.output_mode = mode;
      if (rng.chance(0.2)) input.multiline = true;
      if (rng.chance(0.2)) input['-i'] = true;
      calls = [[{ name: 'Grep', input }]];
      what = `Grep ${JSON.stringify(pattern)}${mode ? ` (${mode})` : ''}`;
    }
    const s: Generated = { id, area: kind === 'glob' ? 'glob' : kind === 'grep' ? 'grep' : 'read', description: `${what}.`, files, git, turns: calls };
    // git writes several .git files within one clock tick; the binary lists such mtime ties in a
    // different order from run to run (three orders in 20 recordings), so the listing compares as
    // a set of lines.
    if (kind === 'glob' && git && reachesGitDir(calls)) s.order_insensitive = true;
    out.push(s);
  }
  return out;
}

function reachesGitDir(calls: Generated['turns']): boolean {
  const input = calls[0]?.[0]?.input as { pattern?: string; path?: string } | undefined;
  const pattern = input?.pattern ?? '';
  return pattern.includes('.git') || pattern.startsWith('**') || (input?.path ?? '').includes('.git');
}

export const readSpecial: Family = { name: 'readspecial', count: 450, build };
