// Edit on a 5 MB file in the memfs workspace: validate + call as the session runs them, with a
// Read first so the ledger holds the file. Budget (DESIGN §5): tens of milliseconds.
// Then a replace_all that changes 30,000 lines (the patch in its result once took minutes),
// against a same-run reference: a one-line Edit of that file.
// Run: npx tsx bench/edit.ts [megabytes] [iterations]
import { createMemfsWorkspace } from '../src/backends/memfs';
import { Ledger } from '../src/ledger/ledger';
import { getProfile } from '../src/profiles';
import { Session } from '../src/session/engine';
import { allowAll } from '../src/session/permissions';
import { editTool } from '../src/tools/edit';
import { readTool } from '../src/tools/read';
import { writeTool } from '../src/tools/write';

const MB = Number(process.argv[2] ?? 5);
const ITER = Number(process.argv[3] ?? 10);

const ws = createMemfsWorkspace();
const path = `${ws.info.cwd}/big.ts`;
const lines: string[] = [];
let size = 0;
for (let i = 0; size < MB * 1024 * 1024; i++) {
  const l = `export const value${i} = compute(${i}, "item ${i}"); // line ${i}`;
  lines.push(l);
  size += l.length + 1;
}
ws.vol.writeFileSync(path, lines.join('\n') + '\n');

const session = new Session({
  ws,
  profile: getProfile('2.1.273'),
  model: 'claude-opus-4-6',
  tools: [readTool, editTool, writeTool],
  offered: new Set(['Read', 'Edit', 'Write']),
  withheld: {},
  permissions: allowAll,
  ledger: new Ledger(),
  env: {},
});

await session.runModelCall([{ id: 'read', name: 'Read', input: { file_path: path, offset: 1, limit: 10 } }]);
const times: number[] = [];
for (let k = 0; k < ITER; k++) {
  const target = Math.floor(((k + 1) * lines.length) / (ITER + 1));
  const t0 = performance.now();
  const rec = await session.runModelCall([
    {
      id: `e${k}`,
      name: 'Edit',
      input: { file_path: path, old_string: `value${target} =`, new_string: `VALUE${target} =` },
    },
  ]);
  times.push(performance.now() - t0);
  const c = rec.calls[0];
  if (!c || c.rendered.is_error) throw new Error(`edit failed: ${JSON.stringify(c?.rendered.content)}`);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
console.log(
  `edit ${(size / 1024 / 1024).toFixed(1)} MB (${lines.length} lines), memfs: median ${median.toFixed(1)} ms, min ${(times[0] ?? 0).toFixed(1)} ms, max ${(times[times.length - 1] ?? 0).toFixed(1)} ms over ${ITER}`,
);

/** One Edit on a fresh file of `text`, read first; its time in ms. */
async function timedEdit(text: string, input: Record<string, unknown>): Promise<number> {
  const file = `${ws.info.cwd}/wide.ts`;
  ws.vol.writeFileSync(file, text);
  await session.runModelCall([{ id: 'rw', name: 'Read', input: { file_path: file, offset: 1, limit: 1 } }]);
  const t0 = performance.now();
  const rec = await session.runModelCall([{ id: 'ew', name: 'Edit', input: { file_path: file, ...input } }]);
  const ms = performance.now() - t0;
  const c = rec.calls[0];
  if (!c || c.rendered.is_error) throw new Error(`edit failed: ${JSON.stringify(c?.rendered.content)}`);
  return ms;
}

const WIDE = 30_000;
const wide =
  Array.from({ length: WIDE }, (_, i) => `const item${i} = compute(${i}); // row ${i}`).join('\n') + '\n';
const one = await timedEdit(wide, { old_string: `item${WIDE / 2} =`, new_string: `ITEM${WIDE / 2} =` });
const all = await timedEdit(wide, { old_string: 'compute(', new_string: 'evaluate(', replace_all: true });
console.log(
  `edit replace_all over ${WIDE} lines (${WIDE} changed), memfs: ${all.toFixed(0)} ms; reference, one line of the same file: ${one.toFixed(0)} ms (${(all / one).toFixed(1)}×)`,
);
