// The Bash sandbox's decisions, refused writes and hosts, as recorded (sandbox-* scenarios and
// probes; 2.1.273's sandbox recorded as an unprivileged user).
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_2_1_273 } from '../profiles/2.1.273/permissions';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import { SANDBOX_PROTECTED_IN_PROJECT } from '../profiles/2.1.332/sandbox';
import { decide } from './index';
import { callSandbox, sandboxError, sandboxNetworkRefusal, sandboxRefusals, sandboxViolation, type SandboxPolicy } from './sandbox';
import type { Mode, PermissionBehaviour, PermissionContext } from './types';

const CWD = '/r/project';
const HOME = '/r/home';
const ctx = (mode: Mode, behaviour: PermissionBehaviour, sandbox: Record<string, unknown>): PermissionContext => ({
  mode,
  cwd: CWD,
  home: HOME,
  tmp: '/r/tmp',
  trusted: true,
  sources: { user: { sandbox } },
  cli: {},
  behaviour,
  shellStarted: true,
});
const shown = async (command: string, c: PermissionContext, dds = false) => {
  const input = dds ? { command, dangerouslyDisableSandbox: true } : { command };
  const d = await decide({ tool: 'Bash', kind: 'bash', paths: [], command, input }, c);
  return d.behavior === 'allow' ? 'allow' : `${d.behavior}: ${d.message}`;
};

describe('sandbox decisions', () => {
  it('2.1.273 runs a sandboxed command unasked unless autoAllowBashIfSandboxed is false', async () => {
    const on = ctx('default', PERMISSIONS_2_1_273, { enabled: true });
    expect(await shown('echo hi > /tmp/t1.txt && echo wrote-tmp', on)).toBe('allow');
    expect(await shown('touch dds.txt', on, true)).toBe(
      "ask: touch in '/r/project/dds.txt' was blocked. For security, Claude Code may only create or modify files in the allowed working directories for this session: '/r/project'.",
    );
    expect(await shown('ls', on, true)).toBe('ask: Run outside of the sandbox');
    const off = ctx('default', PERMISSIONS_2_1_273, { enabled: true, autoAllowBashIfSandboxed: false });
    expect(await shown('echo hi > /tmp/t1.txt', off)).toBe(
      "ask: Output redirection to '/tmp/t1.txt' was blocked. For security, Claude Code may only write to files in the allowed working directories for this session: '/r/project'.",
    );
  });

  it('2.1.332 asks as without the sandbox unless autoAllowBashIfSandboxed is true', async () => {
    const unset = ctx('default', PERMISSIONS_2_1_332, { enabled: true });
    expect(await shown('touch new.txt', unset)).toBe(
      "ask: touch in '/r/project/new.txt' needs approval. The path is inside the working directories for this session ('/r/project'), and Claude Code asks before a shell command creates, changes or removes files there.",
    );
    expect(await shown('touch dds.txt', unset, true)).toBe('ask: Run outside of the sandbox');
    const on = ctx('default', PERMISSIONS_2_1_332, { enabled: true, autoAllowBashIfSandboxed: true });
    expect(await shown('touch new.txt', on)).toBe('allow');
    expect(await shown('echo hi > $HOME/o.txt', on, true)).toBe('ask: Run outside of the sandbox');
  });

  it('allowUnsandboxedCommands false keeps a dangerouslyDisableSandbox call in the sandbox', async () => {
    for (const b of [PERMISSIONS_2_1_273, PERMISSIONS_2_1_332]) {
      const c = ctx('acceptEdits', b, { enabled: true, autoAllowBashIfSandboxed: true, allowUnsandboxedCommands: false });
      expect(await shown('ls', c, true)).toBe('allow');
      expect(callSandbox(c, b.sandbox, 'ls', true)?.writeRoots).toEqual([CWD, '/r/tmp']);
    }
  });

  // sandbox-x-masked-entries: a denyWrite path gets no entry; 2.1.273 masks four .git paths fewer.
  it('masks the version\'s protected paths alone', () => {
    const masks = (b: PermissionBehaviour) =>
      callSandbox(ctx('default', b, { enabled: true, filesystem: { denyWrite: ['./nope.txt'] } }), b.sandbox, 'ls', false)
        ?.masks.filter((p) => p.startsWith(`${CWD}/.git/`));
    expect(masks(PERMISSIONS_2_1_332)).toEqual([
      `${CWD}/.git/hooks`,
      `${CWD}/.git/config`,
      `${CWD}/.git/config.lock`,
      `${CWD}/.git/config.worktree`,
      `${CWD}/.git/NOTES_MERGE_WORKTREE`,
      `${CWD}/.git/glab-cli`,
      `${CWD}/.git/remotes`,
      `${CWD}/.git/worktrees`,
    ]);
    expect(masks(PERMISSIONS_2_1_273)).toEqual([
      `${CWD}/.git/hooks`,
      `${CWD}/.git/config`,
      `${CWD}/.git/config.lock`,
      `${CWD}/.git/config.worktree`,
    ]);
    const all = callSandbox(
      ctx('default', PERMISSIONS_2_1_332, { enabled: true, filesystem: { denyWrite: ['./nope.txt'] } }),
      PERMISSIONS_2_1_332.sandbox,
      'ls',
      false,
    );
    expect(all?.masks).toEqual(SANDBOX_PROTECTED_IN_PROJECT.map((p) => `${CWD}/${p}`));
    // A relative path in user settings is taken from ~/.claude (sandbox-user-relative-path).
    expect(all?.protectedPaths).toEqual([...(all?.masks ?? []), `${HOME}/.claude/nope.txt`]);
  });

  it('with the sandbox off, dangerouslyDisableSandbox changes nothing', async () => {
    const c = ctx('default', PERMISSIONS_2_1_332, { enabled: false });
    expect(await shown('ls', c, true)).toBe('allow');
    expect(callSandbox(c, PERMISSIONS_2_1_332.sandbox, 'ls', false)).toBeUndefined();
  });
});

