// Bash decisions as whole values: the read-only set, file commands against the working
// directories with 2.1.273's wording, compound commands part by part, rule forms, gaps.
import { describe, expect, it } from 'vitest';
import { bashSpecifierMatches, decide } from './index';
import type { Decision, Mode, PermissionContext, Settings } from './types';
import { getProfile } from '../profiles';

const CWD = '/r/project';
const ctx = (
  mode: Mode,
  permissions: Settings['permissions'] = {},
  over: Partial<PermissionContext> = {},
): PermissionContext => ({
  mode,
  cwd: CWD,
  home: '/r/home',
  behaviour: getProfile().permissions,
  trusted: true,
  sources: { project: { permissions } },
  cli: {},
  ...over,
});
const run = (command: string, c: PermissionContext) =>
  decide({ tool: 'Bash', kind: 'bash', paths: [], command, input: { command } }, c);
const asked = (
  message: string,
  rest: Omit<Decision, 'behavior' | 'message' | 'structured' | 'permissionDenial'>,
): Decision => ({
  behavior: 'ask',
  message,
  structured: `Error: ${message}`,
  permissionDenial: true,
  ...rest,
});

describe('default mode', () => {
  it('runs the read-only set, each part listed', async () => {
    expect(await run('cd sub && ls | wc -l', ctx('default'))).toEqual({
      behavior: 'allow',
      reason:
        'cd inside the working directories; ls is in the built-in read-only set; wc is in the built-in read-only set',
      subcommands: [
        { command: 'cd sub', decision: { behavior: 'allow', reason: 'cd inside the working directories' } },
        { command: 'ls', decision: { behavior: 'allow', reason: 'ls is in the built-in read-only set' } },
        { command: 'wc -l', decision: { behavior: 'allow', reason: 'wc is in the built-in read-only set' } },
      ],
    });
  });

  it('blames the working directories for a file command, even inside them', async () => {
    const message =
      "touch in '/r/project/new.txt' was blocked. For security, Claude Code may only create or modify files in the allowed working directories for this session: '/r/project'.";
    expect(await run('touch new.txt', ctx('default'))).toEqual(
      asked(message, {
        reason: 'writes /r/project/new.txt, which default mode does not allow without asking',
        subcommands: [
          {
            command: 'touch new.txt',
            decision: {
              behavior: 'ask',
              reason: 'writes /r/project/new.txt, which default mode does not allow without asking',
              message,
            },
          },
        ],
      }),
    );
  });

  it('words output redirection and reads outside the working directories', async () => {
    const c = ctx('default', {}, { cli: { addDirs: ['/r/extra'] } });
    expect([
      (await run('echo hi > /tmp/o.txt', c)).message,
      (await run('cat /etc/hosts', c)).message,
      (await run('cat /r/extra/e.txt', c)).behavior,
    ]).toEqual([
      "Output redirection to '/tmp/o.txt' was blocked. For security, Claude Code may only write to files in the allowed working directories for this session: '/r/project', '/r/extra'.",
      "cat in '/etc/hosts' was blocked. For security, Claude Code may only concatenate files from the allowed working directories for this session: '/r/project', '/r/extra'.",
      'allow',
    ]);
  });

  it('lists the parts of a compound command that need approval', async () => {
    expect(await run('cd / && ls -d /', ctx('default'))).toEqual(
      asked(
        'This Bash command contains multiple operations. The following parts require approval: cd /, ls -d /',
        {
          reason:
            'cd /: cd to /, outside the working directories; ls -d /: follows a cd out of the working directories',
          subcommands: [
            {
              command: 'cd /',
              decision: { behavior: 'ask', reason: 'cd to /, outside the working directories' },
            },
            {
              command: 'ls -d /',
              decision: { behavior: 'ask', reason: 'follows a cd out of the working directories' },
            },
          ],
        },
      ),
    );
    expect((await run('ls && python3 x.py', ctx('default'))).message).toEqual(
      'This Bash command contains multiple operations. The following part requires approval: python3 x.py',
    );
    expect((await run('python3 -c "print(1)"', ctx('default'))).message).toEqual(
      'This command requires approval',
    );
  });

  it('judges a pipeline segment by segment, naming the segments as Claude Code cuts them', async () => {
    expect(
      (await run('cat /etc/x 2>/dev/null | head -30; echo "---"; find /etc -iname "x"', ctx('default')))
        .message,
    ).toEqual(
      'This Bash command contains multiple operations. The following parts require approval: cat /etc/x, head -30; echo "---"; find /etc -iname "x"',
    );
    expect((await run('find . -name "*.txt" | sort', ctx('default'))).behavior).toEqual('allow');
  });

  it('blames a cd out of the working directories, except to the root', async () => {
    expect([
      (await run('cd /tmp && ls', ctx('default'))).message,
      (await run('cd / && ls', ctx('default'))).message,
    ]).toEqual([
      "cd in '/tmp' was blocked. For security, Claude Code may only change directories to the allowed working directories for this session: '/r/project'.",
      'This Bash command contains multiple operations. The following parts require approval: cd /, ls',
    ]);
  });

  it('asks before a compound command with cd writes through a redirection', async () => {
    expect((await run('cd sub && echo hi > out.txt', ctx('acceptEdits'))).message).toEqual(
      "Commands that change directories and write via output redirection require explicit approval to ensure paths are evaluated correctly. For security, Claude Code cannot automatically determine the final working directory when 'cd' is used in compound commands.",
    );
  });

  it('stops at the first construct the static gate cannot model, in 2.1.273 words', async () => {
    // Recorded (probes over both versions): $HOME is resolved, a for loop over a glob is
    // looked through; the rest stop the analysis.
    const commands = [
      'echo $HOME',
      'echo "$(pwd)"',
      '(ls)',
      '{ ls; }',
      'for f in *; do echo x; done',
      'cat <(ls)',
      'cat $PWD/a',
      'cat ${PWD}/a',
      'echo {a,b}',
      "eval 'ls'",
    ];
    const messages = await Promise.all(commands.map(async (c) => (await run(c, ctx('default'))).message));
    expect(messages).toEqual([
      undefined,
      'Contains shell syntax (string) that cannot be statically analyzed',
      'This command uses shell operators that require approval for safety',
      'Contains compound_statement',
      undefined,
      'Contains process_substitution',
      'Contains simple_expansion',
      'Contains expansion',
      'Brace expansion',
      "'eval' evaluates arguments as shell code",
    ]);
  });

  it('refuses to parse a command over 10,000 characters', async () => {
    const long = `echo ${'a'.repeat(10_000)}`;
    expect(await run(long, ctx('default'))).toEqual(
      asked('Parser aborted (timeout, resource limit, or over-length)', {
        reason: 'the command is over 10000 characters, so Claude Code does not parse it',
      }),
    );
  });

  it('lets an allow rule run its command while other parts are still checked', async () => {
    const c = ctx('default', { allow: ['Bash(touch:*)'] });
    expect([
      (await run('touch made.txt', c)).behavior,
      (await run('touch b.txt && rm a.txt', c)).message,
    ]).toEqual([
      'allow',
      "rm in '/r/project/a.txt' was blocked. For security, Claude Code may only remove files from the allowed working directories for this session: '/r/project'.",
    ]);
  });

  it('ignores project allow rules in an untrusted workspace, but not user or CLI ones', async () => {
    const untrusted = (over: Partial<PermissionContext>) =>
      ctx('default', { allow: ['Bash(touch:*)'] }, { trusted: false, ...over });
    expect([
      (await run('touch made.txt', untrusted({}))).behavior,
      (await run('touch made.txt', untrusted({ cli: { allowedTools: ['Bash(touch:*)'] } }))).behavior,
      (
        await run(
          'touch made.txt',
          untrusted({ sources: { user: { permissions: { allow: ['Bash(touch:*)'] } } } }),
        )
      ).behavior,
    ]).toEqual(['ask', 'allow', 'allow']);
  });
});

