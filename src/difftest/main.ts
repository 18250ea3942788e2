// `npm run difftest -- --bin PATH [--bin PATH2] [--n N] [--seed S] [--only DIMENSION] [--jobs J]
//   [--out DIR] [--reduce-budget K] [--max-reduce M] [--backends memfs,disk]`
// Draws N scenarios from the grammar (./dims), records them with the oracle on each binary,
// replays them on each backend, compares as the ratchet does (model projection), reduces every
// divergence by delta debugging (re-recording each candidate) and ends with a table of
// divergence rates per dimension and version. Reduced cases land in <out>/reduced/, in the
// corpus layout (scenarios/, results/<version>/).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { draw, type Drawn } from './grammar';
import { DIMENSIONS } from './dims';
import { reduce } from './reduce';
import type { JsonObject } from './types';
import { loadScenario } from '../cli/corpus';
import { getProfile, type Profile } from '../profiles';
import { conformOne, describeVerdict, inProcess, type Verdict } from '../cli/run';
import { parseResult, type ScenarioResult } from '../scenario/schema';
import { isCliBackend, type CliBackend } from '../cli/backend-names';
import { endedByHook } from './recording';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNNER = join(ROOT, 'oracle/run.mjs');

interface Options {
  bins: string[];
  n: number;
  seed: number;
  only?: string;
  jobs: number;
  out: string;
  reduceBudget: number;
  maxReduce: number;
  backends: CliBackend[];
}

function parse(argv: string[]): Options {
  const o: Partial<Options> & { bins: string[] } = { bins: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    const int = () => {
      const x = Number(v());
      if (!Number.isInteger(x) || x < 0) throw new Error(`${a} needs a whole number`);
      return x;
    };
    if (a === '--bin') o.bins.push(resolve(v()));
    else if (a === '--n') o.n = int();
    else if (a === '--seed') o.seed = int();
    else if (a === '--only') o.only = v();
    else if (a === '--jobs') o.jobs = Math.max(1, int());
    else if (a === '--out') o.out = resolve(v());
    else if (a === '--reduce-budget') o.reduceBudget = int();
    else if (a === '--max-reduce') o.maxReduce = int();
    else if (a === '--backends') {
      const list = v().split(',');
      for (const b of list) if (!isCliBackend(b)) throw new Error(`unknown backend ${b}`);
      o.backends = list as CliBackend[];
    } else throw new Error(`unknown option ${a}`);
  }
  if (!o.bins.length) throw new Error('give --bin PATH (the claude binary), once per version');
  if (o.only && !DIMENSIONS.some(([, d]) => d.name === o.only))
    throw new Error(`--only: one of ${DIMENSIONS.map(([, d]) => d.name).join(', ')}`);
  const seed = o.seed ?? Math.floor(Math.random() * 1e9);
  return {
    bins: o.bins,
    n: o.n ?? 100,
    seed,
    only: o.only,
    jobs: o.jobs ?? 1,
    out: o.out ?? join(ROOT, 'difftest-out', String(seed)),
    reduceBudget: o.reduceBudget ?? 15,
    maxReduce: o.maxReduce ?? 30,
    backends: o.backends ?? ['memfs', 'disk'],
  };
}

/** A release's profile; one the registry does not know yet is taken as the default release's. */
function profileOf(version: string): Profile {
  try {
    return getProfile(version);
  } catch {
    return getProfile();
  }
}

/** The release a binary reports (`claude --version`: "2.1.273 (Claude Code)"). */
function binaryVersion(bin: string): string {
  const out = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const v = /^\d+\.\d+\.\d+/.exec(out.trim())?.[0];
  if (!v) throw new Error(`${bin} --version printed no release: ${out.slice(0, 80)}`);
  return v;
}

