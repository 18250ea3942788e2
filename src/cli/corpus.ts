// Loading scenarios and recorded results from disk (Node).
import { isCliBackend } from './backend-names';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DEFAULT_VERSION } from '../profiles';
import { parseResult, parseScenario, type Scenario, type ScenarioResult } from '../scenario/schema';
import { scenarioPathIssues } from '../scenario/materialise';
import { parseUntrustedJson } from '../scenario/untrusted-json';

export interface LoadedScenario {
  id: string;
  file: string;
  scenario: Scenario;
}

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

function readJson(file: string): unknown {
  const read = parseUntrustedJson(readFileSync(file, 'utf8'));
  if (!read.ok) throw new Error(`${file}: ${read.message}`);
  return read.value;
}

export function loadScenario(file: string): LoadedScenario {
  const scenario = parseScenario(readJson(file), file);
  const outside = scenarioPathIssues(scenario);
  if (outside.length > 0)
    throw new Error(`${file}: ${outside.map((i) => `${i.path} ${i.message}`).join('; ')}`);
  return { id: scenario.id ?? basename(file, '.json'), file, scenario };
}

/** The recorded result for a scenario: from the --expected folder when one is given (and only
 * there: a scenario that version did not record has no result, rather than another version's),
 * else the inline `expect`, else the sibling results/<version>/ folder of the corpus. */
export function loadExpected(s: LoadedScenario, expectedDir: string | undefined): ScenarioResult | undefined {
  const version = s.scenario.version ?? DEFAULT_VERSION;
  const candidates = expectedDir
    ? [join(expectedDir, `${s.id}.json`)]
    : [join(dirname(s.file), '..', 'results', version, `${s.id}.json`)];
  if (!expectedDir && s.scenario.expect) return s.scenario.expect;
  for (const f of candidates) if (existsSync(f)) return parseResult(readJson(f), f);
  return undefined;
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
