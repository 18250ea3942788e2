// The background tools through the session, on memfs: whole result texts as the recorded
// scenarios show them (conformance/scenarios/task-*, send-message-*, list-agents-*, monitor-*,
// workflow-*).
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createJustBashShell } from '../../backends/shell/justbash';
import type { Scenario } from '../../scenario/schema';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { ALL_TOOLS } from '../registry';
import { NOTIFICATION_PREAMBLE, taskNotification } from './notification';
import { startedTask, TaskRegistry, type BackgroundTask } from './registry';
import { wallClock } from '../../backends/clock';

const ws = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });

async function replay(turns: Scenario['turns'], extra: Partial<Scenario> = {}) {
  const scenario: Scenario = { id: 't', area: 'tasks', description: 't', files: {}, turns, ...extra };
  const { result } = await replayScenario(ws(), scenario, 't', { tools: ALL_TOOLS, permissions: createPermissions });
  return result;
}

const OUT = '$TMP/claude-0/$CWD_SANITIZED/<uuid-1>/tasks/<task-1>.output';
const T = ['Bash', 'Read', 'TaskOutput', 'TaskStop'];

describe('TaskOutput and TaskStop (2.1.273)', () => {
  it('waits for a task, returns its output file with the exit marker, and forgets it once reported', async () => {
    const r = await replay(
      [
        [{ name: 'Bash', input: { command: 'echo out; echo err >&2; exit 3', run_in_background: true } }],
        [{ name: 'TaskOutput', input: { task_id: '$TASK1', block: true, timeout: 5000 } }],
        [{ name: 'TaskStop', input: { task_id: '$TASK1' } }],
      ],
      { tools: T },
    );
    expect(r.turns[1]?.calls[0]?.content).toBe(
      '<retrieval_status>success</retrieval_status>\n\n<task_id><task-1></task_id>\n\n<task_type>local_bash</task_type>\n\n<status>failed</status>\n\n<exit_code>3</exit_code>\n\n<output>\nout\nerr\n\n[exited with code 3]\n</output>',
    );
    expect(r.turns[1]?.attachments).toEqual([
      {
        role: 'system',
        type: 'text',
        text: `${NOTIFICATION_PREAMBLE}\n\n<task-notification>\n<task-id><task-1></task-id>\n<tool-use-id>toolu_oracle_0_0</tool-use-id>\n<output-file>${OUT}</output-file>\n<status>failed</status>\n<summary>Background command "echo out; echo err &gt;&amp;2; exit 3" failed with exit code 3</summary>\n</task-notification>`,
      },
    ]);
    expect(r.turns[2]?.calls[0]?.content).toBe('<tool_use_error>No task found with ID: <task-1></tool_use_error>');
  });

  it('stops a running task: a second stop in the same model call sees it killed, no notification follows', async () => {
    const r = await replay(
      [
        [{ name: 'Bash', input: { command: 'sleep 5', run_in_background: true } }],
        [
          { name: 'TaskStop', input: { task_id: '$TASK1' } },
          { name: 'TaskStop', input: { task_id: '$TASK1' } },
        ],
      ],
      { tools: T },
    );
    expect(r.turns[1]?.calls.map((c) => c.content)).toEqual([
      '{"message":"Successfully stopped task: <task-1> (sleep 5)","task_id":"<task-1>","task_type":"local_bash","command":"sleep 5"}',
      '<tool_use_error>Task <task-1> is not running (status: killed)</tool_use_error>',
    ]);
    expect(r.turns.flatMap((t) => t.attachments)).toEqual([]);
  });

  it('refuses a missing id before looking anything up', async () => {
    const r = await replay([[{ name: 'TaskStop', input: {} }, { name: 'TaskOutput', input: { task_id: '' } }]], { tools: T });
    expect(r.turns[0]?.calls.map((c) => c.content)).toEqual([
      '<tool_use_error>Missing required parameter: task_id</tool_use_error>',
      '<tool_use_error>Task ID is required</tool_use_error>',
    ]);
  });

  it('cuts a long output to its last 32,000 characters after a line naming the file', async () => {
    const r = await replay(
      [[{ name: 'Bash', input: { command: 'seq 1 20000', run_in_background: true } }], [{ name: 'TaskOutput', input: { task_id: '$TASK1' } }]],
      { tools: T },
    );
    const content = r.turns[1]?.calls[0]?.content as string;
    const shown = content.slice(content.indexOf('<output>\n') + 9, content.lastIndexOf('\n</output>'));
    expect(shown.startsWith(`[Truncated. Full output: ${OUT}]\n\n`)).toBe(true);
    expect(shown.endsWith('19999\n20000\n\n[exited with code 0]')).toBe(true);
  });
});

