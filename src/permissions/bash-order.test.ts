// The order in which a Bash command line's refusals are made, per version: the static gate's
// ranks, ask rules before the gate, path deny rules before 2.1.332's eval and subshell, how a
// denial in a line that changes directory names its path, what 2.1.332 looks for inside a
// shell -c script, and a bare assignment's reach. Every expected text is what the binary
// returned in the gate1, gate2, rules1, cd1, cd2, opt, bare, sc1-sc5, pd1, ar1 and ar2 probes
// (default mode unless said), with $CWD = /r/project.
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_2_1_273 } from '../profiles/2.1.273/permissions';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import { decide } from './index';
import { bashRequest } from './test-support';
import type { Mode, PermissionBehaviour, PermissionContext, Settings } from './types';

const CWD = '/r/project';
const ctx = (
  behaviour: PermissionBehaviour,
  permissions: Settings['permissions'] = {},
  mode: Mode = 'default',
): PermissionContext => ({
  mode,
  cwd: CWD,
  home: '/r/home',
  trusted: true,
  sources: { local: { permissions } },
  cli: {},
  behaviour,
});
/** What -p shows: allowed, or the refusal's text. */
const shown = async (command: string, c: PermissionContext) => {
  const d = await decide(bashRequest(command), c);
  return d.behavior === 'allow' ? 'allow' : `${d.behavior}: ${d.message}`;
};
const table = async (rows: readonly string[], c: PermissionContext) =>
  Promise.all(rows.map(async (r) => [r, await shown(r, c)]));

const V273 = ['2.1.273', PERMISSIONS_2_1_273] as const;
const V332 = ['2.1.332', PERMISSIONS_2_1_332] as const;
const APPROVAL = 'ask: This command requires approval';
const OPERATORS = 'ask: This command uses shell operators that require approval for safety';
const EVAL = "ask: 'eval' evaluates arguments as shell code";
const ASK = "ask: Claude requested permissions to use Bash, but you haven't granted it yet.";
const denied = (command: string) => `deny: Permission to use Bash with command ${command} has been denied.`;

/** Per version: [2.1.273 wording, 2.1.332 wording]. */
const gateText: Record<string, [string, string]> = {
  variable: [
    'ask: Contains simple_expansion',
    "ask: A variable in this command can't be checked before it runs",
  ],
  braced: [
    'ask: Contains expansion',
    "ask: A variable in braces in this command can't be checked before it runs",
  ],
  quoted: [
    'ask: Contains shell syntax (string) that cannot be statically analyzed',
    "ask: Quoted text in this command can't be checked before it runs",
  ],
  nested: [
    'ask: Contains command_substitution',
    "ask: A nested command in this command can't be checked before it runs",
  ],
  asFile: [
    'ask: Contains process_substitution',
    "ask: A command used as a file in this command can't be checked before it runs",
  ],
  ampersand: [
    'ask: Contains shell syntax (&) that cannot be statically analyzed',
    "ask: This command can't be checked before it runs",
  ],
};

