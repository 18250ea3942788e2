// Whole-line Bash decisions (default mode unless said): bare assignments and the session's
// shell environment, names refused by name, a bare Bash allow in dontAsk, pipe segments and
// their redirections, tee, how parts are named, 2.1.332's file-command wording. Messages are
// the recorded ones (bashperm corpus, bash-assign probes) with $CWD = /r/project.
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_2_1_273 } from '../profiles/2.1.273/permissions';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import { decide } from './index';
import type { Mode, PermissionBehaviour, PermissionContext, Settings } from './types';

const CWD = '/r/project';
const ctx = (
  mode: Mode,
  behaviour: PermissionBehaviour = PERMISSIONS_2_1_273,
  permissions: Settings['permissions'] = {},
): PermissionContext => ({
  mode,
  cwd: CWD,
  home: '/r/home',
  trusted: true,
  sources: { project: { permissions } },
  cli: {},
  behaviour,
});
const ENV = ['PATH', 'HOME', 'TMPDIR', 'USER', 'LOGNAME', 'LANG', 'LC_ALL', 'TERM', 'SHELL', 'TZ'];
const run = (command: string, c: PermissionContext, shellEnv: readonly string[] = ENV) =>
  decide({ tool: 'Bash', kind: 'bash', paths: [], command, input: { command }, shellEnv }, c);
/** What -p shows: allowed, or the refusal's text. */
const shown = async (command: string, c: PermissionContext, shellEnv?: readonly string[]) => {
  const d = await run(command, c, shellEnv);
  return d.behavior === 'allow' ? 'allow' : `${d.behavior}: ${d.message}`;
};
const APPROVAL = 'ask: This command requires approval';
const VERSIONS = [
  ['2.1.273', PERMISSIONS_2_1_273],
  ['2.1.332', PERMISSIONS_2_1_332],
] as const;

describe.each(VERSIONS)('bare assignments (%s)', (_, behaviour) => {
  it('stop read-only approval until a Bash command has been let through', async () => {
    const c = ctx('default', behaviour);
    expect(await shown('F=x; cat foo.txt', c)).toBe(APPROVAL);
    expect(await shown('for i in 1; do sort foo.txt; done', c)).toBe(APPROVAL);
    expect(await shown('X=x; cat foo.txt', c)).toBe(APPROVAL);
    expect(await shown('ls', c)).toBe('allow');
    expect(await shown('F=x; cat foo.txt', c)).toBe('allow');
    expect(await shown('for i in 1; do sort foo.txt; done', c)).toBe('allow');
  });

  it('let a safe name through in a fresh session', async () => {
    for (const name of ['TERM', 'TZ', 'NODE_ENV', 'CI', 'NO_COLOR', 'ANTHROPIC_API_KEY'])
      expect(await shown(`${name}=x; cat foo.txt`, ctx('default', behaviour))).toBe('allow');
    expect(await shown('GIT_PAGER=x; cat foo.txt', ctx('default', behaviour))).toBe(APPROVAL);
  });

  it('stop it afterwards when the shell environment has the name', async () => {
    const c = ctx('default', behaviour);
    expect(await shown('ls', c)).toBe('allow');
    for (const name of ['PWD', 'USER', 'TMPDIR', 'CLAUDECODE', 'MYVAR'])
      expect(await shown(`${name}=x; cat foo.txt`, c, [...ENV, 'MYVAR'])).toBe(APPROVAL);
    for (const name of ['G', 'PS4', 'HOSTNAME', 'TERM', 'TZ'])
      expect(await shown(`${name}=x; cat foo.txt`, c)).toBe('allow');
  });

  it('refuse some names by name, in every phase', async () => {
    const c = ctx('default', behaviour);
    expect(await shown('LANG=C; cat foo.txt', c)).toBe(
      'ask: LANG assignment alters command lookup/execution for subsequent commands',
    );
    expect(await shown('LANG=$(id); cat foo.txt', c)).toBe(
      'ask: LANG assignment alters command lookup/execution for subsequent commands',
    );
    expect(await shown('IFS=x cat foo.txt', c)).toBe(
      'ask: IFS assignment changes word-splitting — cannot model statically',
    );
    expect(await shown('COLUMNS=x; cat foo.txt', c)).toBe(
      'ask: COLUMNS has integer attribute — assignment arith-evals RHS, which can execute subscript command substitution or abort/diverge at runtime',
    );
    expect(await shown('LINES=x cat foo.txt', c)).toBe(
      'ask: LINES has integer attribute — env-prefix arith-evals value, which can execute subscript command substitution or abort/diverge at runtime',
    );
    expect(await shown('PATH=x cat foo.txt', c)).toBe(APPROVAL);
  });
});

