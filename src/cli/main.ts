// cc-playground CLI: replay and conform (DESIGN §3.9).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listScenarioFiles, loadExpected, loadScenario } from './corpus';
import { conformOne, describeVerdict } from './run';
import { DEFAULT_MEMORY_MB, ScenarioStopped, ScenarioThread, type Budget } from './scenario-thread';
import { formatTranscript } from './transcript';
import { CLI_BACKENDS, isCliBackend, type CliBackend } from './backend-names';

const USAGE = `usage:
  npm run cli -- replay <scenario file or dir>... [--backend ${CLI_BACKENDS.join('|')}] [--out <dir>] [--json] [--timeout <s>] [--memory <MiB>]
  npm run cli -- conform <scenario file or dir>... [--expected <results dir>] [--backend ${CLI_BACKENDS.join('|')}] [--filter <regex on id>] [--json] [--timeout <s>] [--memory <MiB>]
  --timeout: each scenario's deadline (default: the scenario's own timeout, else 60 s)
  --memory: the memory the CLI may reach while a scenario runs (default ${DEFAULT_MEMORY_MB} MiB)`;

class UsageError extends Error {}

interface Args {
  cmd: string;
  inputs: string[];
  backend: CliBackend;
  out?: string;
  json: boolean;
  expected?: string;
  filter?: RegExp;
  budget: Budget;
}

function positive(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number, not ${v}`);
  return n;
}

function parseArgs(argv: string[]): Args {
  const [cmd, ...rest] = argv;
  if (cmd !== 'replay' && cmd !== 'conform')
    throw new UsageError(cmd ? `unknown command: ${cmd}` : 'no command given');
  const a: Args = { cmd, inputs: [], backend: 'memfs', json: false, budget: { memoryMb: DEFAULT_MEMORY_MB } };
  for (let i = 0; i < rest.length; i++) {
    const x = rest[i] as string;
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${x} needs a value`);
      return v;
    };
    if (x === '--backend') {
      const b = value();
      if (!isCliBackend(b))
        throw new UsageError(`--backend must be one of ${CLI_BACKENDS.join(', ')}, not ${b}`);
      a.backend = b;
    } else if (x === '--out' && cmd === 'replay') a.out = value();
    else if (x === '--json') a.json = true;
    else if (x === '--timeout') a.budget.timeoutS = positive(x, value());
    else if (x === '--memory') a.budget.memoryMb = positive(x, value());
    else if (x === '--expected' && cmd === 'conform') a.expected = value();
    else if (x === '--filter' && cmd === 'conform') {
      const f = value();
      try {
        a.filter = new RegExp(f);
      } catch (e) {
        throw new UsageError(`--filter: ${(e as Error).message}`);
      }
    } else if (x.startsWith('--')) throw new UsageError(`unknown option for ${cmd}: ${x}`);
    else a.inputs.push(x);
  }
  if (a.inputs.length === 0) throw new UsageError('no scenario file or directory given');
  return a;
}

async function replay(a: Args, thread: ScenarioThread): Promise<number> {
  const files = listScenarioFiles(a.inputs);
  if (!a.out) {
    if (files.length !== 1) throw new UsageError('replay without --out takes exactly one scenario');
    const s = loadScenario(files[0] as string);
    const result = await thread.replay(s, a.backend);
    process.stdout.write(a.json ? JSON.stringify(result, null, 1) + '\n' : formatTranscript(result));
    return 0;
  }
  mkdirSync(a.out, { recursive: true });
  const stopped: string[] = [];
  for (const f of files) {
    const s = loadScenario(f);
    try {
      const result = await thread.replay(s, a.backend);
      writeFileSync(join(a.out, `${s.id}.json`), JSON.stringify(result, null, 1) + '\n');
    } catch (e) {
      if (!(e instanceof ScenarioStopped)) throw e;
      stopped.push(s.id);
      process.stderr.write(`STOPPED ${s.id}: ${e.message}; no result written\n`);
    }
  }
  const written = files.length - stopped.length;
  process.stderr.write(
    `replayed ${written} scenarios into ${a.out}${stopped.length > 0 ? `; ${stopped.length} stopped: ${stopped.join(', ')}` : ''}\n`,
  );
  return stopped.length > 0 ? 1 : 0;
}

async function conform(a: Args, thread: ScenarioThread): Promise<number> {
  const t0 = performance.now();
  const files = listScenarioFiles(a.inputs);
  let passed = 0;
  let failed = 0;
  let structuredSame = 0;
  const verdicts = [];
  for (const f of files) {
    const s = loadScenario(f);
    if (a.filter && !a.filter.test(s.id)) continue;
    const expected = loadExpected(s, a.expected);
    if (!expected) {
      failed++;
      if (!a.json) console.log(`FAIL ${s.id}: no recorded result`);
      continue;
    }
    const v = await conformOne(s, expected, (x, version) => thread.replay(x, a.backend, version));
    verdicts.push(v);
    if (v.pass) passed++;
    else failed++;
    if (!v.structuredDiffers) structuredSame++;
    if (a.json) continue;
    console.log(v.pass ? `PASS ${s.id}` : `FAIL ${s.id}: ${describeVerdict(v)}`);
  }
  if (a.json)
    console.log(JSON.stringify({ backend: a.backend, passed, failed, structuredSame, verdicts }, null, 1));
  else {
    console.log(
      `structured results: ${structuredSame} of ${passed + failed} match (${((performance.now() - t0) / 1000).toFixed(1)} s, ${a.backend})`,
    );
    console.log(`conformance: ${passed} passed, ${failed} failed`);
  }
  return 0;
}

async function main(): Promise<number> {
  let a: Args;
  try {
    a = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`cc-playground: ${e.message}\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  const thread = new ScenarioThread(a.budget);
  try {
    return a.cmd === 'replay' ? await replay(a, thread) : await conform(a, thread);
  } catch (e) {
    if (e instanceof ScenarioStopped) {
      console.error(`cc-playground: the scenario ${e.message}`);
      return 1;
    }
    if (e instanceof UsageError) {
      console.error(`cc-playground: ${e.message}\n${USAGE}`);
      return 2;
    }
    console.error(`cc-playground: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  } finally {
    thread.dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
