// Profiling aid for the scale bench (not run by `npm run bench`): imports a tree the scale bench
// kept (SCALE_TREE=<dir> leaves it in <dir>/project), then times ours only, per search, 5 runs
// each (the first ones pay V8's tier-up of the wasm). PROF=<prefix> writes <prefix>-<name>.cpuprofile.
//   node --import tsx bench/_profile-scale.ts <dir>/project [content|l|i|glob|all]
import * as nfs from 'node:fs';
import { createMemfsWorkspace } from '../src/backends/memfs';
import { diskEntries } from '../src/backends/import/disk';
import { importEntries } from '../src/backends/import/import';
import { nodeRipgrepLoader } from '../src/backends/search/loader-node';
import { createMemfsSearch } from '../src/backends/search/memfs';
import { Session } from 'node:inspector/promises';

const project = process.argv[2]!;
const which = process.argv[3] ?? 'all';
await nodeRipgrepLoader();
const ws = createMemfsWorkspace({ search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader) });
await importEntries(ws, diskEntries(project));
const cwd = ws.info.cwd;
const W: Record<string, string[]> = {
  content: ['-n', '--hidden', '--max-columns', '500', '-e', 'TODO\\(perf\\)'],
  l: ['-l', '--hidden', '--max-columns', '500', '-e', 'TODO\\(perf\\)'],
  i: ['-l', '-i', '--hidden', '--max-columns', '500', '-e', 'HANDLER\\s+error'],
  glob: ['--files', '--glob', '**/*.ts', '--no-ignore', '--hidden'],
};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};
const sess = new Session();
sess.connect();
for (const [k, a] of Object.entries(W)) {
  if (which !== 'all' && which !== k) continue;
  await ws.search.run([...a, cwd], { cwd });
  const prof = process.env.PROF;
  if (prof) {
    await sess.post('Profiler.enable');
    await sess.post('Profiler.start');
  }
  const ts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = cpu();
    await ws.search.run([...a, cwd], { cwd });
    ts.push(cpu() - s);
  }
  if (prof) {
    const { profile } = await sess.post('Profiler.stop');
    nfs.writeFileSync(`${prof}-${k}.cpuprofile`, JSON.stringify(profile));
  }
  console.log(k, ts.map((t) => t.toFixed(0)).join(' '));
}