/** Runs the oracle; resolves with its stdout. */
function oracle(args: string[]): Promise<string> {
  return new Promise((ok, fail) => {
    const p = spawn(process.execPath, [RUNNER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('close', (code) =>
      code === 0 ? ok(out) : fail(new Error(`oracle exited ${code}: ${err.slice(-500)}`)),
    );
  });
}

const writeJson = (file: string, v: unknown) => writeFileSync(file, JSON.stringify(v, null, 1) + '\n');

async function recordOne(bin: string, file: string): Promise<ScenarioResult> {
  return parseResult(JSON.parse(await oracle(['--bin', bin, file])), file);
}

async function verdictOf(file: string, expected: ScenarioResult, backend: CliBackend): Promise<Verdict> {
  return conformOne(loadScenario(file), expected, inProcess(backend));
}

/** A difference path with indices blanked: what "the same divergence" means while reducing. */
const pathShape = (v: Verdict): string =>
  v.first ? v.first.path.replace(/\d+/g, '#') : v.stopped ? 'stopped' : v.error ? 'crashed' : 'none';

/** The shape of a reduced case: its tools, first command words, and where it differs. */
function caseShape(s: JsonObject, v: Verdict): string {
  const calls = ((s.turns ?? []) as JsonObject[][]).flat();
  const words = calls.map((c) => {
    const cmd = (c.input as JsonObject | undefined)?.command;
    return typeof cmd === 'string' ? `Bash:${cmd.split(/\s+/)[0]}` : String(c.name);
  });
  const rules =
    JSON.stringify((s.settings as JsonObject | undefined)?.permissions ?? {}).length > 2 ? '+rules' : '';
  const hooks = (s.settings as JsonObject | undefined)?.hooks ? '+hooks' : '';
  const sb = s.user_settings ? '+sandbox' : '';
  return `${[...new Set(words)].join(',')}${rules}${hooks}${sb} @ ${pathShape(v)}`;
}

interface Row {
  id: string;
  dims: string[];
  version: string;
  recorded: boolean;
  diverged: Partial<Record<CliBackend, Verdict>>;
  /** Backends whose output matched a second recording though not the first: the binary's own
   * output varies from run to run here (two pipeline stages' errors, a background job's). */
  racy: CliBackend[];
}

/** A divergence is counted only when a second recording of the scenario does not match either:
 * where the binary's own output varies, matching one of its runs is matching the binary. */
async function againstSecondRecording(bin: string, file: string, row: Row): Promise<void> {
  let second: ScenarioResult;
  try {
    second = await recordOne(bin, file);
  } catch {
    return;
  }
  if (second.problems) return;
  for (const backend of Object.keys(row.diverged) as CliBackend[]) {
    if (!(await verdictOf(file, second, backend)).pass) continue;
    delete row.diverged[backend];
    row.racy.push(backend);
    console.log(`  racy in the binary ${row.version} ${backend} ${row.id}: a second recording matches`);
  }
}

async function main(): Promise<number> {
  const o = parse(process.argv.slice(2));
  console.log(`difftest: seed ${o.seed}, n ${o.n}${o.only ? `, only ${o.only}` : ''}, out ${o.out}`);
  const scenDir = join(o.out, 'scenarios');
  mkdirSync(scenDir, { recursive: true });
  const onPath = (prog: string) =>
    (process.env.PATH ?? '').split(':').some((d) => d !== '' && existsSync(join(d, prog)));
  const releases = o.bins.map(binaryVersion);
  const root = process.getuid?.() === 0;
  const skip = new Set<string>();
  for (const [, d] of DIMENSIONS) {
    const lacking = (d.needs ?? []).filter((p) => !onPath(p));
    const old = releases.find((v) => d.unprivilegedOnly?.(profileOf(v)));
    if (lacking.length) console.log(`left out: ${d.name} (this host lacks ${lacking.join(', ')})`);
    else if (root && old)
      console.log(`left out: ${d.name} (${old} records it faithfully only as an unprivileged user)`);
    else continue;
    skip.add(d.name);
  }
  const drawn = Array.from({ length: o.n }, (_, i) => draw(o.seed, i, o.only, skip));
  for (const d of drawn) writeJson(join(scenDir, `${d.scenario.id as string}.json`), d.scenario);

  const rows: Row[] = [];
  const groups = new Map<string, { count: number; example: string }>();
  const reducedDir = join(o.out, 'reduced');
  for (const bin of o.bins) {
    const recDir = join(o.out, 'recorded', String(o.bins.indexOf(bin)));
    // Resumable: a scenario recorded by an earlier run of this seed is not recorded again, unless
    // the grammar has changed it since (the scenario it was recorded from is kept beside it).
    const drawnFrom = join(recDir, 'scenarios');
    const current = (d: Drawn) => {
      const id = d.scenario.id as string;
      if (!existsSync(join(recDir, `${id}.json`))) return false;
      const from = join(drawnFrom, `${id}.json`);
      return !existsSync(from) || readFileSync(from, 'utf8') === `${JSON.stringify(d.scenario, null, 1)}\n`;
    };
    const missing = drawn.filter((d) => !current(d));
    if (missing.length) {
      const t0 = performance.now();
      const batch = join(o.out, 'batch');
      rmSync(batch, { recursive: true, force: true });
      mkdirSync(batch, { recursive: true });
      for (const d of missing) writeJson(join(batch, `${d.scenario.id as string}.json`), d.scenario);
      await oracle(['--bin', bin, '--out', recDir, '--jobs', String(o.jobs), batch]);
      mkdirSync(drawnFrom, { recursive: true });
      for (const d of missing) writeJson(join(drawnFrom, `${d.scenario.id as string}.json`), d.scenario);
      console.log(
        `recorded ${missing.length} with ${bin} in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
    let reductions = 0;
    for (const d of drawn) {
      const id = d.scenario.id as string;
      const file = join(scenDir, `${id}.json`);
      const raw = JSON.parse(readFileSync(join(recDir, `${id}.json`), 'utf8')) as JsonObject;
      const version = String(raw.version);
      const row: Row = {
        id,
        dims: d.dims,
        version,
        recorded: !raw.problems || endedByHook(raw),
        diverged: {},
        racy: [],
      };
      rows.push(row);
      if (!row.recorded) {
        console.log(`  not recorded ${id}: ${JSON.stringify(raw.problems).slice(0, 160)}`);
        continue;
      }
      const expected = parseResult(raw, id);
      for (const backend of o.backends) {
        const v = await verdictOf(file, expected, backend);
        if (!v.pass) {
          row.diverged[backend] = v;
          console.log(`  DIVERGES ${version} ${backend} ${id}: ${describeVerdict(v, 100)}`);
        }
      }
      if (Object.keys(row.diverged).length) await againstSecondRecording(bin, file, row);
      const [backend, first] = Object.entries(row.diverged)[0] ?? [];
      if (!backend || !first || reductions >= o.maxReduce) continue;
      reductions++;
      const want = pathShape(first);
      const work = join(o.out, 'reduce', version, id);
      mkdirSync(work, { recursive: true });
      let k = 0;
      let last: { result: ScenarioResult; verdict: Verdict } = { result: expected, verdict: first };
      const { reduced, checks } = await reduce(
        d.scenario,
        async (c) => {
          const f = join(work, `${k++}.json`);
          writeJson(f, c);
          try {
            const result = await recordOne(bin, f);
            if (result.problems) return false;
            const v = await verdictOf(f, result, backend as CliBackend);
            if (v.pass || pathShape(v) !== want) return false;
            last = { result, verdict: v };
            return true;
          } catch {
            return false;
          }
        },
        o.reduceBudget,
      );
      const rid = `${id}-r`;
      const out = { ...reduced, id: rid };
      mkdirSync(join(reducedDir, 'scenarios'), { recursive: true });
      mkdirSync(join(reducedDir, 'results', version), { recursive: true });
      writeJson(join(reducedDir, 'scenarios', `${rid}.json`), out);
      writeJson(join(reducedDir, 'results', version, `${rid}.json`), { ...last.result, scenario: rid });
      const shape = `${version} ${backend} ${caseShape(reduced, last.verdict)}`;
      const g = groups.get(shape) ?? { count: 0, example: rid };
      g.count++;
      groups.set(shape, g);
      console.log(`  reduced ${id} in ${checks} recordings: ${shape}`);
    }
  }

  const versions = [...new Set(rows.map((r) => r.version))];
  const dims = [...new Set(rows.flatMap((r) => r.dims))].sort();
  const lines = [
    `seed ${o.seed}, n ${o.n}${o.only ? `, only ${o.only}` : ''}`,
    '',
    `| dimension | version | scenarios | recorded | ${o.backends.map((b) => `${b} diverging`).join(' | ')} | racy in the binary |`,
    `|---|---|---|---|${o.backends.map(() => '---').join('|')}|---|`,
  ];
  const pct = (a: number, b: number) => (b ? `${a} (${((100 * a) / b).toFixed(1)}%)` : '0');
  for (const version of versions)
    for (const dim of [...dims, 'all']) {
      const rs = rows.filter((r) => r.version === version && (dim === 'all' || r.dims.includes(dim)));
      const rec = rs.filter((r) => r.recorded);
      lines.push(
        `| ${dim} | ${version} | ${rs.length} | ${rec.length} | ${o.backends.map((b) => pct(rec.filter((r) => r.diverged[b]).length, rec.length)).join(' | ')} | ${rec.filter((r) => r.racy.length).length} |`,
      );
    }
  lines.push('', 'Reduced divergences by shape (version backend tools @ first difference): count, example');
  for (const [shape, g] of [...groups].sort((a, b) => b[1].count - a[1].count))
    lines.push(`- ${g.count}x ${shape}  (${g.example})`);
  const report = lines.join('\n');
  writeFileSync(join(o.out, 'report.md'), report + '\n');
  console.log(`\n${report}\n\nreduced cases: ${reducedDir}`);
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(2);
  },
);
