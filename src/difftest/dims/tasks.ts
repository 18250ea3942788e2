// Background work: Bash commands run in the background and what the model gets back about them
// (TaskOutput blocking or not, TaskStop, the notification when one ends, its output file), and
// subagents (the oracle answers every subagent request with "ok"): types, models, background
// runs, and their hand-back.
import type { Call, Dimension, Item, JsonObject } from '../types';
import { PROJECT, bash } from './common';

const BACKGROUND = [
  'echo a; sleep 1; echo b',
  'echo out; echo err >&2; exit 2',
  'seq 1 3',
  'sleep 30',
  "printf 'x\\ny'",
  'cat nothere',
  'echo \'<tag> & "q"\'',
  'kill -TERM $$',
  'echo started; sleep 0.3; echo ended',
  'cd sub && pwd && ls',
];

const SUBAGENT_TYPES = [undefined, 'general-purpose', 'Explore', 'Plan', 'nope-agent'];
const MODELS = [undefined, 'haiku', 'sonnet', 'opus'];

function backgroundBash(command: string, description: boolean): Call {
  const input: JsonObject = { command, run_in_background: true };
  if (description) input.description = 'work in the background';
  return { name: 'Bash', input };
}

function agent(pick: <T>(xs: readonly T[]) => T, background: boolean): Call {
  const input: JsonObject = { description: 'look around', prompt: pick(['List the files.', 'Say ok.', '']) };
  const type = pick(SUBAGENT_TYPES);
  if (type !== undefined) input.subagent_type = type;
  const model = pick(MODELS);
  if (model !== undefined) input.model = model;
  if (background) input.run_in_background = true;
  return { name: 'Agent', input };
}

/** What the model does about task 1 in a later turn. */
function followUp(pick: <T>(xs: readonly T[]) => T): Call {
  return pick<Call>([
    { name: 'TaskOutput', input: { task_id: '$TASK1', block: true, timeout: 5000 } },
    { name: 'TaskOutput', input: { task_id: '$TASK1', block: false, timeout: 1000 } },
    { name: 'TaskOutput', input: { task_id: '$TASK1' } },
    { name: 'TaskStop', input: { task_id: '$TASK1' } },
    { name: 'TaskOutput', input: { task_id: 'nonexistent', block: false, timeout: 1000 } },
    bash('sleep 1.5; echo waited'),
  ]);
}

export const tasks: Dimension = {
  name: 'tasks',
  varies:
    'background Bash (output, exit codes, signals, long runs) x TaskOutput block/timeout, TaskStop, a wait for the notification; Agent with subagent types, models and run_in_background',
  combinable: false,
  sample(rng) {
    const pick = <T>(xs: readonly T[]): T => rng.pick(xs);
    const first: Call[] = [];
    const withAgent = rng.chance(0.35);
    if (withAgent) first.push(agent(pick, rng.chance(0.5)));
    else first.push(backgroundBash(pick(BACKGROUND), rng.chance(0.5)));
    if (rng.chance(0.25))
      first.push(rng.chance(0.5) ? backgroundBash(pick(BACKGROUND), false) : bash('echo fg'));
    const turns: Item[][] = [first];
    // A call made the moment the previous one's results are in races the background work in the
    // binary: a command or subagent that ends at once is seen as ended by it on 2.1.273 and
    // 2.1.291-2.1.292, as running on 2.1.332 and 2.1.337 (most runs; both ways seen on each), so
    // every follow-up waits first, past that race (20 ms is enough on both).
    for (let i = rng.int(3); i > 0; i--) turns.push([{ sleep: pick([300, 1500]) }, followUp(pick)]);
    const mode = pick(['bypassPermissions', 'bypassPermissions', 'default', 'acceptEdits']);
    return {
      files: PROJECT,
      tools: ['Bash', 'Read', 'TaskOutput', 'TaskStop', 'Agent'],
      mode,
      timeout: 90,
      turns,
      note: `${mode} agent=${withAgent} calls=${turns.map((t) => t.flatMap((c) => ('name' in c ? [c.name] : [])).join('+')).join(',')}`,
    };
  },
};
