// The model of the session: the read-before-edit rule, where notices go (a system message or
// inside the last tool result), wrapped notices and trailing notes depend on it. Read, Edit and
// Write sequences with outside changes between them, under each model family.
import type { Call, Dimension } from '../types';
import { PROJECT, bash } from './common';

const MODELS = [
  'claude-opus-4-6',
  'claude-sonnet-4-5',
  'claude-haiku-4-5',
  'claude-opus-5',
  'claude-sonnet-5',
  'claude-fable-5-1',
  'claude-opus-5-5',
];

const A = '$CWD/a.txt';

const STEPS: readonly Call[] = [
  { name: 'Read', input: { file_path: A } },
  { name: 'Read', input: { file_path: A, offset: 2, limit: 1 } },
  { name: 'Edit', input: { file_path: A, old_string: 'beta', new_string: 'BETA' } },
  { name: 'Edit', input: { file_path: A, old_string: 'gamma', new_string: 'GAMMA' } },
  { name: 'Write', input: { file_path: A, content: 'new\n' } },
  { name: 'Write', input: { file_path: '$CWD/n.txt', content: 'n\n' } },
  bash("sed -i 's/alpha/ALPHA/' a.txt"),
  bash('echo more >> a.txt'),
  bash('touch a.txt'),
  bash('cat a.txt'),
];

export const models: Dimension = {
  name: 'models',
  varies:
    'the session model (4.x, 5.x, sonnet, haiku, fable) x Read (whole, range) / Edit / Write sequences with outside changes between them',
  combinable: true,
  sample(rng) {
    const model = rng.pick(MODELS);
    const turns: Call[][] = [];
    for (let i = 2 + rng.int(3); i > 0; i--)
      turns.push(rng.chance(0.2) ? [rng.pick(STEPS), rng.pick(STEPS)] : [rng.pick(STEPS)]);
    return { files: PROJECT, model, turns, note: `${model}` };
  },
};