describe('bare assignments by version', () => {
  it('OLDPWD is in the shell environment of 2.1.332 only', async () => {
    for (const [version, behaviour] of VERSIONS) {
      const c = ctx('default', behaviour);
      await run('ls', c);
      expect(await shown('OLDPWD=x; cat foo.txt', c)).toBe(version === '2.1.332' ? APPROVAL : 'allow');
    }
  });

  it('2.1.332 does not approve reading a variable the line set, once the bare assignment lets it through', async () => {
    for (const [version, behaviour] of VERSIONS) {
      const c = ctx('default', behaviour);
      expect(await shown('F=foo.txt; tail -n 1 $F', c)).toBe(APPROVAL);
      await run('ls', c);
      expect(await shown('F=foo.txt; tail -n 1 $F', c)).toBe(
        version === '2.1.332'
          ? "ask: A variable set in this command can't be checked before it runs"
          : 'allow',
      );
    }
  });

  it('names every part of a fresh line with the variables substituted', async () => {
    for (const [, behaviour] of VERSIONS)
      expect(await shown('F=foo.txt; if true; then chmod 600 $F; fi', ctx('default', behaviour))).toBe(
        'ask: This Bash command contains multiple operations. The following parts require approval: true, chmod 600 foo.txt',
      );
  });
});

describe('a bare Bash allow', () => {
  it('approves in dontAsk what would prompt', async () => {
    const c = ctx('dontAsk', PERMISSIONS_2_1_273, { allow: ['Bash'] });
    expect(await run('python3 -c "print(1)"', c)).toEqual({
      behavior: 'allow',
      reason: 'allowed by Bash',
      rule: { text: 'Bash', source: 'project' },
      subcommands: [
        {
          command: 'python3 -c "print(1)"',
          decision: { behavior: 'ask', reason: 'python3 is not in the built-in read-only set' },
        },
      ],
    });
  });
});

describe.each(VERSIONS)('pipes, tee and part names (%s)', (version, behaviour) => {
  const inside = (what: string, verb: string) =>
    version === '2.1.332'
      ? `ask: ${what} needs approval. The path is inside the working directories for this session ('${CWD}'), and Claude Code asks before a shell command creates, changes or removes files there.`
      : `ask: ${what} was blocked. For security, Claude Code may only ${verb} the allowed working directories for this session: '${CWD}'.`;

  it('judges pipe segments without their output redirections', async () => {
    const c = ctx('acceptEdits', behaviour, { ask: ['Bash(cat:*)'] });
    expect(await shown('F=foo.txt; cp a.txt "$F" | cat', c)).toBe(
      'ask: This Bash command contains multiple operations. The following part requires approval: cat',
    );
    expect(await shown('cp a.txt foo.txt > out.txt', ctx('acceptEdits', behaviour))).toBe('allow');
    expect(await shown('git checkout -b topic > out.txt', ctx('default', behaviour))).toBe(
      inside(`Output redirection to '${CWD}/out.txt'`, 'write to files in'),
    );
  });

  it('checks tee as a file command with its own wording', async () => {
    expect(await shown('F=foo.txt; command tee $F <<< hi', ctx('default', behaviour))).toBe(
      inside(`tee in '${CWD}/foo.txt'`, 'write to files in'),
    );
  });

  it('words cp and mv inside the project by version', async () => {
    expect(await shown('cp "foo.txt" copy.txt', ctx('default', behaviour))).toBe(
      inside(`cp in '${CWD}/foo.txt'`, 'copy files to/from'),
    );
    expect(await shown('mv ./foo.txt moved.txt', ctx('default', behaviour))).toBe(
      inside(`mv in '${CWD}/foo.txt'`, 'move files to/from'),
    );
  });

  it("keeps a part's own text only when it is the only part not approved", async () => {
    const c = ctx('default', behaviour);
    expect(await shown("cp 'foo.txt' copy.txt; echo done", c)).toBe(
      inside(`cp in '${CWD}/foo.txt'`, 'copy files to/from'),
    );
    expect(await shown('true && xargs cat <<< foo.txt', c)).toBe(
      'ask: This Bash command contains multiple operations. The following part requires approval: xargs cat <<< foo.txt',
    );
    expect(await shown('cp foo.txt copy.txt; python3 x.py', c)).toBe(
      'ask: This Bash command contains multiple operations. The following parts require approval: cp foo.txt copy.txt, python3 x.py',
    );
  });
});