describe('notifications', () => {
  it('are one system message with the next call, and a reminder after the last turn', async () => {
    const r = await replay([[{ name: 'Bash', input: { command: 'echo x', description: 'Print x', run_in_background: true } }]], { tools: T });
    expect(r.turns[1]?.attachments).toEqual([
      { role: 'user', type: 'text', text: `<system-reminder>\n${taskNotification('<task-1>', 'toolu_oracle_0_0', OUT, 'Print x', 0)}\n</system-reminder>` },
    ]);
  });
});

describe('SendMessage and ListAgents with nobody to address', () => {
  it('answer as one session does', async () => {
    const r = await replay(
      [
        [
          { name: 'SendMessage', input: { to: ' main ', message: 'hi' } },
          { name: 'SendMessage', input: { to: 'worker', message: 'hi' } },
          { name: 'SendMessage', input: { to: '  ', message: 'hi' } },
          { name: 'SendMessage', input: { to: 'worker' } },
          { name: 'ListAgents', input: {} },
        ],
      ],
      { tools: ['SendMessage', 'ListAgents'] },
    );
    expect(r.turns[0]?.calls.map((c) => c.content)).toEqual([
      [{ type: 'text', text: '{"success":false,"message":"You are the main conversation — \\"main\\" addresses you. Send to a named agent instead."}' }],
      [{ type: 'text', text: `{"success":false,"message":"No agent named 'worker' is reachable.\\nUse ListAgents to see everyone you can message."}` }],
      '<tool_use_error>to must not be empty</tool_use_error>',
      '<tool_use_error>message must not be empty</tool_use_error>',
      'This session is <task-1> [<task-2>] — the name other sessions use to message it (it is not listed below; a message to it would be a message to yourself).\n\nNo reachable agents — no other Claude session is running on this machine right now (peer messaging itself is available; a session appears here once it is started).',
    ]);
  });
});

describe('Monitor', () => {
  it('is disabled in 2.1.273 and reports events and the end in 2.1.332', async () => {
    const turns: Scenario['turns'] = [
      [{ name: 'Monitor', input: { description: 'watch', command: 'echo a', timeout_ms: 5000 } }],
      [{ name: 'Bash', input: { command: 'sleep 1' } }],
    ];
    const old = await replay(turns, { tools: ['Bash', 'Monitor'] });
    expect(old.turns[0]?.calls[0]?.content).toBe(
      '<tool_use_error>Error: No such tool available: Monitor. Monitor is disabled for this session, in subagents as well as here.</tool_use_error>',
    );
    const r = await replay(turns, { tools: ['Bash', 'Monitor'], version: '2.1.332' });
    expect(r.turns[0]?.calls[0]?.content).toBe(
      'Monitor started (task <task-1>, expires in 5s unless the source ends first; you get one notice at expiry — re-arm if you still need the watch). You will be notified on each event. Keep working — do not poll or sleep. Events may arrive while you are waiting for the user — an event is not their reply.',
    );
    expect(r.turns[1]?.attachments[0]?.text).toBe(
      `${NOTIFICATION_PREAMBLE}\n\n<task-notification>\n<task-id><task-1></task-id>\n<tool-use-id>toolu_oracle_0_0</tool-use-id>\n<output-file>${OUT}</output-file>\n<status>completed</status>\n<summary>Monitor "watch" stream ended</summary>\n<event>a</event>\n</task-notification>`,
    );
  });
});