describe('acceptEdits, plan, bypass', () => {
  it('acceptEdits runs file commands and redirections inside the project', async () => {
    const c = ctx('acceptEdits');
    const got = await Promise.all(
      [
        'mkdir d && touch d/x && cp a b && mv b c && rm c',
        'echo hi > out.txt',
        'touch /r/o.txt',
        'python3 -c 1',
      ].map(async (x) => (await run(x, c)).behavior),
    );
    expect(got).toEqual(['allow', 'allow', 'ask', 'ask']);
  });

  it('plan sends anything not read-only to the classifier', async () => {
    expect([
      (await run('ls', ctx('plan'))).behavior,
      (await run('rm a.txt', ctx('plan', {}, { classifier: 'allow' }))).behavior,
      (await run('rm a.txt', ctx('plan', {}, { classifier: 'block' }))).behavior,
    ]).toEqual(['allow', 'allow', 'deny']);
  });

  it('bypassPermissions still prompts for an ask rule', async () => {
    expect(await run('touch a.txt', ctx('bypassPermissions', { ask: ['Bash(touch:*)'] }))).toEqual(
      asked("Claude requested permissions to use Bash, but you haven't granted it yet.", {
        reason: 'Bash(touch:*) asks before touch a.txt',
        rule: { text: 'Bash(touch:*)', source: 'project' },
        subcommands: [
          {
            command: 'touch a.txt',
            decision: {
              behavior: 'ask',
              reason: 'Bash(touch:*) asks before touch a.txt',
              rule: { text: 'Bash(touch:*)', source: 'project' },
            },
          },
        ],
      }),
    );
  });
});

