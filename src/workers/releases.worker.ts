// The "which releases" worker: replays one scenario under every release (drivers/releases) on
// memfs workspaces of its own, off the page's thread. Bash runs in process here (the worker is
// the thread a busy command may hold); the page ends the worker to cancel.
import { deterministicClock } from '../backends/clock';
import { createMemfsWorkspace } from '../backends/memfs';
import { browserRipgrepLoader } from '../backends/search/loader';
import { createMemfsSearch } from '../backends/search/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import { createPdfjsEngine } from '../backends/pdf/pdfjs';
import { createVipsCodec } from '../backends/image/vips';
import { createWorkerLanguageBackend } from '../backends/lsp/browser';
import type { SweepMessage, SweepRequest } from '../drivers/releases/protocol';
import { sweepReleases } from '../drivers/releases/sweep';
import { withServices, type WorkspaceServices } from '../workspace/types';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.mjs?url';
import vipsWasmUrl from 'wasm-vips/vips.wasm?url';

// The same ports the page's workspaces get (main.tsx), each loaded on its first use.
const services: WorkspaceServices = {
  pdf: createPdfjsEngine({ workerSrc: pdfWorkerUrl }),
  images: createVipsCodec({ wasmUrl: vipsWasmUrl }),
  language: createWorkerLanguageBackend(),
};

const post = (m: SweepMessage) => postMessage(m);

onmessage = async (e: MessageEvent<SweepRequest>) => {
  const { scenario, recordings, deadlineMs } = e.data;
  try {
    const sweep = await sweepReleases(scenario, {
      recordings,
      deadlineMs,
      // Timers skip ahead when nothing else runs, as in the CLI's replays.
      makeWorkspace: () =>
        withServices(
          createMemfsWorkspace({
            clock: deterministicClock(undefined, { skipIdle: true }),
            shell: (vol, clock) => createJustBashShell(vol, clock),
            search: (vol) => createMemfsSearch(vol, browserRipgrepLoader),
          }),
          services,
        ),
      onProgress: (p) => post({ kind: 'progress', ...p }),
    });
    post({ kind: 'done', sweep });
  } catch (err) {
    post({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
  }
};