describe('sandbox refused writes (2.1.332)', () => {
  const policy: SandboxPolicy = callSandbox(
    ctx('bypassPermissions', PERMISSIONS_2_1_332, {
      enabled: true,
      filesystem: { allowWrite: ['/r/extra'], denyWrite: ['/r/project/locked'] },
    }),
    PERMISSIONS_2_1_332.sandbox,
    'x',
    false,
  ) as SandboxPolicy;
  const env = { HOME, TMPDIR: '/r/tmp' };
  const refusal = (command: string, exists = { entry: false, parent: true }) => {
    const v = sandboxViolation(policy, command, { cwd: CWD, home: HOME, env });
    if (!v) return undefined;
    const e = sandboxError(v, exists);
    return `${v.exitCode} ${v.text(e.error, e.named)}`;
  };

  it('words each refusal as the shell and GNU do', () => {
    expect(refusal('echo hi > $HOME/o.txt && echo ok')).toBe('1 /bin/bash: line 1: /r/home/o.txt: Read-only file system');
    expect(refusal('echo x >> ~/.bashrc')).toBe('1 /bin/bash: line 1: /r/home/.bashrc: Read-only file system');
    expect(refusal('echo hi > ../sibling.txt')).toBe('1 /bin/bash: line 1: ../sibling.txt: Read-only file system');
    expect(refusal('touch $HOME/x.txt')).toBe("1 touch: cannot touch '/r/home/x.txt': Read-only file system");
    expect(refusal('rm ../out.txt')).toBe("1 rm: cannot remove '../out.txt': Read-only file system");
    expect(refusal('mkdir /tmp/dd')).toBe('1 mkdir: cannot create directory ‘/tmp/dd’: Read-only file system');
    expect(refusal('cp a.txt /tmp/a.txt')).toBe("1 cp: cannot create regular file '/tmp/a.txt': Read-only file system");
    expect(refusal('mv sub.txt ../moved.txt')).toBe(
      "1 mv: inter-device move failed: 'sub.txt' to '../moved.txt'; unable to remove target: Read-only file system",
    );
    expect(refusal('echo hi > locked/y.txt', { entry: true, parent: true })).toBe(
      '1 /bin/bash: line 1: locked/y.txt: Read-only file system',
    );
  });

  it('lets through the write roots, devices and what it cannot see', () => {
    for (const c of [
      'echo hi > a.txt',
      'echo hi > $TMPDIR/t.txt',
      'echo hi > ../extra/new.txt',
      'echo x > /dev/null',
      'echo x > .git/description',
      'echo x > .claude/agents.md',
      `python3 -c "open('/tmp/p.txt','w').write('x')"`,
    ])
      expect(refusal(c)).toBeUndefined();
  });

  it('masks a protected path that does not exist', () => {
    expect(refusal('echo x > .mcp.json')).toBe('1 /bin/bash: line 1: .mcp.json: Permission denied');
    expect(refusal('echo x > .vscode/settings.json')).toBe('1 /bin/bash: line 1: .vscode/settings.json: Not a directory');
    expect(refusal('mkdir -p .claude/skills/s')).toBe('1 mkdir: cannot create directory ‘.claude/skills’: Not a directory');
    expect(refusal('echo x > .git/hooks/pre-commit', { entry: true, parent: true })).toBe(
      '1 /bin/bash: line 1: .git/hooks/pre-commit: Read-only file system',
    );
  });

  it('reports a missing folder outside the roots as the shell does', () => {
    expect(refusal('echo x > ~/.ssh/id', { entry: false, parent: false })).toBe(
      '1 /bin/bash: line 1: /r/home/.ssh/id: No such file or directory',
    );
  });

  // Per simple command (numbered in line order): its errors, the words it still runs without,
  // its exit code (sandbox-writes-line-goes-on).
  const perCommand = (command: string) =>
    [...sandboxRefusals(policy, command, { cwd: CWD, home: HOME, env })].map(([i, r]) => ({
      i,
      texts: r.violations.map((v) => v.text('Read-only file system', v.shown)),
      drop: r.drop,
      exitCode: r.exitCode,
    }));

  it('refuses each write where it is made, and touch keeps its other operands', () => {
    expect(perCommand('echo a; echo x > ../f; echo b')).toEqual([
      { i: 1, texts: ['/bin/bash: line 1: ../f: Read-only file system'], drop: undefined, exitCode: 1 },
    ]);
    expect(perCommand('if echo x > ../f; then touch ok.txt ../g ok2.txt; fi; rm ../h ../i')).toEqual([
      { i: 0, texts: ['/bin/bash: line 1: ../f: Read-only file system'], drop: undefined, exitCode: 1 },
      { i: 1, texts: ["touch: cannot touch '../g': Read-only file system"], drop: [2], exitCode: 1 },
      {
        i: 2,
        texts: ["rm: cannot remove '../h': Read-only file system", "rm: cannot remove '../i': Read-only file system"],
        drop: undefined,
        exitCode: 1,
      },
    ]);
  });
});

