// Path deny rules, globs, `..` and trust as the binary applies them to Bash lines (bashperm
// corpus and the h1 probes, both versions; $CWD = /r/project).
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_2_1_273 } from '../profiles/2.1.273/permissions';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import { decide } from './index';
import type { Mode, PermissionBehaviour, PermissionContext, Settings } from './types';

const CWD = '/r/project';
const ctx = (
  mode: Mode,
  behaviour: PermissionBehaviour,
  local: Settings['permissions'],
  extra: Partial<PermissionContext> = {},
): PermissionContext => ({
  mode,
  cwd: CWD,
  home: '/r/home',
  trusted: false,
  sources: { local: { permissions: local } },
  cli: {},
  behaviour,
  shellStarted: true,
  ...extra,
});
const shown = async (command: string, c: PermissionContext) => {
  const d = await decide({ tool: 'Bash', kind: 'bash', paths: [], command, input: { command } }, c);
  return d.behavior === 'allow' ? 'allow' : `${d.behavior}: ${d.message}`;
};
const denied = (command: string) => `deny: Permission to use Bash with command ${command} has been denied.`;
const VERSIONS = [
  ['2.1.273', PERMISSIONS_2_1_273],
  ['2.1.332', PERMISSIONS_2_1_332],
] as const;

describe.each(VERSIONS)('Bash path rules (%s)', (_, behaviour) => {
  it('an Edit deny on the written file refuses the whole line in default mode', async () => {
    const c = ctx('default', behaviour, { deny: ['Edit(./foo.txt)'] });
    for (const command of ['touch foo.txt', 'echo hi > foo.txt', 'F=foo.txt; rm "$F"', 'true && rm foo.txt'])
      expect(await shown(command, c)).toBe(denied(command));
    expect(await shown('rm foo.txt | cat', c)).toBe(denied('rm foo.txt'));
  });

  it('checks tee but not chmod, ln, truncate or dd against Edit deny', async () => {
    const c = ctx('bypassPermissions', behaviour, { deny: ['Edit(./foo.txt)'] });
    expect(await shown('tee foo.txt <<< hi', c)).toBe(denied('tee foo.txt <<< hi'));
    for (const command of [
      'chmod 600 foo.txt',
      'ln -s a.txt foo.txt',
      'truncate -s 0 foo.txt',
      'dd if=a.txt of=foo.txt',
    ])
      expect(await shown(command, c)).toBe('allow');
  });

  it('a Read deny covers what sed, mv and cp read, not what rm, touch or a redirection write', async () => {
    const c = ctx('bypassPermissions', behaviour, { deny: ['Read(./foo.txt)'] });
    for (const command of ['sed -i s/a/b/ foo.txt', 'mv foo.txt x.txt', 'cp foo.txt x.txt'])
      expect(await shown(command, c)).toBe(denied(command));
    for (const command of ['rm foo.txt', 'touch foo.txt', 'echo hi > foo.txt', 'tee foo.txt <<< hi'])
      expect(await shown(command, c)).toBe('allow');
  });

  it('a glob is refused in a write command and a redirect target, not in what a reader reads', async () => {
    const c = ctx('acceptEdits', behaviour, {});
    expect(await shown('rm f*.txt', c)).toBe(
      'ask: Glob patterns are not allowed in write operations. Please specify an exact file path.',
    );
    expect(await shown('echo hi >> f*.txt', c)).toBe(
      'ask: Shell expansion syntax in paths requires manual approval',
    );
    expect(await shown('diff fo?.txt a.txt > out.txt', c)).toBe('allow');
  });

  it('an output redirection through sub/.. is refused as traversal, in acceptEdits too', async () => {
    const traversal =
      "ask: Path contains '..' traversal after a directory segment, which may follow a symlink outside the working directory";
    expect(await shown('echo hi > sub/../foo.txt', ctx('acceptEdits', behaviour, {}))).toBe(traversal);
    expect(await shown('echo hi >> sub/../foo.txt', ctx('default', behaviour, {}))).toBe(traversal);
    expect(await shown('echo hi > sub/../foo.txt', ctx('bypassPermissions', behaviour, {}))).toBe('allow');
  });

  it('a wrapper does not make a later argument a command', async () => {
    // 2.1.332 runs timeout's command as if unwrapped (bashperm 0786: find runs).
    expect(await shown('timeout 5 find . -name foo.txt', ctx('default', behaviour, {}))).toBe(
      behaviour.transparentWrappers.includes('timeout') ? 'allow' : 'ask: This command requires approval',
    );
    expect(await shown('timeout 5 eval ls', ctx('default', behaviour, {}))).toBe(
      "ask: 'eval' evaluates arguments as shell code",
    );
  });

  it('local allow rules need trust in a git repository; local deny rules count anyway', async () => {
    const local = { allow: ['Bash'], deny: ['Bash(python3:*)'] };
    const dontAsk =
      "deny: Permission to use Bash has been denied because Claude Code is running in don't ask mode.";
    expect(await shown('perl -ne print a.txt', ctx('dontAsk', behaviour, local))).toBe('allow');
    expect(await shown('perl -ne print a.txt', ctx('dontAsk', behaviour, local, { gitRepo: true }))).toMatch(
      dontAsk,
    );
    expect(
      await shown('perl -ne print a.txt', ctx('dontAsk', behaviour, local, { gitRepo: true, trusted: true })),
    ).toBe('allow');
    expect(await shown('python3 -c 1', ctx('dontAsk', behaviour, local, { gitRepo: true }))).toBe(
      denied('python3 -c 1'),
    );
  });
});
