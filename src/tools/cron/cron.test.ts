// CronCreate/CronList/CronDelete (2.1.273) and ScheduleWakeup through the session, on memfs:
// whole results as recorded (conformance/pending/cron, wakeup-validation-stop).
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createJustBashShell } from '../../backends/shell/justbash';
import type { Scenario } from '../../scenario/schema';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { ALL_TOOLS } from '../registry';
import { humanSchedule, validCron } from './cron';

const ws = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });

async function replay(turns: Scenario['turns'], extra: Partial<Scenario> = {}) {
  const scenario: Scenario = { id: 't', area: 'cron', description: 't', files: {}, turns, ...extra };
  const { result } = await replayScenario(ws(), scenario, 't', {
    tools: ALL_TOOLS,
    permissions: createPermissions,
  });
  return result;
}

const C = (name: string, input: Record<string, unknown>) => ({ name, input });

describe('Cron tools (2.1.273)', () => {
  it('creates a recurring and a one-shot job, refuses a bad expression and an unknown id, and lists them', async () => {
    const r = await replay(
      [
        [C('CronList', {})],
        [
          C('CronCreate', { cron: '*/5 * * * *', prompt: 'check' }),
          C('CronCreate', { cron: '61 * * * *', prompt: 'x' }),
          C('CronDelete', { id: 'nope' }),
        ],
        [C('CronCreate', { cron: '30 14 28 2 *', prompt: 'once', recurring: false })],
        [C('CronList', {})],
      ],
      { tools: ['CronCreate', 'CronList', 'CronDelete'] },
    );
    expect(r.turns.flatMap((t) => t.calls.map((c) => c.content))).toEqual([
      'No scheduled jobs.',
      'Scheduled recurring job <task-1> (Every 5 minutes). Session-only (not written to disk, dies when Claude exits). Auto-expires after 7 days. Use CronDelete to cancel sooner.',
      "<tool_use_error>Invalid cron expression '61 * * * *'. Expected 5 fields: M H DoM Mon DoW.</tool_use_error>",
      "<tool_use_error>No scheduled job with id 'nope'</tool_use_error>",
      'Scheduled one-shot task <task-2> (30 14 28 2 *). Session-only (not written to disk, dies when Claude exits). It will fire once then auto-delete.',
      '<task-1> — Every 5 minutes (recurring) [session-only]: check\n<task-2> — 30 14 28 2 * (one-shot) [session-only]: once',
    ]);
  });

  it('words the recorded schedule shapes and checks each field range', () => {
    expect(
      ['7 * * * *', '*/10 * * * *', '*/1 * * * *', '0 9 * * 1-5', '1,2 * * * *'].map(humanSchedule),
    ).toEqual([
      'Every hour at :07',
      'Every 10 minutes',
      'Every minute',
      'Weekdays at 9:00 AM',
      '1,2 * * * *',
    ]);
    expect(
      ['* * * * *', '0 0 31 12 7', '* * * *', '60 * * * *', '* 24 * * *', '*/0 * * * *', 'a * * * *'].map(
        validCron,
      ),
    ).toEqual([true, true, false, false, false, false, false]);
  });
});

describe('ScheduleWakeup', () => {
  const turns = [
    [
      C('ScheduleWakeup', { reason: 'r', prompt: 'p' }),
      C('ScheduleWakeup', { delaySeconds: 200, reason: 'r' }),
      C('ScheduleWakeup', { delaySeconds: 200, reason: 'r', prompt: 'p' }),
    ],
    [C('ScheduleWakeup', { stop: true })],
  ];
  it('2.1.273 needs delaySeconds and reason, then prompt, then noop; stop with nothing pending', async () => {
    const r = await replay(turns, { tools: ['ScheduleWakeup'] });
    expect(r.turns.flatMap((t) => t.calls.map((c) => [c.content, c.is_error]))).toEqual([
      ['`delaySeconds` and `reason` are required when `stop` is not true.', true],
      ['`prompt` is required when `stop` is not true.', true],
      ['`noop` is required when `stop` is not true.', true],
      [
        'Loop stopped — any dynamic loop in this session is ended; there was no pending wakeup to cancel. If you are running a fixed-interval /loop (a recurring cron), it is NOT stopped by this call — cancel it with CronDelete. If you armed a Monitor for this loop, TaskStop it now; otherwise nothing more to do this turn.',
        false,
      ],
    ]);
  });

  it("2.1.332's stop text ends with the instruction to report the loop's outcome", async () => {
    const r = await replay([turns[1] ?? []], { tools: ['ScheduleWakeup'], version: '2.1.332' });
    expect(r.turns[0]?.calls[0]?.content).toBe(
      "Loop stopped — any dynamic loop in this session is ended; there was no pending wakeup to cancel. If you are running a fixed-interval /loop (a recurring cron), it is NOT stopped by this call — cancel it with CronDelete. If you armed a Monitor for this loop, TaskStop it now. Then write the loop's outcome for the user as ordinary visible response text — and end the turn.",
    );
  });
});
