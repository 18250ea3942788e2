// Ends every process a disk scenario started, wherever it went: a command's own process group is
// killed when the command ends, but `setsid cmd &`, `(cmd &)` and `nohup cmd &` leave it. Every
// command runs with the scenario's own HOME (a fresh folder under its root) and in its folders, so
// a process is the scenario's when its environment names that HOME or its cwd is under the root.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const inside = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** The pids of live processes that belong to the scenario at `root` (Linux /proc). */
export function scenarioProcesses(root: string, home: string): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const name of entries) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        // gone, or not ours to read
      }
      if (env.includes(`HOME=${home}`) || inside(cwd, root)) found.push(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** Kills them, again while a kill lets a parent fork another (bounded). */
export function endScenarioProcesses(root: string, home: string): void {
  for (let round = 0; round < 5; round++) {
    const pids = scenarioProcesses(root, home);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}
