import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deterministicClock } from '../../backends/clock';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createJustBashShell } from '../../backends/shell/justbash';
import { RELEASES } from '../../profiles';
import { parseResult, parseScenario, type Scenario } from '../../scenario/schema';
import { stretchesOf, sweepReleases, type Sweep } from './sweep';

const makeWorkspace = () =>
  createMemfsWorkspace({
    clock: deterministicClock(undefined, { skipIdle: true }),
    shell: (vol, clock) => createJustBashShell(vol, clock),
  });
const json = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'));
const scenario = (id: string): Scenario => parseScenario(json(`conformance/scenarios/${id}.json`), id);
// Two tools-only releases either side of the root, the root, a neighbour sharing its
// behaviour, the release whose Write changed, and the newest.
const SOME = ['2.1.271', '2.1.272', '2.1.273', '2.1.274', '2.1.332', '2.1.335'];
const releases = RELEASES.filter((r) => SOME.includes(r.version));
const without = ({ elapsedMs: _, ...s }: Sweep) => s;

const REFUSED = 'EISDIR: illegal operation on a directory, read';
const OWN =
  '<tool_use_error>$CWD/sub is a directory, not a file. To create a file inside it, include the file name in file_path.</tool_use_error>';

describe('which releases', () => {
  it('groups the releases by outcome, a recorded one by its recording, and checks the replays against them', async () => {
    const recordings = {
      '2.1.273': parseResult(json('conformance/results/2.1.273/write-to-directory.json'), 'r'),
      // A tools-only release's recording that its profile does not give (as a bisection's midpoint
      // can show before its delta is written): its outcome is what it recorded.
      '2.1.274': parseResult(json('conformance/results/2.1.332/write-to-directory.json'), 'r'),
      '2.1.332': parseResult(json('conformance/results/2.1.332/write-to-directory.json'), 'r'),
    };
    const progress: string[] = [];
    const s = await sweepReleases(scenario('write-to-directory'), {
      makeWorkspace,
      releases,
      recordings,
      onProgress: (p) => progress.push(`${p.done}/${p.total} ${p.version}`),
    });
    expect(without(s)).toEqual({
      releases: [
        { version: '2.1.271', recorded: 'tools', behaviourOf: '2.1.272', outcome: 0, from: 'replay' },
        { version: '2.1.272', recorded: 'tools', behaviourOf: '2.1.272', outcome: 0, from: 'replay', sharedWith: '2.1.271' },
        {
          version: '2.1.273',
          recorded: 'corpus',
          behaviourOf: '2.1.273',
          outcome: 0,
          from: 'recording',
          recording: { kind: 'matches' },
        },
        {
          version: '2.1.274',
          recorded: 'tools',
          behaviourOf: '2.1.273',
          outcome: 1,
          from: 'recording',
          recording: { kind: 'differs', count: 1, first: '/calls/0/content' },
        },
        {
          version: '2.1.332',
          recorded: 'corpus',
          behaviourOf: '2.1.332',
          outcome: 1,
          from: 'recording',
          recording: { kind: 'matches' },
        },
        { version: '2.1.335', recorded: 'corpus', behaviourOf: '2.1.335', outcome: 1, from: 'replay' },
      ],
      outcomes: [
        { label: 'A', summary: [`model call 0, Write (is_error):\n${REFUSED}`], problems: [], stopped: false },
        {
          label: 'B',
          summary: [`model call 0, Write (is_error):\n${OWN}`],
          problems: [],
          stopped: false,
          versusFirst: { count: 1, path: '/calls/0/content', first: REFUSED, this: OWN },
        },
      ],
      stretches: [
        { outcome: 0, first: '2.1.271', last: '2.1.273', count: 3 },
        { outcome: 1, first: '2.1.274', last: '2.1.335', count: 3 },
      ],
      replays: 5,
      complete: true,
    });
    expect(progress).toEqual(['1/5 2.1.271', '2/5 2.1.273', '3/5 2.1.274', '4/5 2.1.332', '5/5 2.1.335']);
  });

  it('names for each release the change point whose behaviour it runs, not the nearest recorded release', async () => {
    const some = RELEASES.filter((r) => ['2.1.329', '2.1.331', '2.1.333'].includes(r.version));
    const s = await sweepReleases(scenario('write-to-directory'), { makeWorkspace, releases: some });
    expect(s.releases.map((r) => `${r.version} ${r.behaviourOf}`)).toEqual([
      '2.1.329 2.1.329',
      '2.1.331 2.1.330',
      '2.1.333 2.1.332',
    ]);
  });

  it('stops where it is cancelled: the releases not reached have no outcome', async () => {
    const stop = new AbortController();
    const s = await sweepReleases(scenario('write-to-directory'), {
      makeWorkspace,
      releases,
      signal: stop.signal,
      onProgress: (p) => (p.done === 2 ? stop.abort() : undefined),
    });
    expect([s.complete, s.stoppedBy, s.replays, s.releases.map((r) => r.outcome ?? '-').join(' ')]).toEqual([
      false,
      'cancelled',
      2,
      '0 0 0 - - -',
    ]);
    expect(s.stretches).toEqual([{ outcome: 0, first: '2.1.271', last: '2.1.273', count: 3 }]);
  });

  it('replays every release where hooks see the release number', async () => {
    const s = await sweepReleases(
      {
        settings: { hooks: { PreToolUse: [{ matcher: 'Read', hooks: [{ type: 'command', command: 'true' }] }] } },
        files: { 'a.txt': 'a\n' },
        turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
      },
      { makeWorkspace, releases: releases.slice(0, 2) },
    );
    expect([s.replays, s.releases.map((r) => r.sharedWith ?? '-')]).toEqual([2, ['-', '-']]);
  });

  it('keeps apart stretches of one outcome that another interrupts', () => {
    const r = (version: string, outcome?: number) => ({ version, recorded: 'tools' as const, behaviourOf: version, outcome });
    expect(stretchesOf([r('1', 0), r('2', 1), r('3', 0), r('4'), r('5', 0)])).toEqual([
      { outcome: 0, first: '1', last: '1', count: 1 },
      { outcome: 1, first: '2', last: '2', count: 1 },
      { outcome: 0, first: '3', last: '3', count: 1 },
      { outcome: 0, first: '5', last: '5', count: 1 },
    ]);
  });
});
