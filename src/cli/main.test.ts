import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { unknownReleaseMessage } from '../profiles/releases';

const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const echo = (version?: string) =>
  JSON.stringify({ ...(version ? { version } : {}), turns: [[{ name: 'Bash', input: { command: 'echo hi' } }]] });

test('a scenario naming an unknown release prints its one-line message, no stack trace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-'));
  writeFileSync(join(dir, 'unknown.json'), echo('9.9.9'));
  expect(cli('replay', join(dir, 'unknown.json'))).toEqual({
    status: 2,
    stdout: '',
    stderr: `cc-playground: ${unknownReleaseMessage('9.9.9')}\n`,
  });
}, 150_000);

test('one bad file in a folder does not stop the batch: the others are replayed, each bad one named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-'));
  const batch = join(dir, 'batch');
  mkdirSync(batch);
  writeFileSync(join(batch, 'a-bad.json'), '{"turns": 5}');
  writeFileSync(join(batch, 'b-good.json'), echo());
  writeFileSync(join(batch, 'c-unknown.json'), echo('9.9.9'));
  writeFileSync(join(batch, 'd-good.json'), echo());
  const out = join(dir, 'out');
  expect(cli('replay', batch, '--out', out)).toEqual({
    status: 1,
    stdout: '',
    stderr: [
      `SKIPPED ${batch}/a-bad.json: turns: Invalid input: expected array, received number`,
      `FAILED c-unknown: ${unknownReleaseMessage('9.9.9')}; no result written`,
      `replayed 2 scenarios into ${out}; 1 skipped; 1 failed: c-unknown`,
      '',
    ].join('\n'),
  });
  expect(readdirSync(out)).toEqual(['b-good.json', 'd-good.json']);
}, 150_000);
