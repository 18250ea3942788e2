// Bash's file commands and redirections meet the write safety check (safety.ts) as Write does:
// recorded on both versions (probes p1/p2 of the sensitive family: default, acceptEdits, a
// `Bash(touch:*)` allow rule, bypassPermissions, dontAsk, auto).
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import { decide } from './index';
import { loadShellParser } from './shell/parse';
import type { Mode, PermissionContext } from './types';
import { getProfile } from '../profiles';

const CWD = '/r/project';
const ctx = (mode: Mode, over: Partial<PermissionContext> = {}): PermissionContext => ({
  mode,
  cwd: CWD,
  home: '/r/home',
  behaviour: getProfile().permissions,
  trusted: true,
  sources: {},
  cli: {},
  ...over,
});
const run = (command: string, c: PermissionContext) =>
  decide({ tool: 'Bash', kind: 'bash', paths: [], command, input: { command } }, c);
const sensitive = (p: string) => `Claude requested permissions to edit ${p} which is a sensitive file.`;
const config = (p: string) =>
  `Claude requested permissions to write to ${p}, but you haven't granted it yet.`;

beforeAll(loadShellParser);

describe('the write safety check in Bash', () => {
  it('asks about the sensitive path a cp writes, before its source is blamed', async () => {
    const reason =
      '/r/project/.git/hooks/pre-commit is a sensitive path, which Claude Code asks about before every write';
    const message = sensitive('/r/project/.git/hooks/pre-commit');
    expect(await run('cp a.txt .git/hooks/pre-commit', ctx('default'))).toEqual({
      behavior: 'ask',
      reason,
      message,
      structured: `Error: ${message}`,
      permissionDenial: true,
      safety: true,
      subcommands: [
        { command: 'cp a.txt .git/hooks/pre-commit', decision: { behavior: 'ask', reason, message } },
      ],
    });
  });

  it('names the first path with a class, in and outside the working directories', async () => {
    const cases: Array<[string, string]> = [
      ['touch b.txt .mcp.json', sensitive('/r/project/.mcp.json')],
      ['touch .claude/settings.json .mcp.json', config('/r/project/.claude/settings.json')],
      ['cp .git/config b.txt', sensitive('/r/project/.git/config')],
      ['mv a.txt .git/y', sensitive('/r/project/.git/y')],
      ['sed -i s/a/b/ .git/config a.txt', sensitive('/r/project/.git/config')],
      ['tee .git/x < a.txt', sensitive('/r/project/.git/x')],
      ['echo x 2> .git/err', sensitive('/r/project/.git/err')],
      ['touch .mcp.json > .git/x', sensitive('/r/project/.git/x')],
      ['rm -rf .git', sensitive('/r/project/.git')],
      ['echo x >> .claude/agents/x.md', config('/r/project/.claude/agents/x.md')],
      ['touch ~/.bashrc', sensitive('/r/home/.bashrc')],
      ['touch /tmp/.gitconfig', sensitive('/tmp/.gitconfig')],
      ['touch ~/.claude/x.md', sensitive('/r/home/.claude/x.md')],
      ['echo hi && touch .mcp.json', sensitive('/r/project/.mcp.json')],
      // Commands only deny rules look at get the generic prompt.
      ['chmod 644 .git/config', 'This command requires approval'],
      ['ln -s a.txt .git/z', 'This command requires approval'],
      // Two parts needing approval are listed, whatever each one's text.
      [
        'touch b.txt && touch .mcp.json',
        'This Bash command contains multiple operations. The following parts require approval: touch b.txt, touch .mcp.json',
      ],
    ];
    const got = [];
    for (const [cmd] of cases) got.push([cmd, (await run(cmd, ctx('default'))).message]);
    expect(got).toEqual(cases);
  });

  it('is not lifted by acceptEdits or a Bash allow rule; bypassPermissions runs it', async () => {
    const rule = ctx('default', { sources: { local: { permissions: { allow: ['Bash(touch:*)'] } } } });
    expect([
      (await run('touch .git/x', rule)).message,
      (await run('touch .git/x', ctx('acceptEdits'))).message,
      (await run('touch b.txt; touch .mcp.json', ctx('acceptEdits'))).message,
      (await run('mkdir -p .claude/new', ctx('acceptEdits'))).message,
      (await run('touch .git/x', ctx('bypassPermissions'))).behavior,
      (await run('touch .git/x', ctx('dontAsk'))).message?.split(' IMPORTANT')[0],
    ]).toEqual([
      sensitive('/r/project/.git/x'),
      sensitive('/r/project/.git/x'),
      sensitive('/r/project/.mcp.json'),
      sensitive('/r/project/.claude/new'),
      'allow',
      "Permission to use Bash has been denied because Claude Code is running in don't ask mode.",
    ]);
  });

  it("2.1.332's classifier refusal suggests no rule for it", async () => {
    const c = (command: string) =>
      run(command, ctx('auto', { classifier: 'block', behaviour: PERMISSIONS_2_1_332 }));
    expect((await c('touch .mcp.json')).message).toMatch(/Let the user decide how to proceed\.$/);
    expect((await c('touch ~/b.txt')).message).toMatch(/add a permission rule for Bash to their settings\.$/);
  });
});
