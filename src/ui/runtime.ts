// Everything heavy the page needs once a session starts (the tool layer, permissions, zod, the
// diff library), loaded with import() so the first paint carries none of it.
import {
  applySettings,
  BLANK_SCENARIO,
  PlaygroundSession,
  settingsOf,
  type SessionSettings,
} from '../drivers/composer';
import { getProfile, RELEASES } from '../profiles';
import { parseResult, parseScenario, type Scenario } from '../scenario/schema';
import { compareResults, type Difference } from '../session/compare';
import { journalFor } from '../session/journal';
import { scenarioOfTouched } from '../share/touched';
import { snapshotFiles as snapshotTree } from '../session/tree';
import type { FileSnapshot } from '../session/engine';
import { ALL_TOOLS } from '../tools/registry';
import type { Workspace } from '../workspace/types';
import { resultJson, scenarioJson } from './corpus';
import { checkSettings } from '../session/settings-check';

export {
  applySettings,
  BLANK_SCENARIO,
  checkSettings,
  getProfile,
  PlaygroundSession,
  RELEASES,
  scenarioOfTouched,
  settingsOf,
};
export type { SessionSettings };

export const TOOL_NAMES = ALL_TOOLS.map((t) => t.name);

export interface Opened {
  play: PlaygroundSession;
  /** Differences from what the real binary recorded; undefined when nothing was recorded or
   * the replay was stopped (a partial replay is compared with nothing). */
  differences?: Difference[];
}

export async function openScenario(
  makeWorkspace: () => Promise<Workspace>,
  id: string,
  signal?: AbortSignal,
): Promise<Opened> {
  const scenario: Scenario = parseScenario(await scenarioJson(id), id);
  const play = await PlaygroundSession.open(makeWorkspace, scenario.id ?? id, scenario, { signal });
  // Compared with the recording of the release it replayed under.
  const recordedJson = await resultJson(id, play.settings.version);
  const recorded = recordedJson === undefined || play.stopped ? undefined : parseResult(recordedJson, id);
  return { play, differences: recorded ? compareResults(recorded, play.result, 'model') : undefined };
}

export function openBlank(
  makeWorkspace: () => Promise<Workspace>,
  settings?: SessionSettings,
  signal?: AbortSignal,
): Promise<PlaygroundSession> {
  return PlaygroundSession.open(
    makeWorkspace,
    'blank',
    settings ? applySettings(BLANK_SCENARIO, settings) : BLANK_SCENARIO,
    { signal },
  );
}

/** Every file of the workspace now (the editor's view after outside edits). */
/** The files now: a view of the workspace's journal where it keeps one (nothing is copied),
 * else a copy of the tree. */
export const snapshotFiles = (ws: Workspace): Promise<FileSnapshot> =>
  ws.changes
    ? Promise.resolve(journalFor(ws.changes, ws.info.root).live())
    : snapshotTree(ws.fs, ws.info.root);

export type Runtime = typeof import('./runtime');
