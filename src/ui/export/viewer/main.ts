// Entry of the one-file export's viewer (bundled on its own by the `ccp-export-viewer` Vite
// plugin, inlined in the file): reads the embedded session and renders it.
import type { ExportedSession } from '../data';
import { renderSession } from './render';

const root = document.getElementById('root');
const data = document.getElementById('ccp-session')?.textContent;
if (root && data) {
  try {
    renderSession(root, JSON.parse(data) as ExportedSession);
  } catch (e) {
    root.textContent = `This export could not be shown: ${e instanceof Error ? e.message : String(e)}`;
  }
}
// The same readiness signal as the playground's (src/ui/ready.ts): rendered, keys heard.
document.documentElement.dataset.ready = '1';
