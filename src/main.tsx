// Browser entry: the only place in the page that chooses a backend.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemfsWorkspace } from './backends/memfs';
import { createMemfsSearch } from './backends/search/memfs';
import { browserRipgrepLoader } from './backends/search/loader';
import { createJustBashShell } from './backends/shell/justbash';
import { App } from './ui/App';
import './ui/app.css';

const makeWorkspace = () =>
  createMemfsWorkspace({
    shell: (vol, clock) => createJustBashShell(vol, clock),
    search: (vol) => createMemfsSearch(vol, browserRipgrepLoader),
  });

const params = new URLSearchParams(location.search);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App
      makeWorkspace={makeWorkspace}
      initialId={params.get('scenario') ?? undefined}
      onOpen={(id) => history.replaceState(null, '', `?scenario=${encodeURIComponent(id)}${location.hash}`)}
    />
  </StrictMode>,
);
