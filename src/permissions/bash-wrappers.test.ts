// Wrappers and allow rules, per version: which wrappers an allow rule looks through, that an
// allow rule never lifts the working-directory check, the commands the gate refuses because
// they run their arguments, and wrapper options it does not know. Every expected text is what
// the binary returned in the allow-rule and wrapper probes (default mode, $CWD = /r/project).
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_2_1_273 } from '../profiles/2.1.273/permissions';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import { decide } from './index';
import { bashRequest } from './test-support';
import type { PermissionBehaviour, PermissionContext, Settings } from './types';

const CWD = '/r/project';
const ctx = (behaviour: PermissionBehaviour, permissions: Settings['permissions'] = {}): PermissionContext => ({
  mode: 'default',
  cwd: CWD,
  home: '/r/home',
  trusted: true,
  sources: { user: { permissions } },
  cli: {},
  behaviour,
});
const shown = async (command: string, c: PermissionContext) => {
  const d = await decide(bashRequest(command), c);
  return d.behavior === 'allow' ? 'allow' : `${d.behavior}: ${d.message}`;
};
const table = async (rows: readonly string[], c: PermissionContext) =>
  Promise.all(rows.map(async (r) => [r, await shown(r, c)]));

const APPROVAL = 'ask: This command requires approval';
const FRAGMENT = 'ask: Command appears to be an incomplete fragment';
const blocked273 = (verb: string, path: string, what: string) =>
  `ask: ${verb} in '${path}' was blocked. For security, Claude Code may only ${what} in the allowed working directories for this session: '${CWD}'.`;
const outside332 = (verb: string, path: string) =>
  `ask: ${verb} in '${path}' needs approval. The path is outside the working directories for this session ('${CWD}'). Allowing runs the command as written.`;
const inside332 = (verb: string, path: string) =>
  `ask: ${verb} in '${path}' needs approval. The path is inside the working directories for this session ('${CWD}'), and Claude Code asks before a shell command creates, changes or removes files there.`;

describe('allow rules and wrappers (both versions)', () => {
  for (const [v, b] of [
    ['2.1.273', PERMISSIONS_2_1_273],
    ['2.1.332', PERMISSIONS_2_1_332],
  ] as const) {
    const old = v === '2.1.273';
    const touchOutside = (p: string) => (old ? blocked273('touch', p, 'create or modify files') : outside332('touch', p));
    const touchInside = old
      ? blocked273('touch', `${CWD}/a.txt`, 'create or modify files')
      : inside332('touch', `${CWD}/a.txt`);
    it(`${v}: Bash(touch:*) through wrappers, never outside the working directories`, async () => {
      expect(
        await table(
          [
            'nice touch a.txt',
            'nice -n 5 touch a.txt',
            'nice -5 touch a.txt',
            'timeout -s KILL 5 touch a.txt',
            'timeout --kill-after=1 5 touch a.txt',
            'stdbuf -oL touch a.txt',
            'nohup nice touch a.txt',
            'command -p touch a.txt',
            "'touch' a.txt",
            'xargs touch < list',
            'xargs -n1 touch < list',
            'env touch a.txt',
            'stdbuf --output=0 touch a.txt',
            'sudo touch a.txt',
            'touch /tmp/y',
            'touch a.txt ~/x',
            'nice touch ../y',
          ],
          ctx(b, { allow: ['Bash(touch:*)'] }),
        ),
      ).toEqual([
        ['nice touch a.txt', 'allow'],
        ['nice -n 5 touch a.txt', 'allow'],
        ['nice -5 touch a.txt', 'allow'],
        ['timeout -s KILL 5 touch a.txt', 'allow'],
        ['timeout --kill-after=1 5 touch a.txt', 'allow'],
        ['stdbuf -oL touch a.txt', 'allow'],
        ['nohup nice touch a.txt', 'allow'],
        ['command -p touch a.txt', 'allow'],
        ["'touch' a.txt", 'allow'],
        ['xargs touch < list', 'allow'],
        ['xargs -n1 touch < list', APPROVAL],
        ['env touch a.txt', touchInside],
        ['stdbuf --output=0 touch a.txt', touchInside],
        ['sudo touch a.txt', APPROVAL],
        ['touch /tmp/y', touchOutside('/tmp/y')],
        ['touch a.txt ~/x', touchOutside('/r/home/x')],
        ['nice touch ../y', touchOutside('/r/y')],
      ]);
    });
    it(`${v}: an exact rule sees the command name unquoted, not through xargs`, async () => {
      expect(
        await table(
          ["'chmod' 644 a.txt", 'ch\\mod 644 a.txt', 'xargs chmod 644 a.txt < list'],
          ctx(b, { allow: ['Bash(chmod 644 a.txt)'] }),
        ),
      ).toEqual([
        ["'chmod' 644 a.txt", 'allow'],
        ['ch\\mod 644 a.txt', 'allow'],
        ['xargs chmod 644 a.txt < list', APPROVAL],
      ]);
    });
    it(`${v}: commands that run their arguments, wrapper options not understood`, async () => {
      const runs = (c: string) =>
        old
          ? `ask: '${c}' runs its argument as a command — cannot be statically analyzed`
          : `ask: What '${c}' starts can't be checked before it runs`;
      const timeoutFlag = (f: string) =>
        old ? `ask: timeout with ${f} flag cannot be statically analyzed` : `ask: 'timeout ${f}' can't be checked before it runs`;
      expect(
        await table(
          [
            'ionice cat a.txt',
            'echo hi && flock /tmp/l cat a.txt',
            'ionice',
            'nice -n5 cat a.txt',
            'nice -- cat a.txt',
            'nohup -x cat a.txt',
            'timeout -x 5 cat a.txt',
            'timeout -- 5 cat a.txt',
            'nice -n 5 cat a.txt',
          ],
          ctx(b, { allow: ['Bash(cat:*)'] }),
        ),
      ).toEqual([
        ['ionice cat a.txt', runs('ionice')],
        ['echo hi && flock /tmp/l cat a.txt', runs('flock')],
        ['ionice', APPROVAL],
        ['nice -n5 cat a.txt', FRAGMENT],
        ['nice -- cat a.txt', FRAGMENT],
        ['nohup -x cat a.txt', FRAGMENT],
        ['timeout -x 5 cat a.txt', timeoutFlag('-x')],
        ['timeout -- 5 cat a.txt', timeoutFlag('--')],
        ['nice -n 5 cat a.txt', 'allow'],
      ]);
    });
  }
});
