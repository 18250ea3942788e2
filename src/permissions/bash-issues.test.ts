// Permission decisions behind public bug reports about the Bash tool (time/env/noglob, cd with
// git, /dev/null redirects next to cd, the quoted heredoc commit message, exact allow rules as
// written). Every expected text is what the binary returned in the issue probes (default mode,
// both versions; $CWD = /r/project here).
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_2_1_273 } from '../profiles/2.1.273/permissions';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import { decide } from './index';
import { bashRequest } from './test-support';
import type { PermissionBehaviour, PermissionContext, Settings } from './types';

const CWD = '/r/project';
const ctx = (
  behaviour: PermissionBehaviour,
  permissions: Settings['permissions'] = {},
): PermissionContext => ({
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
const part = (p: string) =>
  `ask: This Bash command contains multiple operations. The following part requires approval: ${p}`;
const denied = (c: string) => `deny: Permission to use Bash with command ${c} has been denied.`;
const CD_GIT =
  'ask: This command changes directory before running a version-control command, which can pick up untrusted hooks or repository configuration from the target directory. Approve only if you trust it.';
const CD_REDIRECT =
  "ask: Commands that change directories and write via output redirection require explicit approval to ensure paths are evaluated correctly. For security, Claude Code cannot automatically determine the final working directory when 'cd' is used in compound commands.";

for (const [v, b] of [
  ['2.1.273', PERMISSIONS_2_1_273],
  ['2.1.332', PERMISSIONS_2_1_332],
] as const) {
  const old = v === '2.1.273';
  describe(`Bash issue probes (${v})`, () => {
    it('reads time, env, printenv and noglob as Claude Code does', async () => {
      const c = ctx(b, { allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] });
      expect(
        await table(
          [
            'time',
            'time -p',
            'time -v ls',
            'time ls | head -1',
            'time cat a.txt',
            'time -p git status',
            'time git status',
            'ls && time ls',
            'time rm a.txt',
            'env',
            'env -i',
            'env | head -1',
            'printenv',
            'env rm a.txt',
            'noglob ls',
            'noglob git status',
            'noglob rm a.txt',
            'noglob',
            'noglob -x ls',
            'noglob command ls',
            'command noglob ls',
          ],
          c,
        ),
      ).toEqual([
        ['time', APPROVAL],
        ['time -p', FRAGMENT],
        ['time -v ls', FRAGMENT],
        ['time ls | head -1', part('time ls')],
        ['time cat a.txt', APPROVAL],
        ['time -p git status', FRAGMENT],
        ['time git status', 'allow'],
        ['ls && time ls', part('time ls')],
        ['time rm a.txt', denied('time rm a.txt')],
        ['env', APPROVAL],
        ['env -i', APPROVAL],
        ['env | head -1', part('env')],
        ['printenv', APPROVAL],
        ['env rm a.txt', denied('env rm a.txt')],
        ['noglob ls', 'allow'],
        ['noglob git status', 'allow'],
        ['noglob rm a.txt', denied('noglob rm a.txt')],
        ['noglob', APPROVAL],
        ['noglob -x ls', FRAGMENT],
        ['noglob command ls', 'allow'],
        [
          'command noglob ls',
          "ask: 'command noglob' runs the wrapped command on zsh (for 'command', under POSIX_BUILTINS) but not bash — cannot statically model whether it executes",
        ],
      ]);
    });

    it('refuses cd with git ahead of ask rules, and takes /dev/null for no write next to cd', async () => {
      const c = ctx(b, {
        allow: ['Bash(git status:*)'],
        ask: ['Bash(git push:*)'],
        deny: ['Bash(git reset:*)', 'Bash(rm:*)'],
      });
      expect(
        await table(
          [
            'cd sub && git push',
            'git push && cd sub',
            'cd sub && git reset --hard',
            'cd sub && rm b.txt',
            'cd sub && git status',
            'pushd sub && git status',
            'cd sub && hg status',
            'cd sub && cat b.txt > /dev/null',
            'cd sub && cat b.txt 2>/dev/null',
            'cd sub && cat b.txt &> /dev/null',
            'cd sub && cat b.txt 2>&1',
            'cd sub && cat b.txt >/dev/stderr',
            'cd sub && cat b.txt > out.txt',
          ],
          c,
        ),
      ).toEqual([
        ['cd sub && git push', CD_GIT],
        ['git push && cd sub', CD_GIT],
        ['cd sub && git reset --hard', denied('cd sub && git reset --hard')],
        ['cd sub && rm b.txt', denied('cd sub && rm b.txt')],
        ['cd sub && git status', CD_GIT],
        ['pushd sub && git status', CD_GIT],
        ['cd sub && hg status', part('hg status')],
        ['cd sub && cat b.txt > /dev/null', 'allow'],
        ['cd sub && cat b.txt 2>/dev/null', 'allow'],
        ['cd sub && cat b.txt &> /dev/null', 'allow'],
        ['cd sub && cat b.txt 2>&1', 'allow'],
        ['cd sub && cat b.txt >/dev/stderr', CD_REDIRECT],
        ['cd sub && cat b.txt > out.txt', CD_REDIRECT],
      ]);
    });

    it("lets the quoted $(cat <<'EOF' …) heredoc through and nothing like it", async () => {
      const c = ctx(b, { allow: ['Bash(git commit:*)'] });
      const quoted = old
        ? 'ask: Contains shell syntax (string) that cannot be statically analyzed'
        : "ask: Quoted text in this command can't be checked before it runs";
      expect(
        await table(
          [
            'echo "$(cat <<\'EOF\'\nhello\nEOF\n)"',
            'echo "$(cat <<"EOF"\nhello\nEOF\n)"',
            'echo "$(cat <<\'EOF\'\nhello\nEOF\n)" | head -1',
            'git commit -m "$(cat <<\'EOF\'\nmsg `x` here\nEOF\n)"',
            'echo "$(cat <<EOF\nhello\nEOF\n)"',
            'echo "$(cat <<\'EOF\' | head -1\nhello\nEOF\n)"',
            'echo "$(head <<\'EOF\'\nhello\nEOF\n)"',
            'echo "$(cat <<-\'EOF\'\n\thello\n\tEOF\n)"',
            "echo $(cat <<'EOF'\nhello\nEOF\n)",
          ],
          c,
        ),
      ).toEqual([
        ['echo "$(cat <<\'EOF\'\nhello\nEOF\n)"', 'allow'],
        ['echo "$(cat <<"EOF"\nhello\nEOF\n)"', 'allow'],
        ['echo "$(cat <<\'EOF\'\nhello\nEOF\n)" | head -1', 'allow'],
        ['git commit -m "$(cat <<\'EOF\'\nmsg `x` here\nEOF\n)"', 'allow'],
        [
          'echo "$(cat <<EOF\nhello\nEOF\n)"',
          'ask: Heredoc with unquoted delimiter undergoes shell expansion',
        ],
        [
          'echo "$(cat <<\'EOF\' | head -1\nhello\nEOF\n)"',
          old
            ? 'ask: Contains shell syntax (pipeline) that cannot be statically analyzed'
            : "ask: A pipeline in this command can't be checked before it runs",
        ],
        ['echo "$(head <<\'EOF\'\nhello\nEOF\n)"', quoted],
        ['echo "$(cat <<-\'EOF\'\n\thello\n\tEOF\n)"', quoted],
        [
          "echo $(cat <<'EOF'\nhello\nEOF\n)",
          old
            ? 'ask: Contains command_substitution'
            : "ask: A nested command in this command can't be checked before it runs",
        ],
      ]);
    });

    it('compares an exact allow rule with the line as written', async () => {
      const c = ctx(b, { allow: ['Bash(touch "x y.txt")', 'Bash(touch  z.txt)', "Bash(mkdir 'q r')"] });
      const inside = (verb: string, p: string, what: string) =>
        old
          ? `ask: ${verb} in '${CWD}/${p}' was blocked. For security, Claude Code may only ${what} in the allowed working directories for this session: '${CWD}'.`
          : `ask: ${verb} in '${CWD}/${p}' needs approval. The path is inside the working directories for this session ('${CWD}'), and Claude Code asks before a shell command creates, changes or removes files there.`;
      expect(
        await table(
          [
            'touch "x y.txt"',
            'touch "x y.txt" ',
            "touch 'x y.txt'",
            'touch  "x y.txt"',
            'touch  z.txt',
            'touch z.txt',
            "mkdir 'q r'",
            'mkdir "q r"',
            'touch "x y.txt" && touch  z.txt',
          ],
          c,
        ),
      ).toEqual([
        ['touch "x y.txt"', 'allow'],
        ['touch "x y.txt" ', 'allow'],
        ["touch 'x y.txt'", inside('touch', 'x y.txt', 'create or modify files')],
        ['touch  "x y.txt"', inside('touch', 'x y.txt', 'create or modify files')],
        ['touch  z.txt', 'allow'],
        ['touch z.txt', inside('touch', 'z.txt', 'create or modify files')],
        ["mkdir 'q r'", 'allow'],
        ['mkdir "q r"', inside('mkdir', 'q r', 'create directories')],
        ['touch "x y.txt" && touch  z.txt', 'allow'],
      ]);
    });
  });
}
