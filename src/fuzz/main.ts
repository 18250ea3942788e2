// `npm run fuzz -- --runs N [--seed S] [--target NAME] [--jobs J]`: N generated inputs per
// target, the figures per target, each finding, and last exactly one line `fuzz: … inputs, …
// uncaught, … over budget`. Exits 1 when anything was found. With J > 1 (default: one per core)
// the targets are shared out among J child processes, each taking the next target when it is
// done with one; a target's inputs come from the seed alone, so its findings do not depend on J.
// The lines come in target order.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BUDGET, figuresLine, fuzzTarget, summary, type TargetFigures } from './harness';
import { TARGETS, type Target } from './targets';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const runs = Number(option('runs') ?? 100);
const seed = Number(option('seed') ?? Date.now() % 1_000_000);
const only = option('target');
const jobs = Number(option('jobs') ?? availableParallelism());
const child = process.argv.includes('--child');
const targets = TARGETS.filter((t) => only === undefined || t.name === only);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(jobs) || jobs < 1 || targets.length === 0) {
  console.error(
    `usage: npm run fuzz -- --runs N [--seed S] [--jobs J] [--target ${TARGETS.map((t) => t.name).join('|')}]`,
  );
  process.exit(2);
}

function report(f: TargetFigures): void {
  for (const x of f.findings)
    console.log(`  ${x.kind} in ${x.target}: ${x.detail}\n    input ${String(x.input)}`);
  console.log(figuresLine(f));
}

/** A child process of this same program that fuzzes the targets it is sent, one at a time,
 * and answers each with its figures; `alive` is false once it has ended. */
function childProcess(): {
  fuzz: (t: Target) => Promise<TargetFigures>;
  end: () => void;
  alive: () => boolean;
} {
  const argv = ['--runs', String(runs), '--seed', String(seed), '--child'];
  const p = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...argv], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let ended = false;
  let waiting: { t: Target; resolve: (f: TargetFigures) => void } | undefined;
  p.on('message', (f: TargetFigures) => waiting?.resolve(f));
  // A child that dies mid-target (killed, out of memory) counts as one uncaught finding.
  p.on('exit', (code, signal) => {
    ended = true;
    if (!waiting) return;
    const { t, resolve } = waiting;
    const detail = `its process ended (${signal ?? `exit ${code}`}) before reporting`;
    resolve({
      target: t.name,
      inputs: 0,
      uncaught: 1,
      overBudget: 0,
      slowestMs: 0,
      findings: [{ target: t.name, kind: 'uncaught', input: '(the whole target)', detail }],
    });
  });
  return {
    fuzz: (t) =>
      new Promise((resolve) => {
        waiting = { t, resolve: (f) => ((waiting = undefined), resolve(f)) };
        p.send(t.name);
      }),
    end: () => p.connected && p.disconnect(),
    alive: () => !ended,
  };
}

if (child) {
  process.on('message', (name: string) => {
    const t = TARGETS.find((x) => x.name === name) as Target;
    void fuzzTarget(t, runs, seed).then((f) => process.send?.(f));
  });
  process.on('disconnect', () => process.exit(0));
} else {
  console.log(
    `seed ${seed}; budget per input: ${BUDGET.deadlineMs} ms, ${BUDGET.rssBytes / 1024 ** 3} GiB resident; ${Math.min(jobs, targets.length)} process(es)`,
  );
  const all: TargetFigures[] = [];
  if (jobs === 1 || targets.length === 1) {
    for (const t of targets) {
      const f = await fuzzTarget(t, runs, seed);
      all.push(f);
      report(f);
    }
  } else {
    // Results are printed in target order as soon as every earlier target has reported.
    const done = new Map<number, TargetFigures>();
    let next = 0;
    let printed = 0;
    const worker = async () => {
      let proc = childProcess();
      for (let i = next++; i < targets.length; i = next++) {
        if (!proc.alive()) proc = childProcess();
        done.set(i, await proc.fuzz(targets[i] as Target));
        for (; done.has(printed); printed++) {
          const f = done.get(printed) as TargetFigures;
          all.push(f);
          report(f);
        }
      }
      proc.end();
    };
    await Promise.all(Array.from({ length: Math.min(jobs, targets.length) }, worker));
  }
  console.log(summary(all));
  process.exit(all.some((f) => f.uncaught + f.overBudget > 0) ? 1 : 0);
}
