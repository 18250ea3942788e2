// CronCreate/CronList/CronDelete (session-only and durable) and ScheduleWakeup through the
// session, on memfs: whole results as recorded (cron-*, cron-durable-*, wakeup-validation-stop).
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createJustBashShell } from '../../backends/shell/justbash';
import type { Scenario } from '../../scenario/schema';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { ALL_TOOLS } from '../registry';
import { humanSchedule, runTime, validCron } from './cron';

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

// The memfs clock starts at 1_800_000_000_000 (2027-01-15 08:00 UTC) and moves 1 ms a reading.
const SESSION = '<uuid-1>';
const newEntry = (id: string, cron: string, prompt: string, createdAt: number, extra: string) =>
  `    {\n      "id": "${id}",\n      "cron": "${cron}",\n      "prompt": "${prompt}",\n      "createdAt": ${createdAt},\n${extra}      "createdBySessionId": "${SESSION}",\n      "createdByPid": 42424,\n      "createdByProcStart": "4242424",\n      "createdInProject": "$CWD"`;

describe("2.1.332's next-run time", () => {
  it('prints each recorded nextFireAt (UTC) as recorded: 12-hour clock, rounded to the nearest minute', () => {
    const recorded: [number, string][] = [
      [1796170990618.2568, 'Dec 2 12:23am'],
      [1796173279177.109, 'Dec 2 1:01am'],
      [1796515226380.6433, 'Dec 6 12:00am'],
      [1796214600000, 'Dec 2 12:30pm'],
      [1798761517872.1038, 'Dec 31 11:59pm'],
      [1803824985287.4692, 'Feb 28 2:30pm'],
      [1803824917871.2942, 'Feb 28 2:29pm'],
      [1796200017404, 'Dec 2 8:27am'],
      [1796199980548, 'Dec 2 8:26am'],
      [1796257740000, 'Dec 3 12:29am'],
      [1798806600000, 'Jan 1 12:30pm'],
      [1796223600000, 'Dec 2 3:00pm'],
    ];
    expect(recorded.map(([ms]) => runTime(ms))).toEqual(recorded.map(([, text]) => text));
  });
});

