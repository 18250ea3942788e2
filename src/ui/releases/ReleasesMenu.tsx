// The View menu's "Which releases" and "Changelog of the tool layer", and the two views they open.
import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { isKnownVersion, releasesWithResults } from '../../profiles/releases';
import type { Scenario, ScenarioResult } from '../../scenario/schema';
import type { PlaygroundHandle } from '../controller/handle';
import type { SweepController } from '../controller/sweep';
import { scenarioJson } from '../corpus';
import { MenuItem, MenuItems } from '../header/Menu';
import { recordedGalleryResult } from '../share/recorded';
import { ChangelogView } from './ChangelogView';
import { WhichReleasesView } from './WhichReleases';
import './releases.css';

/** What each release recorded of this scenario: a link's own `expect`, and the gallery's
 * recordings (whole corpora and bisection midpoints) while the scenario is the gallery's unchanged. */
async function recordingsFor(id: string | undefined, scenario: Scenario): Promise<Record<string, ScenarioResult>> {
  const out: Record<string, ScenarioResult> = {};
  if (scenario.expect) out[scenario.expect.version] = scenario.expect;
  if (id)
    for (const v of releasesWithResults()) {
      if (out[v]) continue;
      const r = await recordedGalleryResult(id, scenario, v).catch(() => undefined);
      if (r) out[v] = r;
    }
  return out;
}

export function ReleasesMenu({ handle, sweeps }: { handle: PlaygroundHandle; sweeps: SweepController }) {
  const [open, setOpen] = useState<'which' | 'changelog'>();
  const { scenario, id } = handle;
  const run = useCallback(() => {
    if (scenario) sweeps.start(id ?? 'session', scenario, () => recordingsFor(id, scenario));
  }, [scenario, id, sweeps]);
  const close = useCallback(() => {
    sweeps.cancel();
    setOpen(undefined);
  }, [sweeps]);
  const openScenario = useCallback(
    async (sid: string, version: string) => {
      const [{ parseScenario }, json] = await Promise.all([import('../share/core'), scenarioJson(sid)]);
      const parsed = parseScenario(json, sid);
      handle.openScenario(isKnownVersion(version) ? { ...parsed, version } : parsed, sid);
    },
    [handle],
  );
  return (
    <>
      <MenuItems menu="view">
        <MenuItem
          disabled={!scenario || handle.busy}
          title="Replay this session under every release and group the releases by outcome"
          onSelect={() => {
            run();
            setOpen('which');
          }}
        >
          Which releases
        </MenuItem>
        <MenuItem
          title="What changed in the tool layer, release by release"
          onSelect={() => setOpen('changelog')}
        >
          Changelog of the tool layer
        </MenuItem>
      </MenuItems>
      {open === 'which'
        ? createPortal(<WhichReleasesView sweeps={sweeps} onClose={close} onAgain={run} />, document.body)
        : null}
      {open === 'changelog'
        ? createPortal(<ChangelogView onClose={close} onOpen={openScenario} />, document.body)
        : null}
    </>
  );
}