describe('deny rules and 2.1.273 gaps', () => {
  const c = ctx('bypassPermissions', { deny: ['Bash(rm:*)'] });

  it('names only the denied segment of a pipe', async () => {
    expect(await run('echo a.txt | xargs rm', c)).toEqual({
      behavior: 'deny',
      message: 'Permission to use Bash with command xargs rm has been denied.',
      structured: 'Error: Permission to use Bash with command xargs rm has been denied.',
      permissionDenial: true,
      reason: 'Bash(rm:*) denies xargs rm',
      rule: { text: 'Bash(rm:*)', source: 'project' },
      subcommands: [
        { command: 'echo a.txt', decision: { behavior: 'allow', reason: 'bypassPermissions mode runs it' } },
        {
          command: 'xargs rm',
          decision: {
            behavior: 'deny',
            reason: 'Bash(rm:*) denies xargs rm',
            rule: { text: 'Bash(rm:*)', source: 'project' },
          },
        },
      ],
    });
  });

  it('runs /bin/rm and bash -c as 2.1.273 does, with a knownGap', async () => {
    expect(await run('/bin/rm a.txt', c)).toEqual({
      behavior: 'allow',
      reason: 'bypassPermissions mode runs it',
      knownGap:
        "This release matches Bash rules against the command as written, so Bash(rm:*) does not stop `/bin/rm a.txt` (releases that match the command's basename deny it).",
      subcommands: [
        {
          command: '/bin/rm a.txt',
          decision: {
            behavior: 'allow',
            reason: 'bypassPermissions mode runs it',
            knownGap:
              "This release matches Bash rules against the command as written, so Bash(rm:*) does not stop `/bin/rm a.txt` (releases that match the command's basename deny it).",
          },
        },
      ],
    });
    expect((await run('bash -c "rm a.txt"', c)).knownGap).toEqual(
      'This release does not look inside shell -c scripts, so Bash(rm:*) does not stop `rm a.txt` there.',
    );
  });

  it('keeps no knownGap on a call that is refused anyway', async () => {
    const d = await run('/bin/rm a.txt', ctx('default', { deny: ['Bash(rm:*)'] }));
    expect([d.behavior, d.knownGap]).toEqual(['ask', undefined]);
  });
});

describe('rule specifiers', () => {
  it('matches prefix, exact and wildcard forms', () => {
    const cases: [string, string][] = [
      ['rm:*', 'rm'],
      ['rm:*', 'rm -rf d'],
      ['rm:*', 'rmdir d'],
      ['git status', 'git status'],
      ['git status', 'git status --short'],
      ['echo *', 'echo'],
      ['echo *', 'echo hi'],
      ['echo *', 'echoes'],
      ['npm run *:unit', 'npm run test:unit'],
      ['ls\\*', 'ls*'],
    ];
    expect(cases.map(([s, t]) => bashSpecifierMatches(s, t))).toEqual([
      true,
      true,
      false,
      true,
      false,
      true,
      true,
      false,
      true,
      true,
    ]);
  });
});
