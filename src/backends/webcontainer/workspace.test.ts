// The adapter end to end over the Node stand-in: files pushed into the container byte for byte,
// a command's changes pulled back, jsh output merged, ripgrep as a guest program compared with
// the in-page ripgrep over the same files.
import { lstatSync, readFileSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemfsSearch } from '../search/memfs';
import { nodeRipgrepLoader } from '../search/loader-node';
import { nodeGuestFiles } from './guest-node';
import { nodeStandIn, type StandIn } from './node-stand-in';
import { createWebContainerWorkspace, GUEST_DIR, WEBCONTAINER_NOTES, type WebContainerWorkspace } from './workspace';

const enc = (s: string) => new TextEncoder().encode(s);
const bytes = (...b: number[]) => new Uint8Array(b);
const env = { HOME: '/h', PATH: '/usr/bin:/bin' };

let containers: StandIn[] = [];
afterEach(() => {
  for (const c of containers) c.teardown();
  containers = [];
});

function setup(c: StandIn = nodeStandIn()): WebContainerWorkspace {
  containers.push(c);
  return createWebContainerWorkspace(c, { guest: nodeGuestFiles });
}

const run = (ws: WebContainerWorkspace, command: string, timeoutMs = 20_000) => ws.shell.run(command, { cwd: ws.info.cwd, env, timeoutMs });

