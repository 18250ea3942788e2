// The reasons the decision pane shows: they must not contradict the decision or repeat.
import { describe, expect, it } from 'vitest';
import { decide } from './index';
import type { Mode, PermissionContext } from './types';
import { getProfile } from '../profiles';

const CWD = '/r/project';
const ctx = (mode: Mode): PermissionContext => ({
  mode,
  cwd: CWD,
  home: '/r/home',
  behaviour: getProfile().permissions,
  trusted: true,
  sources: { project: { permissions: {} } },
  cli: {},
});
const bash = (command: string, mode: Mode) =>
  decide({ tool: 'Bash', kind: 'bash', paths: [], command, input: { command } }, ctx(mode));

describe('permission reasons', () => {
  it('a multi-part command in bypassPermissions gives its one reason once', async () => {
    const each = { behavior: 'allow', reason: 'bypassPermissions mode runs it' };
    expect(await bash('ls; pwd; echo hi', 'bypassPermissions')).toEqual({
      behavior: 'allow',
      reason: 'bypassPermissions mode runs it',
      subcommands: [
        { command: 'ls', decision: each },
        { command: 'pwd', decision: each },
        { command: 'echo hi', decision: each },
      ],
    });
  });

  it('a read-only command writing through a redirection says why the write goes through', async () => {
    const reason =
      'echo is in the built-in read-only set; its output redirection to /r/project/out.txt: acceptEdits mode allows edits inside the working directories';
    expect(await bash('echo hi > out.txt', 'acceptEdits')).toEqual({
      behavior: 'allow',
      reason,
      subcommands: [{ command: 'echo hi', decision: { behavior: 'allow', reason } }],
    });
  });

  it('a file edit in bypassPermissions does not say the mode asks', async () => {
    expect(
      await decide(
        {
          tool: 'Write',
          kind: 'write',
          paths: [`${CWD}/n.txt`],
          input: { file_path: `${CWD}/n.txt`, content: '' },
        },
        ctx('bypassPermissions'),
      ),
    ).toEqual({
      behavior: 'allow',
      reason: 'bypassPermissions mode (no rule allows editing /r/project/n.txt)',
      rule: { source: 'mode', text: 'bypassPermissions' },
    });
  });
});
