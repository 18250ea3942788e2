// Loading scenarios and recorded results from disk (Node).
import { isCliBackend } from './backend-names';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { DEFAULT_VERSION, UnknownVersionError } from '../profiles';
import { parseResult, parseScenario, ScenarioError, type Scenario, type ScenarioResult } from '../scenario/schema';
import { scenarioPathIssues } from '../scenario/materialise';
import { asRecordedBy, BASE_FILE, resultHolder, type ResultsBase } from '../scenario/results-chain';
import { parseUntrustedJson } from '../scenario/untrusted-json';

export interface LoadedScenario {
  id: string;
  file: string;
  scenario: Scenario;
}

const JSONL_SUFFIX = '.scenarios.jsonl';

export function listScenarioFiles(inputs: string[]): string[] {
  const files: string[] = [];
  for (const inp of inputs) {
    const st = statSync(inp);
    if (st.isDirectory())
      for (const f of readdirSync(inp).sort()) {
        if (f.endsWith('.json') && !f.startsWith('_')) files.push(join(inp, f));
      }
    else files.push(inp);
  }
  return files;
}

/** JSON text from a scenario or results file (or one line of a JSONL file, `origin` naming it),
 * checked for depth and key names before anything walks it. */
function untrustedJson(text: string, origin: string): unknown {
  const read = parseUntrustedJson(text);
  if (!read.ok) throw new Error(`${origin}: ${read.message}`);
  return read.value;
}

const readJson = (file: string): unknown => untrustedJson(readFileSync(file, 'utf8'), file);

/** A scenario whose paths all land inside its workspace. */
function checkedScenario(json: unknown, origin: string): Scenario {
  const scenario = parseScenario(json, origin);
  const outside = scenarioPathIssues(scenario);
  if (outside.length > 0)
    throw new Error(`${origin}: ${outside.map((i) => `${i.path} ${i.message}`).join('; ')}`);
  return scenario;
}

export function loadScenario(file: string): LoadedScenario {
  const scenario = checkedScenario(readJson(file), file);
  return { id: scenario.id ?? basename(file, '.json'), file, scenario };
}

/** An error that is the input's fault (a scenario that breaks a rule, an unknown release): its
 * message says all, with no stack. */
export const inputFault = (e: Error): boolean => e instanceof ScenarioError || e instanceof UnknownVersionError;

/** Each file loaded on its own: one that cannot be read or checked is set aside, named with its
 * reason, and the others still load. */
export function loadEachScenario(files: string[]): { scenarios: LoadedScenario[]; bad: string[] } {
  const scenarios: LoadedScenario[] = [];
  const bad: string[] = [];
  for (const file of files) {
    try {
      scenarios.push(loadScenario(file));
    } catch (e) {
      bad.push(e instanceof Error ? e.message : String(e));
    }
  }
  return { scenarios, bad };
}

/** The recorded result for a scenario: from the --expected folder when one is given (and only
 * there, unless `chain`: a scenario that version did not record has no result, rather than another
 * version's), else the inline `expect`, else the sibling results/<version>/ folder of the corpus,
 * following `_base.json` to the release a differences-only folder recorded it alike with. */
export function loadExpected(
  s: LoadedScenario,
  expectedDir: string | undefined,
  chain = false,
): ScenarioResult | undefined {
  if (!expectedDir && s.scenario.expect) return s.scenario.expect;
  const folder = expectedDir ?? join(dirname(s.file), '..', 'results', s.scenario.version ?? DEFAULT_VERSION);
  // A folder that holds every result itself is read as it is, whatever its name.
  if (expectedDir && (!chain || !resultsBase(folder))) {
    const f = join(folder, `${s.id}.json`);
    return existsSync(f) ? parseResult(readJson(f), f) : undefined;
  }
  const root = dirname(folder);
  const version = basename(folder);
  const file = (v: string, id: string) => join(root, v, `${id}.json`);
  const holder = resultHolder(s.id, version, (v, id) => existsSync(file(v, id)), (v) => resultsBase(join(root, v)));
  if (holder === undefined) return undefined;
  const f = file(holder, s.id);
  return asRecordedBy(parseResult(readJson(f), f), version);
}

/** A results folder's `_base.json` (undefined for a folder that holds every result itself). */
export function resultsBase(folder: string): ResultsBase | undefined {
  const f = join(folder, BASE_FILE);
  return existsSync(f) ? (readJson(f) as ResultsBase) : undefined;
}