describe.each([V273, V332])('static gate ranks (%s)', (version, behaviour) => {
  const t = (k: string) => (gateText[k] as [string, string])[version === '2.1.273' ? 0 : 1];
  it('refuses a subshell only when nothing of the first rank is in the line', async () => {
    expect(
      await table(
        [
          '(rev $PWD/foo.txt)',
          '(cat "${HOME}"/note.txt)',
          '(echo $(ls))',
          '(cat <(ls))',
          "(eval 'ls')",
          '(ls) ; echo $X',
          '(ls) & echo hi',
          '(cd sub && ls)',
          '(ls ~root)',
          'ls ~root &',
          'ls & echo $X',
          '(ls & ls)',
          'for i in 1; do ls & done',
          '(find . -delete)',
        ],
        ctx(behaviour),
      ),
    ).toEqual([
      ['(rev $PWD/foo.txt)', t('variable')],
      ['(cat "${HOME}"/note.txt)', t('braced')],
      ['(echo $(ls))', t('nested')],
      ['(cat <(ls))', t('asFile')],
      ["(eval 'ls')", EVAL],
      ['(ls) ; echo $X', t('variable')],
      ['(ls) & echo hi', OPERATORS],
      ['(cd sub && ls)', OPERATORS],
      ['(ls ~root)', OPERATORS],
      ['ls ~root &', 'ask: Tilde expansion variants (~user, ~+, ~-) in paths require manual approval'],
      ['ls & echo $X', t('variable')],
      ['(ls & ls)', t('ampersand')],
      ['for i in 1; do ls & done', t('ampersand')],
      [
        '(find . -delete)',
        "ask: find with '-delete' executes commands or modifies files — cannot be auto-allowed by a Bash(find:*) prefix rule",
      ],
    ]);
  });

  it('lets a shell-set variable through in quotes with two characters of other text', async () => {
    expect(
      await table(
        [
          'echo "x $PWD"',
          'echo "$PWD/foo.txt"',
          'python3 -c "print(open(\'$PWD/foo.txt\').read())"',
          'echo "$PWD"',
          'echo "x$PWD"',
          'echo "$PWD/"',
          'echo "$TERM x"',
          'echo "$F/x"',
          'python3 -c "print(open(\'${PWD}/foo.txt\').read())"',
        ],
        ctx(behaviour),
      ),
    ).toEqual([
      ['echo "x $PWD"', 'allow'],
      ['echo "$PWD/foo.txt"', 'allow'],
      ['python3 -c "print(open(\'$PWD/foo.txt\').read())"', APPROVAL],
      ['echo "$PWD"', t('quoted')],
      ['echo "x$PWD"', t('quoted')],
      ['echo "$PWD/"', t('quoted')],
      ['echo "$TERM x"', t('variable')],
      ['echo "$F/x"', t('variable')],
      ['python3 -c "print(open(\'${PWD}/foo.txt\').read())"', t('braced')],
    ]);
  });
});

describe.each([V273, V332])('Bash rules and git (%s)', (_, behaviour) => {
  it("does not take git's global options out, and marks the gap", async () => {
    const c = ctx(behaviour, { deny: ['Bash(git status:*)'] }, 'bypassPermissions');
    expect(await decide(bashRequest('git -C sub status --short'), c)).toEqual({
      behavior: 'allow',
      reason: 'bypassPermissions mode runs it',
      knownGap:
        "`git -C sub status --short` runs a git subcommand that Bash(git status:*) denies, but git's global options come before it and Claude Code matches Bash rules against the words as written, so the rule does not apply.",
      subcommands: [
        {
          command: 'git -C sub status --short',
          decision: {
            behavior: 'allow',
            reason: 'bypassPermissions mode runs it',
            knownGap:
              "`git -C sub status --short` runs a git subcommand that Bash(git status:*) denies, but git's global options come before it and Claude Code matches Bash rules against the words as written, so the rule does not apply.",
          },
        },
      ],
    });
    expect(await shown('timeout 5 git status', ctx(behaviour, { deny: ['Bash(git status:*)'] }))).toBe(
      denied('timeout 5 git status'),
    );
  });

  it('names the whole line when the gate refuses it, a pipe segment otherwise', async () => {
    const c = ctx(behaviour, { deny: ['Bash(cat:*)'] }, 'bypassPermissions');
    expect(await shown("awk 'NR==1' $PWD/foo.txt | cat", c)).toBe(denied("awk 'NR==1' $PWD/foo.txt | cat"));
    expect(await shown("awk 'NR==1' foo.txt | cat", c)).toBe(denied('cat'));
  });
});

