// The Workspace contract (../contract.ts) in the page, without vitest, for a real booted
// container: e2e/webcontainer.spec.ts runs it when WebContainer can boot. Each check compares a
// whole value and reports what it saw; [] means every check passed.
import { isFsError, type Workspace } from '../../workspace/types';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const bytes = (...b: number[]) => new Uint8Array(b);

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return isFsError(e) ? `${e.code} ${e.syscall}` : `not an FsError: ${String(e)}`;
  }
}

export async function runPageContract(make: () => Workspace): Promise<string[]> {
  const failures: string[] = [];
  const check = (name: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  const ws = make();
  const { cwd, root, home, tmp } = ws.info;
  const sh = (command: string) => ws.shell.run(command, { cwd, env: { HOME: home, TMPDIR: tmp }, timeoutMs: 60_000 });

  check('layout', [cwd, home, tmp], [`${root}/project`, `${root}/home`, `${root}/tmp`]);
  const cases: [string, Uint8Array][] = [
    ['bin', bytes(0, 1, 2, 255, 254, 0, 10, 13)],
    ['bom.txt', bytes(0xef, 0xbb, 0xbf, 0x61, 0x0a)],
    ['crlf.txt', enc('a\r\nb\r\n')],
    ['utf16.txt', bytes(0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00)],
    ['empty', bytes()],
  ];
  for (const [n, b] of cases) await ws.fs.writeFile(`${cwd}/${n}`, b);
  // Through the container and back: node copies each file, the copies come back to the mirror.
  const copy = await sh(`node -e "const fs=require('fs');for(const n of ${JSON.stringify(cases.map(([n]) => n)).replace(/"/g, "'")})fs.copyFileSync(n,'copy-'+n)"`);
  check('node copies the files', [copy.exitCode, copy.stdout], [0, '']);
  for (const [n, b] of cases) check(`bytes of copy-${n}`, Array.from(await ws.fs.readFile(`${cwd}/copy-${n}`).catch(() => bytes())), Array.from(b));

  await ws.fs.writeFile(`${cwd}/x.sh`, enc('#!/bin/sh\necho hi\n'), { mode: 0o755 });
  await ws.fs.symlink('x.sh', `${cwd}/link`);
  const ls = await sh(`node -e "const fs=require('fs');console.log((fs.statSync('x.sh').mode&0o777).toString(8),fs.readlinkSync('link'))"`);
  check('mode and symlink in the container', ls.stdout, '755 x.sh\n');

  const merged = await sh(`node -e "console.log('out');console.error('err');process.exit(3)"`);
  check('stdout and stderr merged, exit code kept', [merged.stdout, merged.stderr, merged.exitCode], ['out\nerr\n', '', 3]);

  const made = await sh('mkdir -p d/e && echo made > d/e/f.txt && rm bom.txt');
  check('a command’s changes come back', [made.exitCode, dec(await ws.fs.readFile(`${cwd}/d/e/f.txt`).catch(() => bytes())), await ws.fs.exists(`${cwd}/bom.txt`)], [0, 'made\n', false]);

  const rg = await ws.search.run(['-n', 'made', cwd], { cwd });
  check('ripgrep in the container', rg, { stdout: `${cwd}/d/e/f.txt:1:made\n`, stderr: '', code: 0 });

  await ws.fs.mkdir(`${cwd}/dir`);
  check('error codes', [await code(ws.fs.readFile(`${cwd}/nope`)), await code(ws.fs.readFile(`${cwd}/dir`)), await code(ws.fs.mkdir(`${cwd}/dir`))], ['ENOENT read', 'EISDIR read', 'EEXIST mkdir']);
  await ws.dispose();
  return failures;
}
