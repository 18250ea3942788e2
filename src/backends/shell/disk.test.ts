import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { twinShells, type TwinShells } from './testing';
import { capped, shellQuote, wrapCommand } from './disk';
import { SHELL_OUTPUT_CAP_BYTES } from '../../workspace/types';

describe('createDiskShell', () => {
  let t: TwinShells;
  beforeAll(() => {
    t = twinShells();
  });
  afterAll(() => t.dispose());

  it('quotes the command for eval like shell-quote', () => {
    expect(shellQuote("it's")).toEqual(`'it'\\''s'`);
    expect(wrapCommand('echo hi', '/tmp/x-cwd')).toEqual(
      `eval 'echo hi' < /dev/null && pwd -P >| '/tmp/x-cwd'`,
    );
  });

  it('keeps stdout and stderr apart and byte-exact', async () => {
    expect(await t.disk.run("printf 'caf\\xc3\\xa9\\n'; echo err >&2; exit 3", t.opts())).toEqual({
      stdout: 'café\n',
      stderr: 'err\n',
      exitCode: 3,
      interrupted: false,
      cwdAfter: t.cwd,
    });
  });

  it('keeps at most SHELL_OUTPUT_CAP_BYTES of a stream, drops the rest and counts all of it', async () => {
    const r = await t.disk.run(
      `head -c ${SHELL_OUTPUT_CAP_BYTES + 1_000_000} /dev/zero | tr '\\0' y; echo err >&2`,
      t.opts(),
    );
    expect([r.stdout.length, r.stdout === 'y'.repeat(SHELL_OUTPUT_CAP_BYTES), r.stderr, r.exitCode, r.outputBytes]).toEqual([
      SHELL_OUTPUT_CAP_BYTES,
      true,
      'err\n',
      0,
      SHELL_OUTPUT_CAP_BYTES + 1_000_000 + 4,
    ]);
  });

  it('counts a stream as cut when a chunk filled the room exactly and more came after', () => {
    const c = capped();
    c.add(Buffer.alloc(SHELL_OUTPUT_CAP_BYTES, 'y'));
    const filled = c.cut();
    c.add(Buffer.from('more'));
    expect([filled, c.cut(), c.total(), c.text().length]).toEqual([
      false,
      true,
      SHELL_OUTPUT_CAP_BYTES + 4,
      SHELL_OUTPUT_CAP_BYTES,
    ]);
  });

  it('reports the physical cwd after a successful cd', async () => {
    expect((await t.disk.run('mkdir -p d && cd d', t.opts())).cwdAfter).toEqual(join(t.cwd, 'd'));
  });

  it('kills the whole process group at the timeout', async () => {
    const marker = join(t.root, 'tmp', 'survived');
    const started = Date.now();
    const r = await t.disk.run(`(sleep 1; touch ${marker}) & sleep 30`, t.opts({ timeoutMs: 300 }));
    expect({ ...r, fast: Date.now() - started < 5000 }).toEqual({
      stdout: '',
      stderr: '',
      exitCode: 143,
      interrupted: true,
      cwdAfter: t.cwd,
      fast: true,
    });
    await new Promise((res) => setTimeout(res, 1500));
    expect(existsSync(marker)).toEqual(false);
  });

  it('stops a runaway loop on abort', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const r = await t.disk.run('echo started; while true; do :; done', t.opts({ signal: ac.signal }));
    expect(r).toEqual({ stdout: 'started\n', stderr: '', exitCode: 143, interrupted: true, cwdAfter: t.cwd });
  });

  it('returns when bash exits, though a job it started holds the pipes', async () => {
    const started = Date.now();
    const r = await t.disk.run('sleep 3 & echo hi', t.opts());
    expect({ ...r, fast: Date.now() - started < 2000 }).toEqual({
      stdout: 'hi\n',
      stderr: '',
      exitCode: 0,
      interrupted: false,
      cwdAfter: t.cwd,
      fast: true,
    });
  });

  it('keeps large output whole', async () => {
    const r = await t.disk.run('seq 1 200000', t.opts());
    expect({ length: r.stdout.length, tail: r.stdout.slice(-7) }).toEqual({
      length: 1288895,
      tail: '200000\n',
    });
  });

  it('gives the command a closed stdin', async () => {
    writeFileSync(join(t.cwd, 'in.txt'), 'x');
    expect((await t.disk.run('cat; echo rc=$?', t.opts({ timeoutMs: 3000 }))).stdout).toEqual('rc=0\n');
  });
});
