// The Search port against native ripgrep: the same tree on memfs and in a real temp dir, the same
// argv, and stdout/stderr/exit code compared with /usr/bin/rg's. Native rg runs with stdin from
// /dev/null (it would otherwise search a piped stdin) and its output piped (no tty heuristics).

import { spawnSync } from 'node:child_process';
import * as nfs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Volume } from 'memfs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../workspace/types';
import { createDiskSearch } from './disk';
import { nodeRipgrepLoader } from './loader-node';
import { createMemfsSearch } from './memfs';

// The Debian binary by its path: `rg` on PATH under vitest is node_modules/.bin/rg, which is
// the very wasm under test.
const NATIVE_PATH = '/usr/bin/rg';

function findNativeRg(): string | null {
  if (nfs.existsSync(NATIVE_PATH)) return NATIVE_PATH;
  spawnSync('apt-get', ['install', '-y', 'ripgrep'], { stdio: 'ignore', timeout: 120_000 });
  return nfs.existsSync(NATIVE_PATH) ? NATIVE_PATH : null;
}

const NATIVE = findNativeRg();
if (!NATIVE)
  console.warn('search contract: native rg not found and `apt-get install -y ripgrep` failed; skipping');
const NATIVE_VERSION = NATIVE
  ? spawnSync(NATIVE, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]!
  : '';

type Tree = Record<string, string | Uint8Array | { symlink: string } | null>;

/** Layout: $ROOT/project (cwd, a git repo), $ROOT/other (a .gitignore but no .git). */
const TREE: Tree = {
  'project/.git/HEAD': 'ref: refs/heads/main\n',
  'project/.git/config': '[core]\n',
  'project/.gitignore': '*.log\nbuild/\n/secret.txt\n',
  'project/README.md': '# Project\nHello world example.\nTODO: docs\n',
  'project/a.txt': 'hello\nfoo\nbar\nHELLO again\n',
  'project/src/app.js': "function main() {\n  console.log('Hello World');\n  return 42;\n}\n",
  'project/src/util.ts': 'export function helper(x: number) {\n  // TODO: fix\n  return x * 2;\n}\n',
  'project/src/lib/deep.py': "def hello():\n    print('hello world')\n",
  'project/src/sub/.gitignore': 'ignored.txt\n',
  'project/src/sub/ignored.txt': 'hello from an ignored file\n',
  'project/src/sub/kept.txt': 'hello kept\n',
  'project/build/out.js': 'hello build\n',
  'project/debug.log': 'hello log\n',
  'project/secret.txt': 'hello secret\n',
  'project/.hidden/h.txt': 'hello hidden\n',
  'project/.env': 'TOKEN=hello\n',
  'project/multi.txt': 'start foo\nbar end\nfoo\n\nbar\n',
  'project/crlf.txt': 'one\r\nhello two\r\n',
  'project/unicode.txt': 'café hello\nnaïve\n',
  'project/bin.dat': new Uint8Array([104, 101, 108, 108, 111, 0, 1, 2, 10, 104, 101, 108, 108, 111, 10]),
  'project/long.txt': `hello ${'x'.repeat(600)}\nshort hello\n`,
  // Bigger than the shim's 64 KiB read-ahead, with matches on both sides of the boundary.
  'project/big.txt':
    Array.from({ length: 6000 }, (_, i) =>
      i % 1000 === 999 ? `hello big ${i}` : `line ${i} ${'.'.repeat(20)}`,
    ).join('\n') + '\n',
  'project/empty': null,
  'project/link.txt': { symlink: 'a.txt' },
  'other/.gitignore': 'skip.txt\n',
  'other/skip.txt': 'hello skip\n',
  'other/keep.txt': 'hello keep\n',
};
// A directory whose listing does not fit one fd_readdir buffer, with names of many lengths
// (like /etc/ssl/certs): the walk must list each file once and end.
for (let i = 0; i < 300; i++) TREE[`wide/${'n'.repeat(1 + (i * 7) % 90)}-${i}.pem`] = `${i}\n`;

let root = '';
let vol: Volume;

function buildDisk(dir: string): void {
  for (const [rel, v] of Object.entries(TREE)) {
    const p = join(dir, rel);
    if (v === null) {
      nfs.mkdirSync(p, { recursive: true });
      continue;
    }
    nfs.mkdirSync(join(p, '..'), { recursive: true });
    if (typeof v === 'object' && 'symlink' in v) nfs.symlinkSync(v.symlink, p);
    else nfs.writeFileSync(p, v);
  }
}