describe('durable cron jobs (.claude/scheduled_tasks.json)', () => {
  const FILE = '.claude/scheduled_tasks.json';
  const turns: Scenario['turns'] = [
    [C('CronCreate', { cron: '*/5 * * * *', prompt: 'a', durable: true })],
    [C('CronCreate', { cron: '30 14 28 2 *', prompt: 'b', durable: true, recurring: false })],
    [C('CronCreate', { cron: '0 9 * * 1-5', prompt: 's' })],
    [C('CronList', {})],
  ];

  it('2.1.273 writes each new job with its writer, lists file jobs before session ones', async () => {
    const r = await replay(turns, { tools: ['CronCreate', 'CronList', 'CronDelete'] });
    expect(r.turns.flatMap((t) => t.calls.map((c) => c.content))).toEqual([
      'Scheduled recurring job <task-1> (Every 5 minutes). Persisted to .claude/scheduled_tasks.json. Auto-expires after 7 days. Use CronDelete to cancel sooner.',
      'Scheduled one-shot task <task-2> (30 14 28 2 *). Persisted to .claude/scheduled_tasks.json. It will fire once then auto-delete.',
      'Scheduled recurring job <task-3> (Weekdays at 9:00 AM). Session-only (not written to disk, dies when Claude exits). Auto-expires after 7 days. Use CronDelete to cancel sooner.',
      '<task-1> — Every 5 minutes (recurring): a\n<task-2> — 30 14 28 2 * (one-shot): b\n<task-3> — Weekdays at 9:00 AM (recurring) [session-only]: s',
    ]);
    const created = (r.files?.[FILE] as string).match(/"createdAt": (\d+)/g)?.map((m) => Number(m.slice(13)));
    expect(created?.length).toBe(2);
    const [t1 = 0, t2 = 0] = created ?? [];
    expect(r.files?.[FILE]).toBe(
      `{\n  "tasks": [\n${newEntry('<task-1>', '*/5 * * * *', 'a', t1, '      "recurring": true,\n')}\n    },\n${newEntry('<task-2>', '30 14 28 2 *', 'b', t2, '')}\n    }\n  ]\n}\n`,
    );
  });

  it('2.1.332 adds maxAgeMs after recurring, signs with "none" and moves maxAgeMs last when it rewrites', async () => {
    const r = await replay(turns, { tools: ['CronCreate', 'CronList', 'CronDelete'], version: '2.1.332' });
    const [t1 = 0, t2 = 0] =
      (r.files?.[FILE] as string).match(/"createdAt": (\d+)/g)?.map((m) => Number(m.slice(13))) ?? [];
    expect(r.files?.[FILE]).toBe(
      `{\n  "tasks": [\n${newEntry('<task-1>', '*/5 * * * *', 'a', t1, '      "recurring": true,\n')},\n      "createdUnderSignIn": "none",\n      "maxAgeMs": 2592000000\n    },\n${newEntry('<task-2>', '30 14 28 2 *', 'b', t2, '')},\n      "createdUnderSignIn": "none"\n    }\n  ]\n}\n`,
    );
    expect(r.turns[0]?.calls[0]?.content).toBe(
      'Scheduled recurring job <task-1> (Every 5 minutes). Next run: Jan 15 8:05am. Persisted to .claude/scheduled_tasks.json. Auto-expires after 30 days. Use CronDelete to cancel sooner.',
    );
  });

  const existing = JSON.stringify({
    version: 2,
    tasks: [
      { prompt: 'kept', extra: 1, createdAt: 1_799_999_000_000, recurring: true, cron: '*/7 * * * *', id: 'aaaa0001' },
      { id: 'aaaa0002', cron: '0 5 * * *', prompt: 'dup', createdAt: 1_700_000_000_000 },
      { id: 'aaaa0002', cron: '0 6 * * *', prompt: 'dup', createdAt: 1_700_000_000_000, recurring: false },
      { id: 'aaaa0003', cron: 'bad', prompt: 'x', createdAt: 1 },
      { id: 'aaaa0004', cron: '1 1 * * *', prompt: 'foreign', createdAt: 1_799_999_000_000, createdUnderSignIn: 'x', maxAgeMs: 5 },
    ],
  });
  const deleting: Scenario['turns'] = [
    [C('CronList', {})],
    [C('CronDelete', { id: 'aaaa0002' }), C('CronDelete', { id: 'aaaa0003' })],
  ];

  it('loads a file at the start: valid entries only, a delete removes every job of the id (2.1.273 drops the rest)', async () => {
    const r = await replay(deleting, { tools: ['CronList', 'CronDelete'], files: { [FILE]: existing } });
    expect(r.turns.flatMap((t) => t.calls.map((c) => c.content))).toEqual([
      'aaaa0001 — Every 7 minutes (recurring): kept\naaaa0002 — Every day at 5:00 AM (one-shot): dup\naaaa0002 — Every day at 6:00 AM (one-shot): dup\naaaa0004 — Every day at 1:01 AM (one-shot): foreign',
      'Cancelled job aaaa0002.',
      "<tool_use_error>No scheduled job with id 'aaaa0003'</tool_use_error>",
    ]);
    expect(r.files?.[FILE]).toBe(
      '{\n  "tasks": [\n    {\n      "id": "aaaa0001",\n      "cron": "*/7 * * * *",\n      "prompt": "kept",\n      "createdAt": 1799999000000,\n      "recurring": true\n    },\n    {\n      "id": "aaaa0004",\n      "cron": "1 1 * * *",\n      "prompt": "foreign",\n      "createdAt": 1799999000000\n    }\n  ]\n}\n',
    );
  });

  it('2.1.332 keeps the entries that are no tasks and hides a job of another sign-in', async () => {
    const r = await replay(deleting, {
      tools: ['CronList', 'CronDelete'],
      files: { [FILE]: existing },
      version: '2.1.332',
    });
    expect(r.turns[0]?.calls[0]?.content).toBe(
      'aaaa0001 — Every 7 minutes (recurring), next run Jan 15 8:00am: kept\naaaa0002 — Every day at 5:00 AM (one-shot), next run Jan 15 8:00am: dup\naaaa0002 — Every day at 6:00 AM (one-shot), next run Jan 15 8:00am: dup\naaaa0004 — Every day at 1:01 AM (one-shot): [skipped here: made under another or unknown organization]',
    );
    expect(r.files?.[FILE]).toBe(
      '{\n  "tasks": [\n    {\n      "id": "aaaa0001",\n      "cron": "*/7 * * * *",\n      "prompt": "kept",\n      "createdAt": 1799999000000,\n      "recurring": true\n    },\n    {\n      "id": "aaaa0004",\n      "cron": "1 1 * * *",\n      "prompt": "foreign",\n      "createdAt": 1799999000000,\n      "createdUnderSignIn": "x",\n      "maxAgeMs": 5\n    },\n    {\n      "id": "aaaa0003",\n      "cron": "bad",\n      "prompt": "x",\n      "createdAt": 1\n    }\n  ]\n}\n',
    );
  });

  it('a file that is no task list: 2.1.273 overwrites it, 2.1.332 refuses to change it', async () => {
    const t: Scenario['turns'] = [
      [C('CronDelete', { id: 'x' })],
      [C('CronCreate', { cron: '0 1 * * *', prompt: 'p', durable: true, recurring: false })],
    ];
    const files = { [FILE]: '[]' };
    const old = await replay(t, { tools: ['CronCreate', 'CronDelete'], files });
    expect(old.turns.flatMap((x) => x.calls.map((c) => [c.content, c.is_error]))).toEqual([
      ["<tool_use_error>No scheduled job with id 'x'</tool_use_error>", true],
      [
        'Scheduled one-shot task <task-1> (Every day at 1:00 AM). Persisted to .claude/scheduled_tasks.json. It will fire once then auto-delete.',
        false,
      ],
    ]);
    const text =
      'The scheduled tasks file (.claude/scheduled_tasks.json) could not be read as a list of tasks, so it was not changed. Check or repair that file, then try again.';
    const now = await replay(t, { tools: ['CronCreate', 'CronDelete'], files, version: '2.1.332' });
    expect(now.turns.flatMap((x) => x.calls.map((c) => [c.content, c.is_error]))).toEqual([
      [`<tool_use_error>${text}</tool_use_error>`, true],
      [text, true],
    ]);
    expect(now.files?.[FILE]).toBe('[]');
  });

  it('refuses a .claude that is a file or a symlink', async () => {
    const t: Scenario['turns'] = [[C('CronCreate', { cron: '0 1 * * *', prompt: 'p', durable: true })]];
    for (const files of [{ '.claude': 'x\n' }, { 'real/': { dir: true }, '.claude': { symlink: 'real' } }]) {
      const r = await replay(t, { tools: ['CronCreate'], files: files as Scenario['files'] });
      expect(r.turns[0]?.calls[0]).toMatchObject({
        is_error: true,
        content: 'Refusing to write under symlinked or non-directory path: $CWD/.claude',
      });
    }
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