describe.each([V273, V332])('a denial in a line that changes directory (%s)', (_, behaviour) => {
  it('names the first denied path, option values included, before the cd', async () => {
    expect(
      await table(
        [
          'cd sub && cd .. && stat -c %s foo.txt',
          'cd sub && head -n 1 b.txt',
          'cd sub && cut -d , -f 1 b.txt',
          'cd sub && wc -l b.txt',
          'cd sub && ls',
          'cd sub && echo hi',
          'for i in 1; do cd sub && git status --short; done',
          'for i in 1; do ls; done',
        ],
        ctx(behaviour, { deny: ['Read(./**)'] }),
      ),
    ).toEqual([
      ['cd sub && cd .. && stat -c %s foo.txt', `deny: stat from '${CWD}/%s' was blocked by a deny rule.`],
      ['cd sub && head -n 1 b.txt', `deny: head from '${CWD}/1' was blocked by a deny rule.`],
      ['cd sub && cut -d , -f 1 b.txt', `deny: cut from '${CWD}/b.txt' was blocked by a deny rule.`],
      ['cd sub && wc -l b.txt', `deny: wc from '${CWD}/b.txt' was blocked by a deny rule.`],
      ['cd sub && ls', `deny: ls from '${CWD}/sub' was blocked by a deny rule.`],
      ['cd sub && echo hi', denied('cd sub && echo hi')],
      [
        'for i in 1; do cd sub && git status --short; done',
        denied('for i in 1; do cd sub && git status --short; done'),
      ],
      ['for i in 1; do ls; done', APPROVAL],
    ]);
  });

  it('takes every word of head, stat, ls, cp as a path, not those of cut, grep', async () => {
    expect(
      await table(
        [
          'head -n 1 a.txt',
          'stat -c 1 a.txt',
          'ls -I 1 sub',
          'cp -t 1 a.txt',
          'cut -f 1 a.txt',
          'grep -m 1 x a.txt',
        ],
        ctx(behaviour, { deny: ['Read(./1)'] }),
      ),
    ).toEqual([
      ['head -n 1 a.txt', denied('head -n 1 a.txt')],
      ['stat -c 1 a.txt', denied('stat -c 1 a.txt')],
      ['ls -I 1 sub', denied('ls -I 1 sub')],
      ['cp -t 1 a.txt', denied('cp -t 1 a.txt')],
      ['cut -f 1 a.txt', 'allow'],
      ['grep -m 1 x a.txt', 'allow'],
    ]);
  });
});

describe('shell -c scripts', () => {
  const SCRIPT =
    'ask: A permission rule denies a command inside this shell -c script, so Claude Code could not check it for dangerous removals. Approving runs the whole script, including that command.';
  const rows = [
    'sh -c "rm foo.txt"',
    'sh -c "rm -f a.txt"',
    'sh -c "/bin/rm foo.txt"',
    'sh -c "rmdir sub"',
    'bash -c "grep x a.txt"',
    'sh -c "echo hi > foo.txt"',
  ];
  const rules = { deny: ['Edit(./foo.txt)', 'Bash(rmdir:*)', 'Bash(grep:*)'] };
  it('2.1.332 prompts for an rm or rmdir a deny rule covers, and for nothing else', async () => {
    expect(await table(rows, ctx(PERMISSIONS_2_1_332, rules))).toEqual([
      ['sh -c "rm foo.txt"', SCRIPT],
      ['sh -c "rm -f a.txt"', APPROVAL],
      ['sh -c "/bin/rm foo.txt"', SCRIPT],
      ['sh -c "rmdir sub"', SCRIPT],
      ['bash -c "grep x a.txt"', APPROVAL],
      ['sh -c "echo hi > foo.txt"', APPROVAL],
    ]);
  });
  it('2.1.273 does not look inside', async () => {
    expect(await table(rows, ctx(PERMISSIONS_2_1_273, rules))).toEqual(rows.map((r) => [r, APPROVAL]));
  });
  it.each([V273, V332])('marks what runs past a deny rule inside a script (%s)', async (_, behaviour) => {
    const c = ctx(behaviour, rules, 'bypassPermissions');
    const d = await decide(bashRequest('bash -c "grep x a.txt"'), c);
    expect([d.behavior, d.knownGap]).toEqual([
      'allow',
      behaviour === PERMISSIONS_2_1_273
        ? 'This release does not look inside shell -c scripts, so Bash(grep:*) does not stop `grep x a.txt` there.'
        : 'Claude Code looks inside a shell -c script only for rm and rmdir, so Bash(grep:*) does not stop `grep x a.txt` there.',
    ]);
  });
});

describe.each([V273, V332])('bare assignments in a pipeline (%s)', (_, behaviour) => {
  it('keep only their own segment from being read-only', async () => {
    expect(
      await table(['F=foo.txt; rev "$F" | cat', 'F=x; cat foo.txt | cat && ls'], ctx(behaviour)),
    ).toEqual([
      [
        'F=foo.txt; rev "$F" | cat',
        'ask: This Bash command contains multiple operations. The following part requires approval: F=foo.txt; rev "$F"',
      ],
      [
        'F=x; cat foo.txt | cat && ls',
        'ask: This Bash command contains multiple operations. The following part requires approval: F=x; cat foo.txt',
      ],
    ]);
  });
});

