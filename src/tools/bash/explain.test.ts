import { describe, expect, it } from 'vitest';
import type { BashOutcome } from './bash';
import { explainBash } from './explain';

const ran = (o: Partial<Extract<BashOutcome, { kind: 'ran' }>>): BashOutcome => ({
  kind: 'ran',
  command: 'x',
  exitCode: 0,
  exitIsAnswer: false,
  output: '',
  interrupted: false,
  noOutputExpected: false,
  ...o,
});

describe('explainBash', () => {
  it('tells a timeout, a stop, a signal and a failure apart, and adds what the backend says', () => {
    expect(
      [
        ran({ exitCode: 143, interrupted: true, timedOutAfterMs: 3000 }),
        ran({ exitCode: 143, interrupted: true }),
        ran({ exitCode: 2 }),
        ran({ exitCode: 1, exitIsAnswer: true }),
        ran({ exitCode: 144, shellSignal: 'SIGTERM', backendNote: 'In memory, `yes` ends.' }),
      ].map(explainBash),
    ).toEqual([
      'The command was stopped by its 3000 ms timeout (background tasks are off or it starts with sleep).',
      'The command was stopped before it finished (Stop in the playground, an interrupt in Claude Code): bash was killed, so the result is "Exit code 143" and an error.',
      'The command exited with 2, so the result starts with "Exit code 2" and is an error.',
      'Exit code 1 here means "no match" or "differences", so it is not reported as a failure.',
      'The command\'s own shell was ended by SIGTERM; Claude Code reports that as "Exit code 144" (not bash\'s 128 + the signal\'s number), and an error. In memory, `yes` ends.',
    ]);
  });
});