// Probed on both versions in default mode (bperm F probe, 50 lines): a pipe inside an if/for/
// while body cuts the whole line's text into segments; several commands in parentheses are
// refused for the `;`.
describe.each(VERSIONS)('pipe segments cut out of control bodies (%s)', (_, behaviour) => {
  const parts = (list: string) =>
    `ask: This Bash command contains multiple operations. The following parts require approval: ${list}`;
  const part = (one: string) =>
    `ask: This Bash command contains multiple operations. The following part requires approval: ${one}`;
  it('names each segment by its text, without output redirections', async () => {
    const c = ctx('default', behaviour);
    expect(await shown('if true; then touch x | touch y; fi', c)).toBe(parts('if true; then touch x, touch y; fi'));
    expect(await shown('for i in 1; do touch x | touch y; done', c)).toBe(parts('for i in 1; do touch x, touch y; done'));
    expect(await shown('until true; do touch x | touch y; done', c)).toBe(parts('until true; do touch x, touch y; done'));
    expect(await shown('if true; then touch x || touch y | touch z; fi', c)).toBe(
      parts('if true; then touch x || touch y, touch z; fi'),
    );
    expect(await shown('if  true;  then  touch x  |  touch y ; fi', c)).toBe(parts('if  true;  then  touch x, touch y ; fi'));
    expect(await shown('if true; then touch x | touch y 2>/dev/null; fi', c)).toBe(parts('if true; then touch x, touch y ; fi'));
    expect(await shown('if true; then touch x > o.txt | touch y; fi', c)).toBe(parts('if true; then touch x, touch y; fi'));
    expect(await shown("if true; then touch 'a|b' | touch y; fi", c)).toBe(parts("if true; then touch 'a|b', touch y; fi"));
    expect(await shown('touch x | touch y; if true; then touch a | touch b; fi', c)).toBe(
      parts('touch x, touch y; if true; then touch a, touch b; fi'),
    );
    expect(await shown('[[ -f a ]] && touch x | touch y', c)).toBe(parts('[[ -f a ]] && touch x, touch y'));
  });
  it('lists a segment that closes the construct it did not open, whatever it runs', async () => {
    const c = ctx('default', behaviour);
    expect(await shown('if true; then ls | touch x; fi', c)).toBe(part('touch x; fi'));
    expect(await shown('if true; then touch x | ls; fi', c)).toBe(parts('if true; then touch x, ls; fi'));
    expect(await shown('if true; then echo "a|b" | touch x; fi', c)).toBe(part('touch x; fi'));
    expect(await shown('if true; then touch x; fi | cat', c)).toBe(part('if true; then touch x; fi'));
    expect(await shown('ls | if true; then touch x; fi', c)).toBe(part('if true; then touch x; fi'));
  });
  it('names the commands of a loop body as parts of their own when there is no pipe', async () => {
    const c = ctx('default', behaviour);
    expect(await shown('for i in 1; do touch x; touch y; done', c)).toBe(parts('touch x, touch y'));
    expect(await shown('if true; then touch x && touch y; fi', c)).toBe(parts('touch x, touch y'));
  });
  it('refuses several commands in parentheses for the semicolon', async () => {
    const c = ctx('default', behaviour);
    expect(await shown('(touch x; touch y)', c)).toBe(
      behaviour === PERMISSIONS_2_1_273
        ? 'ask: Contains shell syntax (;) that cannot be statically analyzed'
        : "ask: This command can't be checked before it runs",
    );
    expect(await shown('(touch x | touch y)', c)).toBe('ask: This command uses shell operators that require approval for safety');
  });
});

// H probe (bypassPermissions, Read(./foo.txt) denied, both versions).
describe.each(VERSIONS)('git operands and Read deny rules (%s)', (_, behaviour) => {
  it('denies git diff and git grep on a denied operand, lets the other subcommands run', async () => {
    const c = ctx('bypassPermissions', behaviour, { deny: ['Read(./foo.txt)'] });
    const denied = (command: string) => `deny: Permission to use Bash with command ${command} has been denied.`;
    for (const command of ['git diff foo.txt', 'git diff HEAD -- ./foo.txt', 'git -C . diff foo.txt', 'git diff --no-index a.txt foo.txt', 'git grep TOP foo.txt'])
      expect(await shown(command, c)).toBe(denied(command));
    for (const command of ['git log foo.txt', 'git show HEAD -- foo.txt', 'git blame foo.txt', 'git cat-file -p HEAD:foo.txt', 'git add foo.txt', 'git diff a.txt', 'git diff f*.txt'])
      expect(await shown(command, c)).toBe('allow');
  });
});
