// Replays one scenario under each version, each on a fresh workspace laid out from the same
// scenario (so both start from the same files), and compares each side with what that version
// recorded where a recording applies. Loaded with import() when the view opens.
import type { Scenario, ScenarioResult } from '../../scenario/schema';
import type { ModelCallRecord } from '../../session/engine';
import type { Decision } from '../../permissions/types';
import type { Workspace } from '../../workspace/types';
import { PlaygroundSession } from '../../drivers/composer';
import { PINNED_RELEASES } from '../../profiles/releases';
import { compareResults } from '../../session/compare';
import { recordedGalleryResult } from '../share/recorded';
import { noDecisionText } from '../Panes';
import { alignVersions, type Decisions, type TurnRow } from './align';

export const VERSIONS = PINNED_RELEASES;

/** Whether a side matches the recording of its version. */
export type Recording =
  | { kind: 'none' }
  | { kind: 'matches' }
  | { kind: 'differs'; count: number; first: string };

export interface SideRun {
  version: string;
  model: string;
  /** The scenario names no model: the release ran on its own default. */
  defaultModel: boolean;
  recording: Recording;
  problems: string[];
  stopped: boolean;
}

export interface VersionsComparison {
  sides: [SideRun, SideRun];
  rows: TurnRow[];
}

export const decisionText = (d: Decision | undefined): string | undefined =>
  d && `${d.behavior}${d.rule ? ` — rule ${d.rule.text} from ${d.rule.source}` : ''}`;

const decisionsOf = (history: readonly ModelCallRecord[]): Decisions =>
  history.map((m) => m.calls.map((c) => decisionText(c.decision) ?? noDecisionText(c)));

/** The recording that says something about this scenario under `version`: the gallery's, while
 * the scenario is the gallery's unchanged; else the scenario's own `expect` for that version. */
async function recordingFor(id: string | undefined, scenario: Scenario, version: string) {
  if (scenario.expect && scenario.expect.version === version) return scenario.expect;
  return id ? recordedGalleryResult(id, scenario, version) : undefined;
}

function recordingOf(recorded: ScenarioResult | undefined, actual: ScenarioResult, stopped: boolean): Recording {
  if (!recorded || stopped) return { kind: 'none' };
  const d = compareResults(recorded, actual, 'model');
  return d.length === 0 ? { kind: 'matches' } : { kind: 'differs', count: d.length, first: d[0]?.path ?? '' };
}

export async function compareVersions(
  makeWorkspace: () => Promise<Workspace>,
  id: string | undefined,
  scenario: Scenario,
  signal?: AbortSignal,
): Promise<VersionsComparison> {
  const sides: SideRun[] = [];
  const inputs: { result: ScenarioResult; decisions: Decisions }[] = [];
  // One after the other: two replays at once would compete for the one core the page has.
  for (const version of VERSIONS) {
    // The scenario's model stays as given (unset: each version's own default, as it recorded).
    const play = await PlaygroundSession.open(makeWorkspace, id ?? 'session', { ...scenario, version }, { signal });
    try {
      const recorded = await recordingFor(id, scenario, version);
      sides.push({
        version,
        model: play.settings.model,
        defaultModel: scenario.model === undefined,
        recording: recordingOf(recorded, play.result, play.stopped),
        problems: play.problems,
        stopped: play.stopped,
      });
      inputs.push({ result: play.result, decisions: decisionsOf(play.history) });
    } finally {
      play.session.conversation.tasks.stopAll('page');
      await play.ws.dispose();
    }
  }
  const [a, b] = inputs as [(typeof inputs)[0], (typeof inputs)[0]];
  return { sides: sides as [SideRun, SideRun], rows: alignVersions(a, b) };
}
