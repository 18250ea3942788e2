// The classifier's denial limit in plan and auto mode (engine.ts DENIAL_LIMIT), and 2.1.332's
// plan mode sending flagged read-only Bash commands to the classifier. Sequences follow the
// probes recorded from both binaries (one call per turn, classifier scripted 'block').
import { describe, expect, it } from 'vitest';
import { decide } from './index';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import type { Decision, PermissionContext } from './types';
import { bashRequest } from './test-support';
import { getProfile } from '../profiles';

const CWD = '/r/project';
const ctx = (over: Partial<PermissionContext>): PermissionContext => ({
  mode: 'plan',
  cwd: CWD,
  home: '/r/home',
  behaviour: getProfile().permissions,
  trusted: false,
  sources: {},
  cli: {},
  classifier: 'block',
  ...over,
});
const bash = bashRequest;
const CLS = 'Permission for this action was denied by the Claude Code auto mode classifier.';
/** What the model sees, with the classifier's long refusal cut to its first sentence. */
const seen = (d: Decision) =>
  d.behavior === 'allow' ? 'runs' : (d.message ?? '').startsWith(CLS) ? 'CLS' : (d.message ?? '');
const run = async (c: PermissionContext, commands: string[]) => {
  const out: string[] = [];
  for (const command of commands) out.push(seen(await decide(bash(command), c)));
  return out;
};

describe('classifier denial limit', () => {
  it('puts the third refusal in a row to the person; plan mode read-only runs do not end the run', async () => {
    const c = ctx({});
    expect(await run(c, ['rm a.txt', 'mkdir d', 'ls'])).toEqual(['CLS', 'CLS', 'runs']);
    const touch =
      "touch in '/r/project/x.txt' was blocked. For security, Claude Code may only create or modify files in the allowed working directories for this session: '/r/project'.";
    expect(await decide(bash('touch x.txt'), c)).toEqual({
      behavior: 'ask',
      classified: true,
      message: touch,
      structured: `Error: ${touch}`,
      permissionDenial: true,
      reason:
        'the classifier blocked this call, and too many calls were blocked (writes /r/project/x.txt, which plan mode does not allow without asking), so it is put to the person',
      subcommands: [
        {
          command: 'touch x.txt',
          decision: {
            behavior: 'ask',
            reason: 'writes /r/project/x.txt, which plan mode does not allow without asking',
            message: touch,
          },
        },
      ],
    });
    expect(await run(c, ['chmod 600 a.txt'])).toEqual(['This command requires approval']);
    expect(c.denials).toEqual({ consecutive: 4, total: 4 });
  });

  it('does not count ask rules, deny rules or allowed calls', async () => {
    const c = ctx({
      sources: {
        local: {
          permissions: {
            allow: ['Bash(git status:*)', 'Bash(mkdir:*)'],
            ask: ['Bash(touch:*)'],
            deny: ['Bash(cp:*)'],
          },
        },
      },
    });
    expect(
      await run(c, [
        'git status',
        'mkdir d2',
        'rm a.txt',
        'touch t.txt',
        'cp a.txt b.txt',
        'chmod 600 a.txt',
        'git status',
        'ln -s a.txt l.txt',
        'mkdir d3',
      ]),
    ).toEqual([
      'runs',
      'runs',
      'CLS',
      "Claude requested permissions to use Bash, but you haven't granted it yet.",
      'Permission to use Bash with command cp a.txt b.txt has been denied.',
      'CLS',
      'runs',
      'This command requires approval',
      'runs',
    ]);
  });

  it('auto mode ends a run at any allowed call; the 20th refusal restarts both counts', async () => {
    const c = ctx({ mode: 'auto' });
    const seq = await run(c, Array.from({ length: 21 }, () => ['python3 x.py', 'ls']).flat());
    expect(seq.filter((s) => s === 'runs')).toHaveLength(21);
    expect(seq.filter((_, i) => i % 2 === 0)).toEqual([
      ...Array.from({ length: 19 }, () => 'CLS'),
      'This command requires approval',
      'CLS',
    ]);
    expect(c.denials).toEqual({ consecutive: 0, total: 1 });
  });
});

describe("2.1.332's plan mode with a flagging classifier", () => {
  const flagged = { severity: 95, category: 'X', explanation: '[X] e' };
  // Two refusals first, so that each later call shows the prompt's own text.
  const afterLimit = async (over: Partial<PermissionContext>, commands: string[]) =>
    (await run(ctx({ behaviour: PERMISSIONS_2_1_332, ...over }), ['rm a.txt', 'mkdir d', ...commands])).slice(
      2,
    );

  it('asks the classifier about read-only commands; only allow rules run a call unasked', async () => {
    expect(
      await afterLimit(
        { classifier: flagged, sources: { user: { permissions: { allow: ['Bash(git status:*)'] } } } },
        [
          'ls -a',
          'true && cat a.txt',
          'cd sub',
          'for i in 1; do md5sum a.txt; done',
          'F=a.txt; timeout 5 stat $F',
          'git status',
        ],
      ),
    ).toEqual([
      "Claude requested permissions to use Bash, but you haven't granted it yet.",
      "Claude requested permissions to use Bash, but you haven't granted it yet.",
      "Claude requested permissions to use Bash, but you haven't granted it yet.",
      'This command requires approval',
      'This command requires approval',
      'runs',
    ]);
  });

  it('runs read-only commands when the classifier allows or gives no verdict', async () => {
    for (const classifier of ['allow', undefined] as const) {
      expect(
        await run(ctx({ behaviour: PERMISSIONS_2_1_332, classifier }), [
          'ls -a',
          'for i in 1; do md5sum a.txt; done',
        ]),
      ).toEqual(['runs', 'runs']);
    }
  });
});
