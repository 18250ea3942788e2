// What the page lends the parts mounted into it (toolbar items, settings fields, the lesson,
// fork): a view of the controller's session and the actions they may take.
import { useMemo } from 'react';
import type { SessionSettings } from '../../drivers/composer';
import type { ModelCallRecord } from '../../session/engine';
import type { Workspace } from '../../workspace/types';
import type { ComposedCall } from '../Composer';
import type { ShareHandle } from '../share/ShareToolbar';
import type { SessionController, SessionState } from './controller';

/** What a toolbar item or a settings field mounted into the page can see and do (the share
 * toolbar's view of the session, and more). */
export interface PlaygroundHandle extends ShareHandle {
  /** Opens a gallery scenario by id, as a click in the gallery does. */
  openGallery: (id: string) => void;
  selectCall: (i: number) => void;
  selectedCall: number;
  /** A replay, re-run or model call is running. */
  busy: boolean;
  /** The session's model calls as they ran (the one-file export shows them). */
  history?: readonly ModelCallRecord[];
  /** The session's version, model and mode. */
  settings?: SessionSettings;
  /** Starts a blank session on a new workspace that `fill` first fills (an imported project). */
  openFilled: (label: string, fill: (ws: Workspace, signal: AbortSignal) => Promise<void>) => void;
  /** The tool calls of model call `i` as the model sent them (placeholders filled in). */
  toolCalls: (i: number) => ComposedCall[];
  /** Opens tool calls in the composer, to be changed and run as the next model call. */
  draft: (calls: readonly ComposedCall[]) => void;
}

/** The handle for one snapshot of the session. */
export function usePlaygroundHandle(ctl: SessionController, s: SessionState): PlaygroundHandle {
  const { live, rt } = s;
  const play = live?.play;
  const history = play?.history ?? [];
  // An imported project is not put in a link: the files the session touched are.
  // A live session replaces its scenario as the model's words arrive, with no new call: the
  // scenario is a dependency of its own.
  const calls = history.length;
  const playScenario = play?.scenario;
  const shared = useMemo(
    () =>
      play?.imported && rt && playScenario && calls >= 0
        ? rt.scenarioOfTouched(
            playScenario,
            play.history,
            play.history[0]?.filesBefore ?? live?.now ?? new Map(),
            play.ws.info.cwd,
          ).scenario
        : playScenario,
    [play, playScenario, rt, calls, live?.now],
  );
  return {
    scenario: shared,
    id: play?.id,
    edits: live?.edits,
    openScenario: ctl.openScenario,
    openFilled: ctl.openFilled,
    result: live?.stopped ? undefined : play?.resultNow,
    composed: live?.composed,
    openGallery: ctl.openGallery,
    selectCall: ctl.selectCall,
    selectedCall: s.selectedCall,
    busy: s.status.kind === 'running',
    toolCalls: (i) =>
      (history[i]?.calls ?? []).map((c) => ({
        name: c.name,
        input: c.input && typeof c.input === 'object' ? (c.input as Record<string, unknown>) : {},
      })),
    draft: ctl.draft,
    history: play?.history,
    settings: play?.settings,
    projectFiles: play
      ? async () => {
          const dir = play.ws.info.cwd;
          return { files: await ctl.filesNow(play), dir, base: dir.slice(0, dir.lastIndexOf('/')) || '/' };
        }
      : undefined,
  };
}
