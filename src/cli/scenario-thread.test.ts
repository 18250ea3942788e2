import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, expect, test } from 'vitest';
import { parseScenario } from '../scenario/schema';
import type { LoadedScenario } from './corpus';
import { ScenarioStopped, ScenarioThread } from './scenario-thread';

const tmp = mkdtempSync(join(tmpdir(), 'scenario-thread-'));
const thread = new ScenarioThread({ timeoutS: 3, memoryMb: 1536 }, tmp);
afterAll(() => {
  thread.dispose();
  rmSync(tmp, { recursive: true, force: true });
});

function loaded(id: string, raw: unknown): LoadedScenario {
  return { id, file: `${id}.json`, scenario: parseScenario(raw, id) };
}

test(
  'a scenario that blocks is stopped at its deadline, its folder removed, and the next one runs',
  { timeout: 120_000 },
  async () => {
    const fifo = loaded('fifo', {
      files: { pipe: { fifo: true } },
      turns: [[{ name: 'Read', input: { file_path: '$CWD/pipe' } }]],
    });
    const stopped = await thread.replay(fifo, 'disk').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(stopped).toEqual(new ScenarioStopped('timed out after 3 s (--timeout to change)'));
    expect(readdirSync(tmp)).toEqual([]);

    // The project folder's path has the oracle's length (`<tmp>/orc-` and six characters), which
    // results that cut a text naming a path depend on.
    const ok = loaded('ok', {
      files: { 'a.txt': 'hi\n' },
      turns: [[{ name: 'Bash', input: { command: 'cat a.txt; pwd | wc -c' } }]],
    });
    const { result, shellRuns } = await thread.replay(ok, 'disk');
    const projectPathLength = `${tmp}/orc-XXXXXX/project`.length + 1;
    expect(result.turns.flatMap((t) => t.calls.map((c) => [c.is_error, c.content]))).toEqual([
      [false, `hi\n${projectPathLength}`],
    ]);
    expect(shellRuns).toBe(1);
  },
);

/** Live processes whose HOME is a scenario's under `dir` (Linux /proc). */
function processesWithHomeUnder(dir: string): number[] {
  return readdirSync('/proc').flatMap((name) => {
    try {
      const env = readFileSync(`/proc/${name}/environ`, 'latin1').split('\0');
      return env.some((v) => v.startsWith(`HOME=${dir}/`)) ? [Number(name)] : [];
    } catch {
      return [];
    }
  });
}

test(
  'on disk nothing a scenario started outlives its deadline, though it left its process group with setsid or nohup',
  { timeout: 120_000 },
  async () => {
    const escaped = loaded('escaped', {
      files: { pipe: { fifo: true } },
      turns: [
        [{ name: 'Bash', input: { command: 'setsid sleep 45 > /dev/null 2>&1 & nohup sleep 47 > /dev/null 2>&1 & (sleep 46 &); echo started' } }],
        [{ name: 'Read', input: { file_path: '$CWD/pipe' } }],
      ],
    });
    const stopped = await thread.replay(escaped, 'disk').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect([stopped, processesWithHomeUnder(tmp), readdirSync(tmp)]).toEqual([
      new ScenarioStopped('timed out after 3 s (--timeout to change)'),
      [],
      [],
    ]);
  },
);

test(
  'a busy loop just-bash cannot interrupt in process is stopped with its thread',
  { timeout: 120_000 },
  async () => {
    const awk = loaded('awk', {
      turns: [[{ name: 'Bash', input: { command: "awk 'BEGIN { while (1) {} }'" } }]],
    });
    await expect(thread.replay(awk, 'memfs')).rejects.toEqual(
      new ScenarioStopped('timed out after 3 s (--timeout to change)'),
    );
  },
);