describe('Workflow', () => {
  it('checks the meta block and the script before launching', async () => {
    const r = await replay(
      [
        [
          { name: 'Workflow', input: { script: 'console.log(1)' } },
          { name: 'Workflow', input: { script: "export const meta = {name: 'n'}\nreturn 1" } },
          { name: 'Workflow', input: { script: "export const meta = {name: 'syn', description: 'syntax'}\nreturn (" } },
          { name: 'Workflow', input: { name: 'nope' } },
        ],
      ],
      { tools: ['Bash', 'Workflow'] },
    );
    expect(r.turns[0]?.calls.map((c) => c.content)).toEqual([
      '<tool_use_error>Invalid workflow script: `export const meta = { name, description, phases }` must be the FIRST statement in the script</tool_use_error>',
      '<tool_use_error>Invalid workflow script: meta.description must be a non-empty string</tool_use_error>',
      '<tool_use_error>Invalid workflow script: Script parse error: Unexpected token (2:8)\n\nreturn (\n        ^\n\nWorkflow scripts must be plain JavaScript — common causes are TypeScript syntax (type annotations, interfaces, generics) and broken string quoting or escaping.</tool_use_error>',
      '<tool_use_error>Workflow "nope" not found. Available: deep-research</tool_use_error>',
    ]);
  });
});

describe('the task registry', () => {
  it('holds a notice for the next model call unless the launching call outlasts its margin', () => {
    const reg = new TaskRegistry(wallClock());
    const soon = performance.now() + 60_000;
    reg.notify({ taskId: 'a', text: 'a', held: { call: 0, unlessAfter: soon } });
    reg.notify({ taskId: 'b', text: 'b', held: { call: 0, unlessAfter: performance.now() - 1 } });
    const first = reg.takeNotices().map((n) => n.text);
    reg.notify({ taskId: 'c', text: 'c', held: { call: 1, unlessAfter: soon } });
    const second = reg.takeNotices().map((n) => n.text);
    const last = reg.takeNotices(true).map((n) => n.text);
    expect({ first, second, last }).toEqual({ first: ['b'], second: ['a'], last: ['c'] });
  });

  it('stops every running task and tells its subscribers', () => {
    const reg = new TaskRegistry(wallClock());
    let stopped = 0;
    let changes = 0;
    reg.subscribe(() => changes++);
    const task = (id: string): BackgroundTask => ({
      id,
      type: 'local_bash',
      description: id,
      callId: 'c',
      outputFile: `/t/${id}`,
      status: 'running',
      exitCode: null,
      output: '',
      done: Promise.resolve(),
      gone: false,
      stop: () => stopped++,
    });
    reg.add(task('a'));
    reg.add(task('b'));
    reg.stopAll('page');
    expect({ stopped, running: reg.running().length, states: reg.all().map((t) => [t.status, t.stoppedBy]), changes }).toEqual({
      stopped: 2,
      running: 0,
      states: [
        ['killed', 'page'],
        ['killed', 'page'],
      ],
      changes: 4,
    });
  });

  it('shows an end when the model can see it: with the next call, or one call later when calls come at once', () => {
    const seen = (defer: boolean) => {
      const reg = new TaskRegistry(wallClock());
      reg.deferQuickEnds = defer;
      const quick = (id: string) => {
        reg.add(startedTask({ id, type: 'local_bash', description: id, callId: id, outputFile: id, stop: () => {} }));
        reg.ended(id, () => reg.notify({ taskId: id, text: id }));
      };
      const take = (final = false) => reg.takeNotices(final).map((n) => n.text).join(',');
      quick('a');
      const call0 = take();
      quick('b');
      reg.waited('shell');
      const call1 = take();
      quick('c');
      const call2 = take();
      reg.waited('shell');
      const call3 = take();
      quick('d');
      const call4 = take();
      const call5 = take();
      return [call0, call1, call2, call3, call4, call5, take(true)];
    };
    expect({ atOnce: seen(false), deferred: seen(true) }).toEqual({
      atOnce: ['', 'a,b', '', 'c', '', 'd', ''],
      deferred: ['', 'a,b', '', 'c', '', '', 'd'],
    });
  });
});