/** A scenario of the generated corpus with the result one version recorded for it. */
export interface GeneratedPair {
  family: string;
  version: string;
  scenario: LoadedScenario;
  expected: ScenarioResult;
}

export interface GeneratedCorpus {
  /** Every scenario, in file order (families in name order). */
  scenarios: (LoadedScenario & { family: string; sha256: string })[];
  /** Scenario x version, for each version with a result for it; versions oldest first. */
  pairs: GeneratedPair[];
  /** Every version with a results file, oldest first. */
  versions: string[];
}

/** The `*.scenarios.jsonl` files named by the inputs (a folder, or such a file); [] when none is
 * (then the inputs are the one-file-per-scenario corpus). */
export function listGeneratedFiles(inputs: string[]): string[] {
  const files: string[] = [];
  for (const inp of inputs) {
    if (inp.endsWith(JSONL_SUFFIX)) files.push(inp);
    else if (existsSync(inp) && statSync(inp).isDirectory())
      for (const f of readdirSync(inp).sort()) if (f.endsWith(JSONL_SUFFIX)) files.push(join(inp, f));
  }
  return files;
}

export const compareVersions = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** Each non-empty line of a JSONL file, parsed; errors name the file and the 1-based line. */
function readJsonl<T>(file: string, parse: (json: unknown, origin: string, line: string) => T): T[] {
  const out: T[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.trim()) continue;
    const origin = `${file}:${i + 1}`;
    out.push(parse(untrustedJson(line, origin), origin, line));
  }
  return out;
}

/** The generated corpus: `<family>.scenarios.jsonl` and, beside it, what each version recorded
 * in `<family>.<version>.jsonl` (a result's `scenario` is the scenario's id). */
export function loadGenerated(files: string[]): GeneratedCorpus {
  const scenarios: GeneratedCorpus['scenarios'] = [];
  const pairs: GeneratedPair[] = [];
  const allVersions = new Set<string>();
  for (const file of files) {
    const family = basename(file, JSONL_SUFFIX);
    const dir = dirname(file);
    const own = readJsonl(file, (json, origin, line) => {
      const scenario = checkedScenario(json, origin);
      if (!scenario.id) throw new Error(`${origin}: a generated scenario needs an id`);
      return {
        id: scenario.id,
        file,
        scenario,
        family,
        sha256: createHash('sha256').update(line).digest('hex'),
      };
    });
    scenarios.push(...own);
    const byVersion: [string, Map<string, ScenarioResult>][] = [];
    for (const f of readdirSync(dir)) {
      const version =
        f.startsWith(`${family}.`) && f.endsWith('.jsonl')
          ? f.slice(family.length + 1, -'.jsonl'.length)
          : '';
      if (!/^\d+\.\d+\.\d+$/.test(version)) continue;
      allVersions.add(version);
      const results = new Map<string, ScenarioResult>();
      for (const r of readJsonl(join(dir, f), (json, origin) => {
        const r = parseResult(json, origin);
        // The file name decides which profile the scenario is replayed under: they must agree.
        if (r.version !== version)
          throw new Error(`${origin}: a result of version ${r.version} in the file of ${version}`);
        return r;
      }))
        results.set(r.scenario, r);
      byVersion.push([version, results]);
    }
    byVersion.sort(([a], [b]) => compareVersions(a, b));
    for (const s of own)
      for (const [version, results] of byVersion) {
        const expected = results.get(s.id);
        // A result recorded from an older form of the scenario is stale: counted as unrecorded.
        if (expected?.scenario_sha256 && expected.scenario_sha256 !== s.sha256) continue;
        if (expected) pairs.push({ family, version, scenario: s, expected });
      }
  }
  return { scenarios, pairs, versions: [...allVersions].sort(compareVersions) };
}

export interface KnownFailure {
  reason: string;
}

/** conformance/known-failures.txt: `<version> <backend> <scenario id> <reason>` per line, `#`
 * comments; keyed by `<version> <backend> <scenario id>`. */
export function parseKnownFailures(text: string): Map<string, KnownFailure> {
  const m = new Map<string, KnownFailure>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const match = line.match(/^(\d+\.\d+\.\d+)\s+(\S+)\s+(\S+)\s+(\S.*)$/);
    if (!match || !isCliBackend(match[2] as string))
      throw new Error(`known-failures.txt: cannot read line: ${line}`);
    m.set(`${match[1]} ${match[2]} ${match[3]}`, { reason: (match[4] as string).trim() });
  }
  return m;
}
