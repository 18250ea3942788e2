// Browser entry: the only place in the page that chooses a backend. The backend (memfs,
// just-bash in a worker, ripgrep WASM) is loaded with import() when the first session starts,
// so the first paint carries none of it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { loadRuntime, SessionController } from './ui/controller/controller';
import { BackendSwitch, createBackendChoice } from './ui/webcontainer';
import { bootShare, recordedPrefix, ShareToolbar } from './ui/share';
import { clearSession } from './ui/share/persist';
import {
  LessonPanel,
  LessonsMenu,
  lessonScenarioAtStart,
  startFirstRunIfNew,
  yieldLessonsToLinks,
} from './ui/lessons';
import { loadRecording } from './ui/recording';
import { KeyboardHelp } from './ui/help/KeyboardHelp';
import { Glossary } from './ui/help/Glossary';
import { ensureIsolation, pageIsolationEnv } from './ui/deploy/isolation';
import { ImportPanel } from './ui/import/ImportPanel';
import { VersionsButton } from './ui/versions';
import { Branches, ForkButton } from './ui/fork';
import { ExportButton } from './ui/export/ExportButton';
import { ReleasesMenu, SweepController } from './ui/releases';
import { sweepInWorker } from './workers/releases';
import { withServices, type Workspace, type WorkspaceServices } from './workspace/types';
import { createPdfjsEngine } from './backends/pdf/pdfjs';
import { resultJson, scenarioJson } from './ui/corpus';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.mjs?url';
import vipsWasmUrl from 'wasm-vips/vips.wasm?url';
import { createVipsCodec } from './backends/image/vips';
import { createWorkerLanguageBackend } from './backends/lsp/browser';
import { signalCommands } from './ui/ready';
import './ui/app.css';

type MemfsBackend = [
  typeof import('./backends/memfs'),
  typeof import('./backends/search/memfs'),
  typeof import('./backends/search/loader'),
  typeof import('./backends/shell/worker/browser'),
];
let memfsModules: Promise<MemfsBackend> | undefined;
/** Also called right after the first paint, so a first replay finds the modules loaded. */
const loadMemfs = (): Promise<MemfsBackend> =>
  (memfsModules ??= Promise.all([
    import('./backends/memfs'),
    import('./backends/search/memfs'),
    import('./backends/search/loader'),
    import('./backends/shell/worker/browser'),
  ]));

// The ports every backend's workspace is given. Read renders PDF pages with pdf.js, whose worker
// script is an asset only the page knows; it re-encodes large images with libvips compiled to
// wasm, fetched on the first such image. The LSP tool's TypeScript language service runs in a
// worker started by the first LSP call.
const services: WorkspaceServices = {
  pdf: createPdfjsEngine({ workerSrc: pdfWorkerUrl }),
  images: createVipsCodec({ wasmUrl: vipsWasmUrl }),
  language: createWorkerLanguageBackend(),
};

const makeWorkspace = async (): Promise<Workspace> => {
  const [{ createMemfsWorkspace }, { createMemfsSearch }, { browserRipgrepLoader }, { createBrowserShell }] =
    await loadMemfs();
  const ws = createMemfsWorkspace({
    shell: createBrowserShell,
    search: (vol) => createMemfsSearch(vol, browserRipgrepLoader),
  });
  return withServices(ws, services);
};

/** A shell worker's start (a 1.3 MB script) competes with a first replay on a small machine:
 * start it once the page has been idle a while, so the first Bash call finds it ready. */
const warmShellSoon = (warm: () => void) =>
  setTimeout(() => requestIdleCallback(warm, { timeout: 2000 }), 1500);

// memfs by default; WebContainer when the person picks it in the session settings (its code is
// imported only then). VITE_WEBCONTAINER_API_KEY: StackBlitz's key, where their terms require one.
const backend = createBackendChoice({
  memfs: makeWorkspace,
  load: () => import('./backends/webcontainer/browser'),
  apiKey: import.meta.env.VITE_WEBCONTAINER_API_KEY as string | undefined,
});

// On a host without COOP/COEP headers the service worker adds them from the next load on.
void ensureIsolation(import.meta.env.BASE_URL, pageIsolationEnv());

const params = new URLSearchParams(location.search);
// A scenario named by the URL is replayed at once: start loading the machinery while the
// page boots, not after it.
const named = params.get('scenario');
if (named || location.hash.length > 1) {
  void loadRuntime();
  void loadMemfs();
  // After the replay, the toolbar compares it with the recording: fetch both now, in parallel.
  void import('./ui/share/core');
  if (named) void Promise.all([scenarioJson(named), resultJson(named), loadRecording(named)]).catch(() => undefined);
} else {
  // A lesson opening at start (a first visit) shows its scenario's recording first: fetch it
  // while the page boots, not after the first render.
  const lessonScenario = lessonScenarioAtStart();
  if (lessonScenario) void loadRecording(lessonScenario).catch(() => undefined);
}
// A share link in the fragment, else the session saved in IndexedDB, else ?scenario=.
const boot = await bootShare(location.hash, params.get('scenario') ?? undefined);
// A first visit (no link, no saved session, no scenario named) opens on the first-run lesson.
startFirstRunIfNew(!boot.open && !boot.galleryId && !boot.error);
const session = new SessionController({
  makeWorkspace: async () => signalCommands(withServices(await backend.makeWorkspace(), services)),
  // A chosen scenario replaces what the fragment held (a link, or a damaged one whose error
  // a reload would show again).
  onOpen: (id) => history.replaceState(null, '', `?scenario=${encodeURIComponent(id)}`),
});
yieldLessonsToLinks(boot.open?.source === 'link');
// "Which releases" replays in a worker of its own, always on memfs (it compares tool layers).
const sweeps = new SweepController(sweepInWorker);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App
      session={session}
      preload={() => void loadMemfs().then(([, , , { warmShell }]) => warmShellSoon(warmShell))}
      settingsExtra={(h) => (
        <BackendSwitch
          choice={backend}
          onReady={() => (h.scenario && h.id ? h.openScenario(h.scenario, h.id) : undefined)}
        />
      )}
      initialId={boot.galleryId}
      toolbar={(h) => (
        <>
          {/* Each puts its items into the header's menus, in this order within a menu. */}
          <ShareToolbar
            handle={h}
            boot={boot}
            backend={() => backend.get().backend}
            recorded={recordedPrefix}
          />
          <ExportButton handle={h} />
          <ImportPanel handle={h} load={() => import('./backends/import')} />
          {/* Always on memfs: the comparison is of the tool layers, and it makes two workspaces. */}
          <VersionsButton handle={h} makeWorkspace={makeWorkspace} />
          <ReleasesMenu handle={h} sweeps={sweeps} />
          <KeyboardHelp />
          <Glossary />
          <LessonsMenu />
        </>
      )}
      onStartOver={() => {
        // A reload after Start over opens nothing: the saved session and the address are cleared.
        void clearSession().catch(() => undefined);
        history.replaceState(null, '', location.pathname);
      }}
      guide={(h) => (
        <>
          <LessonPanel handle={h} />
          <Branches handle={h} />
        </>
      )}
      callActions={(h, call) => <ForkButton handle={h} call={call} />}
    />
  </StrictMode>,
);
