// Replaying a scenario in the page: a fresh in-memory workspace per replay, the same session
// engine and permission wiring as the CLI.
import type { ModelCallRecord } from '../session/engine';
import { replayScenario } from '../session/replay';
import { createPermissions } from '../session/wiring';
import { compareResults, type Difference } from '../session/compare';
import type { Scenario, ScenarioResult } from '../scenario/schema';
import { ALL_TOOLS } from '../tools/registry';
import type { Workspace } from '../workspace/types';

export interface PageReplay {
  id: string;
  calls: ModelCallRecord[];
  result: ScenarioResult;
  workspace: Workspace;
  /** Differences from what the real binary recorded; undefined when nothing was recorded. */
  differences?: Difference[];
  problems: string[];
}

export async function replayInPage(
  makeWorkspace: () => Workspace,
  id: string,
  scenario: Scenario,
  recorded: ScenarioResult | undefined,
): Promise<PageReplay> {
  const ws = makeWorkspace();
  const { result, session, problems } = await replayScenario(ws, scenario, id, { tools: ALL_TOOLS, permissions: createPermissions });
  return {
    id,
    calls: session.history,
    result,
    workspace: ws,
    differences: recorded ? compareResults(recorded, result, 'model') : undefined,
    problems,
  };
}