describe('sandbox network refusals (both versions, sandbox-network-clients)', () => {
  const policy = callSandbox(
    ctx('acceptEdits', PERMISSIONS_2_1_332, { enabled: true, network: { allowedDomains: ['example.org'] } }),
    PERMISSIONS_2_1_332.sandbox,
    'x',
    false,
  ) as SandboxPolicy;
  const note = (host: string) => `<sandbox_violations>\ndeny network-outbound ${host} (user denied)\n</sandbox_violations>`;

  it('answers each client as the proxy makes it fail', () => {
    expect(sandboxNetworkRefusal(policy, 'curl -sS http://example.com/')).toEqual({
      host: 'example.com:80',
      exitCode: 0,
      text: `Connection blocked by network allowlist\n${note('example.com:80')}`,
    });
    expect(sandboxNetworkRefusal(policy, 'curl -sS https://example.com/')).toEqual({
      host: 'example.com:443',
      exitCode: 56,
      text: `curl: (56) CONNECT tunnel failed, response 403\n\n${note('example.com:443')}`,
    });
    expect(sandboxNetworkRefusal(policy, 'wget -q -O - https://example.com/')).toEqual({
      host: 'example.com:443',
      exitCode: 4,
      text: `\n${note('example.com:443')}`,
    });
    expect(sandboxNetworkRefusal(policy, 'git clone https://github.com/octocat/Hello-World.git')).toEqual({
      host: 'github.com:443',
      exitCode: 128,
      text: `Cloning into 'Hello-World'...\nfatal: unable to access 'https://github.com/octocat/Hello-World.git/': CONNECT tunnel failed, response 403\n\n${note('github.com:443')}`,
    });
    expect(sandboxNetworkRefusal(policy, 'curl -sS http://example.org/')).toBeUndefined();
    expect(sandboxNetworkRefusal(policy, 'curl -sS http://localhost:1/')).toBeUndefined();
  });
});