function buildMemfs(dir: string): Volume {
  const v = new Volume();
  for (const [rel, val] of Object.entries(TREE)) {
    const p = `${dir}/${rel}`;
    if (val === null) {
      v.mkdirSync(p, { recursive: true });
      continue;
    }
    v.mkdirSync(p.slice(0, p.lastIndexOf('/')), { recursive: true });
    if (typeof val === 'object' && 'symlink' in val) v.symlinkSync(val.symlink, p);
    else v.writeFileSync(p, val);
  }
  return v;
}

function native(args: string[], cwd: string): SearchResult {
  const r = spawnSync(NATIVE!, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: {} });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status ?? -1 };
}

/** Timings in --json output vary run to run; the final summary line's counters also differ
 * between ripgrep 13 and 15 (13 undercounts `searches`), so that line is dropped. */
function normalise(r: SearchResult): SearchResult {
  const stdout = r.stdout
    .replace(/"elapsed":\{"secs":\d+,"nanos":\d+,"human":"[0-9.]+s"\}/g, '"elapsed":<t>')
    .replace(/^\{"data":\{"elapsed_total":.*"type":"summary"\}\n/m, '');
  return { ...r, stdout };
}

beforeAll(() => {
  // The memfs tree sits at the same absolute path as the disk one, so absolute output matches.
  root = nfs.realpathSync(nfs.mkdtempSync(join(tmpdir(), 'cc-search-contract-')));
  buildDisk(root);
  vol = buildMemfs(root);
});

afterAll(() => {
  if (root) nfs.rmSync(root, { recursive: true, force: true });
});

interface Case {
  name: string;
  /** `$ROOT` is replaced by the tree's root. */
  args: string[];
  /** Relative to $ROOT; default project. */
  cwd?: string;
  /** ripgrep 15's result where Debian's older rg words it differently (`$ROOT` substituted). */
  rg15?: SearchResult;
  /** A known divergence from native rg: the test asserts that it still diverges. */
  diverges?: string;
}

const CASES: Case[] = [
  { name: '--files (gitignore, nested .gitignore, hidden skipped)', args: ['--files', '--sort', 'path'] },
  { name: '--files with a glob', args: ['--files', '--sort', 'path', '--glob', '*.js'] },
  { name: '--files with a negated glob', args: ['--files', '--sort', 'path', '--glob', '!src/**'] },
  {
    name: '--files with a glob matching an ignored file',
    args: ['--files', '--sort', 'path', '--glob', '*.log'],
  },
  { name: '--files --hidden', args: ['--files', '--sort', 'path', '--hidden'] },
  { name: '--files --no-ignore --hidden', args: ['--files', '--sort', 'path', '--no-ignore', '--hidden'] },
  { name: '--files -t py', args: ['--files', '--sort', 'path', '-t', 'py'] },
  { name: '--files -T js', args: ['--files', '--sort', 'path', '-T', 'js'] },
  { name: '--files under an absolute path', args: ['--files', '--sort', 'path', '$ROOT/project/src'] },
  {
    name: 'a glob with a slash is anchored at the cwd (absolute root)',
    args: ['--files', '--sort', 'path', '--glob', 'src/**/*.ts', '$ROOT/project'],
  },
  {
    name: 'a negated slash glob at the cwd (absolute root)',
    args: ['--files', '--sort', 'path', '--glob', '!src/**', '$ROOT/project'],
  },
  {
    name: 'a leading-slash glob (absolute root)',
    args: ['--files', '--sort', 'path', '--glob', '/src/*.js', '$ROOT/project'],
  },
  {
    name: 'a slash glob with relative and absolute roots',
    args: ['--files', '--sort', 'path', '--glob', 'src/*', 'src', '$ROOT/project/src'],
  },
  {
    name: 'a ./ glob (absolute root)',
    args: ['--files', '--sort', 'path', '--glob', './src/*.js', '$ROOT/project'],
  },
  {
    name: 'a **/ glob (absolute root)',
    args: ['--files', '--sort', 'path', '--glob', '**/src/*.js', '$ROOT/project'],
  },
  {
    name: 'a brace glob with a slash (absolute root)',
    args: ['--files', '--sort', 'path', '--glob', '{src,build}/*.js', '$ROOT/project', '--no-ignore'],
  },
  {
    name: 'a slash glob does not match outside the cwd',
    args: ['--files', '--sort', 'path', '--glob', 'other/*', '$ROOT/other'],
  },
  {
    name: 'a slash glob from a subdirectory cwd',
    args: ['--files', '--sort', 'path', '--glob', 'sub/*', '$ROOT/project/src'],
    cwd: 'project/src',
  },
  {
    name: '--files from a subdirectory cwd',
    args: ['--files', '--sort', 'path'],
    cwd: 'project/src',
    diverges:
      'under WASI ripgrep sees "/" as its cwd, so relative roots get no parent probing: the .git above the cwd is not found and src/sub/.gitignore (git-only) is not applied',
  },
  {
    name: '--files with a relative parent path',
    args: ['--files', '--sort', 'path', '..'],
    cwd: 'project/src',
  },
  { name: '.gitignore without .git is not used', args: ['--files', '--sort', 'path', '$ROOT/other'] },
  {
    name: '.gitignore without .git with --no-require-git',
    args: ['--files', '--sort', 'path', '--no-require-git', '$ROOT/other'],
  },
  { name: 'content search with line numbers', args: ['-n', '--sort', 'path', 'hello'] },
  {
    name: 'content search, case-insensitive, hidden',
    args: ['-n', '-i', '--hidden', '--sort', 'path', 'hello'],
  },
  { name: 'files with matches', args: ['-l', '--sort', 'path', 'o'] },
  { name: 'count', args: ['-c', '--sort', 'path', 'o'] },
  { name: 'context -C 1', args: ['-n', '-C', '1', '--sort', 'path', 'foo'] },
  { name: 'max-columns', args: ['-n', '--max-columns', '500', '--sort', 'path', 'hello'] },
  { name: 'binary file is skipped in a directory search', args: ['-l', '--sort', 'path', 'hello', '.'] },
  { name: 'binary file searched explicitly', args: ['hello', 'bin.dat'] },
  { name: 'multiline', args: ['-n', '--multiline', '--sort', 'path', 'foo\\nbar'] },
  { name: 'multiline dotall', args: ['-n', '-U', '--multiline-dotall', '--sort', 'path', 'start.*end'] },
  { name: 'json', args: ['--json', '--sort', 'path', 'hello', 'a.txt', 'src'] },
  { name: 'glob and type together', args: ['-n', '--sort', 'path', '--glob', '*.ts', '-t', 'ts', 'TODO'] },
  { name: 'pattern after --', args: ['-n', '--sort', 'path', '--', '--force', '.'] },
  { name: 'no match', args: ['--sort', 'path', 'zzzznotthere'] },
  // ripgrep 14+ prefixes every error with "rg: " and shows the regex as compiled; Claude Code's
  // recorded diagnostics have that form (grep-bad-type, grep-braces-literal).
  {
    name: 'bad regex',
    args: ['a('],
    rg15: {
      stdout: '',
      stderr: 'rg: regex parse error:\n    (?:a()\n    ^\nerror: unclosed group\n',
      code: 2,
    },
  },
  {
    name: 'bad glob',
    args: ['--files', '--glob', 'a[b'],
    rg15: {
      stdout: '',
      stderr: "rg: error parsing glob 'a[b': unclosed character class; missing ']'\n",
      code: 2,
    },
  },
  {
    name: 'unknown type',
    args: ['-t', 'nosuchlang', 'o'],
    rg15: { stdout: '', stderr: 'rg: unrecognized file type: nosuchlang\n', code: 2 },
  },
  {
    name: 'missing path',
    args: ['hello', 'nope'],
    rg15: {
      stdout: '',
      stderr: 'rg: nope: IO error for operation on nope: No such file or directory (os error 2)\n',
      code: 2,
    },
  },
  { name: 'symlink followed with -L', args: ['-L', '-n', '--sort', 'path', 'HELLO'] },
  { name: 'a directory listed over several readdir calls', args: ['--files', '--sort', 'path'], cwd: 'wide' },
];

describe.skipIf(!NATIVE)(`Search port vs native ${NATIVE_VERSION}`, () => {
  const subst = (args: string[]) => args.map((a) => a.replaceAll('$ROOT', root));
  const isRg15 = /^ripgrep 15\./.test(NATIVE_VERSION);
  for (const c of CASES) {
    const test = c.diverges ? it.fails : it;
    test(c.diverges ? `${c.name} (known divergence: ${c.diverges})` : c.name, async () => {
      const cwd = `${root}/${c.cwd ?? 'project'}`;
      const args = subst(c.args);
      const want = c.rg15 && !isRg15 ? c.rg15 : normalise(native(args, cwd));
      const memfs = normalise(await createMemfsSearch(vol, nodeRipgrepLoader).run(args, { cwd }));
      const disk = normalise(await createDiskSearch().run(args, { cwd }));
      expect({ memfs, disk }).toEqual({ memfs: want, disk: want });
    });
  }
});