describe('WebContainer adapter', () => {
  it('lays the workspace out under the workdir and says how its shell differs', () => {
    const ws = setup();
    const root = ws.container.workdir;
    expect(ws.info).toEqual({ root, cwd: `${root}/project`, home: `${root}/home`, tmp: `${root}/tmp`, platform: 'linux', backend: 'webcontainer', notes: WEBCONTAINER_NOTES });
  });

  it('pushes files, modes, mtimes and symlinks into the container byte for byte', async () => {
    const ws = setup();
    const { cwd } = ws.info;
    const bin = bytes(0, 1, 2, 255, 254, 0, 10, 13);
    const utf16 = bytes(0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00);
    await ws.fs.writeFile(`${cwd}/bin`, bin);
    await ws.fs.writeFile(`${cwd}/u16.txt`, utf16);
    await ws.fs.mkdir(`${cwd}/d/e`, { recursive: true });
    await ws.fs.writeFile(`${cwd}/d/e/x.sh`, enc('#!/bin/sh\necho hi\n'), { mode: 0o755 });
    await ws.fs.utimes(`${cwd}/d/e/x.sh`, 1_700_000_000_000);
    await ws.fs.symlink('bin', `${cwd}/link`);
    expect(await run(ws, 'true')).toEqual({ stdout: '', stderr: '', exitCode: 0, interrupted: false, cwdAfter: cwd });
    expect(Array.from(readFileSync(`${cwd}/bin`))).toEqual(Array.from(bin));
    expect(Array.from(readFileSync(`${cwd}/u16.txt`))).toEqual(Array.from(utf16));
    const x = statSync(`${cwd}/d/e/x.sh`);
    expect([x.mode & 0o777, Math.floor(x.mtimeMs)]).toEqual([0o755, 1_700_000_000_000]);
    expect(readlinkSync(`${cwd}/link`)).toBe('bin');
    expect(readdirSync(`${ws.info.root}/${GUEST_DIR}/jobs`)).toEqual([]);
  });

  it('pulls a command’s changes back: new, changed, removed, renamed, modes, symlinks', async () => {
    const ws = setup();
    const { cwd } = ws.info;
    await ws.fs.writeFile(`${cwd}/keep.txt`, enc('same\n'));
    await ws.fs.writeFile(`${cwd}/gone.txt`, enc('bye\n'));
    await ws.fs.writeFile(`${cwd}/old.txt`, enc('moved\n'));
    await run(ws, 'true');
    const keepBefore = (await ws.fs.stat(`${cwd}/keep.txt`)).mtimeMs;
    const r = await run(ws, "printf 'a\\r\\nb\\0' > new.bin && rm gone.txt && mv old.txt sub.txt && mkdir -p n/m && chmod 700 n && ln -s sub.txt l && echo done");
    expect(r).toEqual({ stdout: 'done\n', stderr: '', exitCode: 0, interrupted: false, cwdAfter: cwd });
    expect(await ws.fs.readdir(cwd)).toEqual(['keep.txt', 'l', 'n', 'new.bin', 'sub.txt']);
    expect(Array.from(await ws.fs.readFile(`${cwd}/new.bin`))).toEqual([0x61, 0x0d, 0x0a, 0x62, 0]);
    expect(new TextDecoder().decode(await ws.fs.readFile(`${cwd}/sub.txt`))).toBe('moved\n');
    expect((await ws.fs.stat(`${cwd}/n`)).mode).toBe(0o700);
    expect((await ws.fs.stat(`${cwd}/n/m`)).type).toBe('dir');
    expect(await ws.fs.readlink(`${cwd}/l`)).toBe('sub.txt');
    expect((await ws.fs.stat(`${cwd}/keep.txt`)).mtimeMs).toBe(keepBefore);
    expect(lstatSync(`${cwd}/l`).isSymbolicLink()).toBe(true);
  });

  it('gives a touched file a new mtime from the workspace clock', async () => {
    const ws = setup();
    const f = `${ws.info.cwd}/t.txt`;
    await ws.fs.writeFile(f, enc('t'));
    await ws.fs.utimes(f, 1_600_000_000_000);
    await run(ws, 'touch t.txt');
    expect((await ws.fs.stat(f)).mtimeMs).toBeGreaterThan(1_600_000_000_000);
    expect(new TextDecoder().decode(await ws.fs.readFile(f))).toBe('t');
  });

  it('merges stdout and stderr as the container’s terminal does, and keeps the exit code', async () => {
    const ws = setup();
    expect(await run(ws, 'echo out; sleep 0.2; echo err >&2; exit 3')).toEqual({ stdout: 'out\nerr\n', stderr: '', exitCode: 3, interrupted: false, cwdAfter: ws.info.cwd });
  });

  it('carries `cd` over to the next command when the command succeeds, and closes stdin', async () => {
    const ws = setup();
    const { cwd } = ws.info;
    await ws.fs.mkdir(`${cwd}/sub`);
    expect(await run(ws, 'cd sub && pwd')).toEqual({ stdout: `${cwd}/sub\n`, stderr: '', exitCode: 0, interrupted: false, cwdAfter: `${cwd}/sub` });
    expect((await run(ws, 'cd sub; false')).cwdAfter).toBe(cwd);
    expect(await run(ws, 'cat; echo after')).toEqual({ stdout: 'after\n', stderr: '', exitCode: 0, interrupted: false, cwdAfter: cwd });
  });

  it('runs commands unwrapped (no `cd` tracking) when the container’s jsh rejects every wrapper', async () => {
    const c = nodeStandIn();
    const spawn = c.spawn.bind(c);
    c.spawn = (cmd, args, o) => spawn(cmd, cmd === 'jsh' && args[1]!.startsWith('{') ? ['-c', 'echo "jsh: syntax error" >&2; exit 2'] : args, o);
    const ws = setup(c);
    await ws.fs.mkdir(`${ws.info.cwd}/sub`);
    expect(await run(ws, 'cd sub && pwd')).toEqual({ stdout: `${ws.info.cwd}/sub\n`, stderr: '', exitCode: 0, interrupted: false, cwdAfter: ws.info.cwd });
  });

  it('stops a command at its timeout', async () => {
    const ws = setup();
    const r = await run(ws, 'sleep 5', 300);
    expect([r.interrupted, r.stdout]).toEqual([true, '']);
  });

  it('keeps two workspaces on one container apart: the one that runs owns the files', async () => {
    const c = nodeStandIn();
    const a = setup(c);
    const b = setup(c);
    await a.fs.writeFile(`${a.info.cwd}/a.txt`, enc('a'));
    await b.fs.writeFile(`${b.info.cwd}/b.txt`, enc('b'));
    expect((await run(a, 'ls')).stdout).toBe('a.txt\n');
    expect((await run(b, 'ls')).stdout).toBe('b.txt\n');
    expect((await run(a, 'ls; cat a.txt')).stdout).toBe('a.txt\na');
    expect(await b.fs.readdir(b.info.cwd)).toEqual(['b.txt']);
  });

  it('runs ripgrep in the container with the same results as the in-page ripgrep', async () => {
    const ws = setup();
    const { cwd } = ws.info;
    await ws.fs.mkdir(`${cwd}/src/deep`, { recursive: true });
    await ws.fs.writeFile(`${cwd}/src/a.ts`, enc('const alpha = 1;\nfunction beta() {}\n'));
    await ws.fs.writeFile(`${cwd}/src/deep/b.ts`, enc('alpha again\r\n'));
    await ws.fs.writeFile(`${cwd}/notes.md`, enc('# alpha\n'));
    await ws.fs.writeFile(`${cwd}/.gitignore`, enc('ignored/\n'));
    await ws.fs.mkdir(`${cwd}/ignored`);
    await ws.fs.writeFile(`${cwd}/ignored/x.ts`, enc('alpha\n'));
    await ws.fs.writeFile(`${cwd}/bin.dat`, bytes(0x61, 0x6c, 0x70, 0x68, 0x61, 0, 1));
    const inPage = createMemfsSearch(ws.vol, nodeRipgrepLoader);
    const cases: string[][] = [
      ['-n', 'alpha', cwd],
      ['--files-with-matches', 'alpha', cwd],
      ['--count', 'alpha', cwd],
      ['--files', '--glob', '*.ts', cwd],
      ['--files', '--hidden', '--sort=path', cwd],
      ['-n', 'alpha', 'src'],
      ['alpha', `${cwd}/missing`],
      ['-n', '(unclosed', cwd],
    ];
    for (const args of cases) {
      const [guest, page] = [await ws.search.run(args, { cwd }), await inPage.run(args, { cwd })];
      const sorted = (r: { stdout: string; stderr: string; code: number }) => ({ ...r, stdout: r.stdout.split('\n').sort() });
      expect({ args, ...sorted(guest) }).toEqual({ args, ...sorted(page) });
    }
    expect((await ws.search.run(['-n', 'beta', cwd], { cwd })).stdout).toBe(`${cwd}/src/a.ts:2:function beta() {}\n`);
  });

  it('reports a failed copy into the container as the command’s error', async () => {
    const c = nodeStandIn();
    const ws = setup(c);
    await ws.fs.writeFile(`${ws.info.cwd}/f.txt`, enc('f'));
    c.fs.writeFile = () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }));
    const r = await run(ws, 'true');
    expect(r).toEqual({
      stdout: '',
      stderr: `cc-playground: could not copy the workspace into WebContainer: EACCES: permission denied, open '${ws.info.root}/${GUEST_DIR}/sync.mjs'\n`,
      exitCode: 1,
      interrupted: false,
      cwdAfter: ws.info.cwd,
    });
  });
});
