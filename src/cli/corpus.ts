// Loading scenarios and recorded results from disk (Node).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseResult, parseScenario, type Scenario, type ScenarioResult } from '../scenario/schema';

export interface LoadedScenario {
  id: string;
  file: string;
  scenario: Scenario;
}

export function listScenarioFiles(inputs: string[]): string[] {
  const files: string[] = [];
  for (const inp of inputs) {
    const st = statSync(inp);
    if (st.isDirectory()) for (const f of readdirSync(inp).sort()) { if (f.endsWith('.json') && !f.startsWith('_')) files.push(join(inp, f)); }
    else files.push(inp);
  }
  return files;
}

export function loadScenario(file: string): LoadedScenario {
  const scenario = parseScenario(JSON.parse(readFileSync(file, 'utf8')), file);
  return { id: scenario.id ?? basename(file, '.json'), file, scenario };
}

/** The recorded result for a scenario: inline `expect`, the --expected folder, or the sibling
 * results/<version>/ folder of the corpus. */
export function loadExpected(s: LoadedScenario, expectedDir: string | undefined): ScenarioResult | undefined {
  if (s.scenario.expect) return s.scenario.expect;
  const version = s.scenario.version ?? '2.1.273';
  const candidates = [expectedDir && join(expectedDir, `${s.id}.json`), join(dirname(s.file), '..', 'results', version, `${s.id}.json`)].filter(
    (x): x is string => !!x,
  );
  for (const f of candidates) if (existsSync(f)) return parseResult(JSON.parse(readFileSync(f, 'utf8')), f);
  return undefined;
}
