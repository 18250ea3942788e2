// Bash on the in-memory workspace (just-bash over memfs) against /bin/bash on disk: the same
// small pipeline, warm, median of N runs; in process (the CLI) and through the page's shell
// worker code in a worker thread (every file call crosses the thread). `npx tsx bench/bash.ts [runs]`
import { Volume } from 'memfs';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deterministicClock } from '../src/backends/clock';
import { createDiskShell } from '../src/backends/shell/disk';
import { createJustBashShell } from '../src/backends/shell/justbash';
import { createWorkerShell } from '../src/backends/shell/worker/host';
import { threadWorker } from '../src/cli/shell-thread';
import type { Shell } from '../src/workspace/types';

const RUNS = Number(process.argv[2] ?? 30);
const PIPELINE = "cat data.txt | grep -v '^#' | sort | uniq -c | sort -rn | head -5 | wc -l";

const lines: string[] = [];
for (let i = 0; i < 500; i++) lines.push(i % 10 === 0 ? `# comment ${i}` : `word${i % 37}`);
const data = lines.join('\n') + '\n';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'ccp-bench-')));
const cwd = join(root, 'project');
mkdirSync(cwd, { recursive: true });
writeFileSync(join(cwd, 'data.txt'), data);
const vol = new Volume();
vol.mkdirSync(cwd, { recursive: true });
vol.writeFileSync(join(cwd, 'data.txt'), data);
const env = { PATH: '/usr/bin:/bin', HOME: root, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

async function time(shell: Shell): Promise<{ median: number; out: string }> {
  let out = '';
  for (let i = 0; i < 3; i++) out = (await shell.run(PIPELINE, { cwd, env, timeoutMs: 60000 })).stdout;
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await shell.run(PIPELINE, { cwd, env, timeoutMs: 60000 });
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)] ?? NaN, out };
}

const mem = await time(createJustBashShell(vol, deterministicClock()));
const threaded = createWorkerShell(vol, deterministicClock(), { spawn: () => threadWorker() });
const worker = await time(threaded);
threaded.dispose();
const disk = await time(createDiskShell());
rmSync(root, { recursive: true, force: true });
console.log(`pipeline: ${PIPELINE}`);
console.log(
  `memfs (just-bash): ${mem.median.toFixed(2)} ms median of ${RUNS}  -> ${JSON.stringify(mem.out)}`,
);
console.log(
  `memfs (just-bash in a worker thread, as in the page): ${worker.median.toFixed(2)} ms median of ${RUNS}  -> ${JSON.stringify(worker.out)}`,
);
console.log(
  `disk  (/bin/bash): ${disk.median.toFixed(2)} ms median of ${RUNS}  -> ${JSON.stringify(disk.out)}`,
);
console.log(`ratio memfs/disk: ${(mem.median / disk.median).toFixed(2)}x`);
console.log(`ratio memfs worker/disk: ${(worker.median / disk.median).toFixed(2)}x`);