describe.each([V273, V332])('ask rules (%s)', (version, behaviour) => {
  it('win over the gate, and list parts only when others need approval', async () => {
    expect(
      await table(
        [
          'echo $X',
          'echo hi; eval x',
          '(echo hi)',
          '{ echo hi; }',
          'ls && echo hi',
          'ls | echo hi',
          'echo hi && python3 x',
          'echo hi &',
          'echo hi; cat ~root/x',
        ],
        ctx(behaviour, { ask: ['Bash(echo:*)'] }),
      ),
    ).toEqual([
      ['echo $X', ASK],
      ['echo hi; eval x', ASK],
      ['(echo hi)', OPERATORS],
      ['{ echo hi; }', version === '2.1.273' ? 'ask: Contains compound_statement' : ASK],
      ['ls && echo hi', ASK],
      [
        'ls | echo hi',
        'ask: This Bash command contains multiple operations. The following part requires approval: echo hi',
      ],
      [
        'echo hi && python3 x',
        'ask: This Bash command contains multiple operations. The following parts require approval: echo hi, python3 x',
      ],
      ['echo hi &', ASK],
      [
        'echo hi; cat ~root/x',
        'ask: This Bash command contains multiple operations. The following parts require approval: echo hi, cat ~root/x',
      ],
    ]);
  });
});

describe.each([V273, V332])('path deny rules against eval and a subshell (%s)', (version, behaviour) => {
  it('come after them on 2.1.273 and before them on 2.1.332', async () => {
    const old = version === '2.1.273';
    expect(
      await table(
        [
          'eval x > foo.txt',
          'cat a.txt | eval x',
          '(cat a.txt)',
          'echo hi > foo.txt; (ls)',
          'eval x >> a.txt',
          'echo hi > foo.txt &',
          'cat a.txt && ls ~root',
          'cat a.txt > ~root/x',
          'echo $X > foo.txt',
        ],
        ctx(behaviour, { deny: ['Edit(./foo.txt)', 'Read(./a.txt)'] }),
      ),
    ).toEqual([
      ['eval x > foo.txt', old ? EVAL : denied('eval x > foo.txt')],
      ['cat a.txt | eval x', old ? EVAL : denied('cat a.txt')],
      ['(cat a.txt)', old ? OPERATORS : `deny: cat from '${CWD}/a.txt' was blocked by a deny rule.`],
      [
        'echo hi > foo.txt; (ls)',
        old ? OPERATORS : `deny: Output redirection to '${CWD}/foo.txt' was blocked by a deny rule.`,
      ],
      ['eval x >> a.txt', EVAL],
      ['echo hi > foo.txt &', denied('echo hi > foo.txt &')],
      ['cat a.txt && ls ~root', denied('cat a.txt && ls ~root')],
      ['cat a.txt > ~root/x', denied('cat a.txt > ~root/x')],
      ['echo $X > foo.txt', (gateText.variable as [string, string])[old ? 0 : 1]],
    ]);
  });
});

describe.each([V273, V332])('a path specifier x/** (%s)', (_, behaviour) => {
  it('covers x itself, x/* does not', async () => {
    const c = ctx(behaviour, { allow: ['Edit(./a.txt/**)', 'Edit(./d.txt/*)'], deny: ['Read(./sub/**)'] });
    const edit = (file: string) =>
      decide(
        {
          tool: 'Edit',
          kind: 'write',
          paths: [`${CWD}/${file}`],
          input: { file_path: `${CWD}/${file}`, old_string: 'a', new_string: 'b' },
          validation: 'edit',
        },
        c,
      );
    expect([(await edit('a.txt')).behavior, (await edit('d.txt')).message]).toEqual([
      'allow',
      `Claude requested permissions to write to ${CWD}/d.txt, but you haven't granted it yet.`,
    ]);
    expect(await table(['ls sub', 'ls'], c)).toEqual([
      ['ls sub', denied('ls sub')],
      ['ls', 'allow'],
    ]);
  });
});
