// `npm run fuzz -- --runs N [--seed S] [--target NAME]`: N generated inputs per target, the
// figures per target, each finding, and last exactly one line `fuzz: … inputs, … uncaught, …
// over budget`. Exits 1 when anything was found.
import { BUDGET, figuresLine, fuzzTarget, summary, type TargetFigures } from './harness';
import { TARGETS } from './targets';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const runs = Number(option('runs') ?? 100);
const seed = Number(option('seed') ?? Date.now() % 1_000_000);
const only = option('target');
const targets = TARGETS.filter((t) => only === undefined || t.name === only);
if (!Number.isInteger(runs) || runs < 1 || targets.length === 0) {
  console.error(
    `usage: npm run fuzz -- --runs N [--seed S] [--target ${TARGETS.map((t) => t.name).join('|')}]`,
  );
  process.exit(2);
}

console.log(
  `seed ${seed}; budget per input: ${BUDGET.deadlineMs} ms, ${BUDGET.rssBytes / 1024 ** 3} GiB resident`,
);
const all: TargetFigures[] = [];
for (const t of targets) {
  const f = await fuzzTarget(t, runs, seed);
  all.push(f);
  for (const x of f.findings)
    console.log(`  ${x.kind} in ${x.target}: ${x.detail}\n    input ${String(x.input)}`);
  console.log(figuresLine(f));
}
console.log(summary(all));
process.exit(all.some((f) => f.uncaught + f.overBudget > 0) ? 1 : 0);
