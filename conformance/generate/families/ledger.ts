// The read ledger when a file changes behind the model's back: how the model first saw the
// file (Read whole, a range, a partial view, Bash readers, or not at all) x what changed it
// (Bash writers, git, a hook-like outside edit with or without content, an mtime-only touch,
// nothing) x what the model does next (Edit, Write, Read again, Edit of a line that moved)
// x both model families (the default model, and claude-opus-4-6's strict ledger).
import type { Rng } from '../rng';
import type { Family, Generated } from '../types';
import type { TurnItem } from '../../../src/scenario/schema';

const A = '$CWD/a.txt';
const TEXT = 'alpha\nbeta\ngamma\ndelta\n';

type Step = TurnItem[];

const SEE: [number, string, (big: boolean) => Step][] = [
  [4, 'Read whole', () => [{ name: 'Read', input: { file_path: A } }]],
  [2, 'Read offset 2 limit 1', () => [{ name: 'Read', input: { file_path: A, offset: 2, limit: 1 } }]],
  [1, 'Read limit 2', () => [{ name: 'Read', input: { file_path: A, limit: 2 } }]],
  [1, 'Read relative path', () => [{ name: 'Read', input: { file_path: 'a.txt' } }]],
  [2, 'cat', () => [{ name: 'Bash', input: { command: 'cat a.txt' } }]],
  [1, 'head -n 2', () => [{ name: 'Bash', input: { command: 'head -n 2 a.txt' } }]],
  [1, 'grep', () => [{ name: 'Bash', input: { command: 'grep -n beta a.txt' } }]],
  [1, 'not read', () => []],
  [1, 'Write first', () => [{ name: 'Write', input: { file_path: A, content: TEXT } }]],
];

const CHANGE: [number, string, Step][] = [
  [3, 'nothing', []],
  [2, 'sed -i by Bash', [{ name: 'Bash', input: { command: "sed -i 's/alpha/ALPHA/' a.txt" } }]],
  [2, 'append by Bash', [{ name: 'Bash', input: { command: 'echo epsilon >> a.txt' } }]],
  [1, 'cp over by Bash', [{ name: 'Bash', input: { command: 'cp b.txt a.txt' } }]],
  [1, 'redirect over by Bash', [{ name: 'Bash', input: { command: "printf 'alpha\\nbeta\\n' > a.txt" } }]],
  [1, 'touch by Bash', [{ name: 'Bash', input: { command: 'touch a.txt' } }]],
  [1, 'git checkout of the committed file', [{ name: 'Bash', input: { command: 'git checkout -- a.txt' } }]],
  [1, 'git stash', [{ name: 'Bash', input: { command: 'git stash -q' } }]],
  [2, 'outside edit (formatter)', [{ touch: 'a.txt', content: 'alpha\nbeta\ngamma\ndelta\n\n' }]],
  [2, 'outside edit of the first line', [{ touch: 'a.txt', content: 'ALPHA\nbeta\ngamma\ndelta\n' }]],
  [1, 'outside edit, mtime kept', [{ touch: 'a.txt', content: 'alphx\nbeta\ngamma\ndelta\n', keepMtime: true }]],
  [2, 'outside mtime bump only', [{ touch: 'a.txt' }]],
  [1, 'outside delete', [{ delete: 'a.txt' }]],
];

const NEXT: [number, string, Step][] = [
  [4, 'Edit beta', [{ name: 'Edit', input: { file_path: A, old_string: 'beta', new_string: 'BETA' } }]],
  [2, 'Edit alpha', [{ name: 'Edit', input: { file_path: A, old_string: 'alpha', new_string: 'first' } }]],
  [3, 'Write', [{ name: 'Write', input: { file_path: A, content: 'replaced\n' } }]],
  [2, 'Read again', [{ name: 'Read', input: { file_path: A } }]],
  [1, 'Read again same range', [{ name: 'Read', input: { file_path: A, offset: 2, limit: 1 } }]],
  [1, 'Bash cat', [{ name: 'Bash', input: { command: 'cat a.txt' } }]],
  [1, 'Edit replace_all a', [{ name: 'Edit', input: { file_path: A, old_string: 'a', new_string: 'A', replace_all: true } }]],
];

function build(rng: Rng, count: number): Generated[] {
  const out: Generated[] = [];
  for (let i = 0; i < count; i++) {
    const strict = rng.chance(0.5);
    const [, seeName, see] = rng.weighted(SEE.map((x) => [x[0], x] as const));
    const [, changeName, change] = rng.weighted(CHANGE.map((x) => [x[0], x] as const));
    const [, nextName, next] = rng.weighted(NEXT.map((x) => [x[0], x] as const));
    // Sometimes a second change and a second attempt: the ledger after a refusal or a note.
    const again = rng.chance(0.3);
    const turns: Step[] = [];
    const first = see(false);
    if (first.length) turns.push(first);
    // Outside actions run before a turn's calls; alone they would make an empty turn, so they
    // open the turn of the next call.
    const isAction = change.length > 0 && !('name' in (change[0] as object));
    if (isAction) turns.push([...change, ...next]);
    else {
      if (change.length) turns.push(change);
      turns.push(next);
    }
    if (again) turns.push(rng.pick(NEXT)[2]);
    const git = changeName.startsWith('git') || rng.chance(0.15);
    const s: Generated = {
      id: `gen-ledger-${String(i).padStart(4, '0')}`,
      area: 'ledger',
      description: `Ledger: ${seeName}, then ${changeName}, then ${nextName}${again ? ', then once more' : ''}${strict ? ' (claude-opus-4-6)' : ''}.`,
      files: { 'a.txt': TEXT, 'b.txt': 'other\n' },
      git,
      turns,
    };
    if (strict) s.model = 'claude-opus-4-6';
    out.push(s);
  }
  return out;
}

export const ledger: Family = { name: 'ledger', count: 450, build };
