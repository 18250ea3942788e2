// The prompt, the composer, the live model and the session settings under the model calls. They
// need the tool layer's schemas and profiles, so they come in their own chunk, loaded through
// ./LazySession once a session is open: the first view carries none of them.
import type { ReactNode } from 'react';
import { Composer } from './Composer';
import { LivePanel, type LiveHost } from './live/LivePanel';
import { PermissionPromptView } from './PermissionPrompt';
import { SettingsPanel } from './Settings';
import { Tabs } from './Tabs';
import type { SessionColumnProps } from './SessionColumn';

/** The prompt, the composer, the live model and the session settings. */
export function Drivers({
  ctl,
  s,
  tabRefs,
  offeredDefs,
  allDefs,
  children,
}: Pick<SessionColumnProps, 'ctl' | 's' | 'tabRefs' | 'offeredDefs' | 'allDefs'> & { children?: ReactNode }) {
  const { rt, live, asking, driver, preset } = s;
  const play = live?.play;
  const settings = play?.settings;
  if (!rt || !play || !settings) return null;
  const busy = s.status.kind === 'running';
  const liveHost: LiveHost = {
    play,
    tools: offeredDefs,
    busy,
    begin: ctl.begin,
    end: ctl.end,
    runTools: (calls, signal) => ctl.runLiveTools(play, calls, signal),
  };
  return (
    <>
      {asking ? (
        <PermissionPromptView key={asking.prompt.callId} prompt={asking.prompt} onAnswer={asking.answer} />
      ) : null}
      <Tabs<typeof driver>
        label="Driver"
        className="driver-tabs"
        value={driver}
        tabs={[
          { value: 'compose', name: 'Compose' },
          { value: 'live', name: 'Live' },
        ]}
        onPick={ctl.setDriver}
      />
      {/* Kept mounted (hidden) while a prompt is up, so a draft survives the answer. */}
      <div hidden={!!asking || driver !== 'compose'}>
        <Composer
          key={preset?.n ?? 0}
          preset={preset?.calls}
          tools={allDefs}
          offered={play.offered}
          busy={busy}
          onRun={(c) =>
            void ctl.run(c).then((ran) => {
              // Bring the new call into view (the composer may have scrolled the list away).
              if (ran) requestAnimationFrame(() => tabRefs.current[play.history.length - 1]?.focus());
            })
          }
          cwd={play.ws.info.cwd}
        />
      </div>
      {/* Mounted from the first look on, so the key and the live log survive switching. */}
      {s.liveSeen ? (
        <div hidden={driver !== 'live'}>
          <LivePanel host={liveHost} />
        </div>
      ) : null}
      <details className="settings-box">
        <summary>Session settings</summary>
        <SettingsPanel
          key={JSON.stringify(settings) + play.history.length}
          settings={settings}
          versions={rt.RELEASES.map((r) => r.version)}
          toolNames={rt.TOOL_NAMES}
          busy={busy}
          onApply={ctl.applySettings}
          addedRules={play.addedRules}
        />
        {children}
      </details>
    </>
  );
}
