import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import type { Scenario } from '../scenario/schema';
import type { BashOutcome } from '../tools/bash/bash';
import { asReminder, taskNotification } from '../tools/background/notification';
import { ALL_TOOLS } from '../tools/registry';
import type { Attachment } from '../tools/types';
import { USER_REJECTED } from './ask';
import { INTERRUPTED_BEFORE_START } from './engine';
import { replayScenario } from './replay';
import { createPermissions } from './wiring';

const CWD = '/workspace/project';
const withBash = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });

const scenario = (turns: Scenario['turns']): Scenario => ({
  id: 'stop',
  area: 'stop',
  description: 'stopped',
  files: {},
  turns,
});

/** A workspace whose shell aborts the signal once a command mentioning `marker` has started,
 * so the stop lands inside that command however slow the machine is. */
function stopInside(marker: string) {
  const c = new AbortController();
  const ws = createMemfsWorkspace({
    shell: (vol, clock) => {
      const inner = createJustBashShell(vol, clock);
      return {
        run: (command, opts) => {
          if (command.includes(marker)) setTimeout(() => c.abort(), 50);
          return inner.run(command, opts);
        },
      };
    },
  });
  return { ws, signal: c.signal };
}

const write = (name: string) => ({
  name: 'Write',
  input: { file_path: `${CWD}/${name}`, content: `${name}\n` },
});

describe('stopping a replay', () => {
  it('stops the running Bash command, runs no call after it, and starts no further turn', async () => {
    const { ws, signal } = stopInside('sleep 100');
    const started = Date.now();
    const { result, session, stopped } = await replayScenario(
      ws,
      scenario([
        [{ name: 'Bash', input: { command: 'echo a > a.txt && cat a.txt' } }],
        [{ name: 'Bash', input: { command: 'sleep 100' } }, write('b.txt')],
        [write('c.txt')],
      ]),
      'stop',
      { tools: ALL_TOOLS, permissions: createPermissions, signal },
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(stopped).toEqual(true);
    expect(
      result.turns.map((t) => t.calls.map((c) => [c.tool, c.is_error, c.content, c.structured])),
    ).toEqual([
      [
        [
          'Bash',
          false,
          'a',
          { stdout: 'a', stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
        ],
      ],
      [
        // What bash.ts renders for a command the signal stopped (SIGTERM's status, no timeout note).
        ['Bash', true, 'Exit code 143', 'Error: Exit code 143'],
        ['Write', true, INTERRUPTED_BEFORE_START, undefined],
      ],
    ]);
    expect(session.history.map((m) => m.calls.map((c) => c.stage))).toEqual([['call'], ['call', 'stopped']]);
    expect(result.files).toEqual({ 'a.txt': 'a\n' });
  });

  it('stops waiting for background commands and stops them; their notification comes later', async () => {
    const { ws, signal } = stopInside('sleep 100');
    const started = Date.now();
    const { result, session, stopped } = await replayScenario(
      ws,
      scenario([[{ name: 'Bash', input: { command: 'sleep 100', run_in_background: true } }]]),
      'stop',
      { tools: ALL_TOOLS, permissions: createPermissions, signal },
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(stopped).toEqual(true);
    // No late turn: nothing had arrived when the wait was stopped.
    expect(result.turns.map((t) => t.turn)).toEqual([0]);
    // The command got the signal too: it ends, and its notification waits for the next call.
    expect(await session.settle()).toEqual([
      notificationOf(session.history[0]?.calls[0]?.outcome, 'toolu_oracle_0_0', 'sleep 100'),
    ]);
  });

  it('replays as before without a signal', async () => {
    const ws = withBash();
    const { result, stopped } = await replayScenario(
      ws,
      scenario([
        // Longer than the model's round trip a replay allows before the next call (MODEL_ROUND_TRIP_MS).
        [{ name: 'Bash', input: { command: 'sleep 1; echo done', run_in_background: true } }],
        [write('a.txt')],
      ]),
      'stop',
      { tools: ALL_TOOLS, permissions: createPermissions },
    );
    expect(stopped).toEqual(false);
    expect(result.turns.map((t) => [t.turn, t.calls.map((c) => c.tool), t.attachments.length])).toEqual([
      [0, ['Bash'], 0],
      [1, ['Write'], 0],
      [2, [], 1],
    ]);
  });
});

function notificationOf(outcome: unknown, callId: string, command: string): Attachment {
  const o = outcome as Extract<BashOutcome, { kind: 'background' }>;
  return {
    role: 'user',
    type: 'text',
    text: asReminder(taskNotification(o.taskId, callId, o.outputFile, command, 143)),
  };
}

describe('stopping at a prompt', () => {
  it('runs none of the calls checked together with the one whose prompt was stopped', async () => {
    const ws = withBash();
    const c = new AbortController();
    const { session } = await replayScenario(
      ws,
      { ...scenario([]), mode: 'default', settings_local: { permissions: { ask: ['Bash(echo a)'] } } },
      'stop',
      {
        tools: ALL_TOOLS,
        permissions: createPermissions,
        // What the page does on Stop while a prompt is up: answer no, then stop.
        onAsk: () => {
          c.abort();
          return Promise.resolve({ answer: 'deny', by: 'user' });
        },
      },
    );
    const rec = await session.runModelCall(
      [
        { id: 'a', name: 'Bash', input: { command: 'echo a' } },
        { id: 'b', name: 'Bash', input: { command: 'echo b' } },
      ],
      c.signal,
    );
    expect(rec.calls.map((r) => [r.id, r.stage, r.rendered.content])).toEqual([
      ['a', 'permission', USER_REJECTED],
      ['b', 'stopped', INTERRUPTED_BEFORE_START],
    ]);
  });
});

describe('Session.settle with a signal', () => {
  it('returns what arrived when the signal fires and keeps the unfinished work', async () => {
    const ws = withBash();
    const { session } = await replayScenario(ws, scenario([]), 'stop', { tools: ALL_TOOLS });
    const never = new Promise<void>(() => {});
    const arrived: Attachment = { role: 'user', type: 'text', text: 'arrived' };
    session.conversation.background.push(never);
    session.conversation.pending.push(arrived);
    const c = new AbortController();
    const settled = session.settle(c.signal);
    c.abort();
    expect(await settled).toEqual([arrived]);
    expect(session.conversation.background).toEqual([never]);
    // An already fired signal does not wait at all.
    expect(await session.settle(c.signal)).toEqual([]);
  });
});
