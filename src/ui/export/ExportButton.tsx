// "Export HTML": the session as one self-contained HTML file (./html.ts) that shows its model
// calls and recorded results offline and links back to a re-run in the playground. The viewer's
// script and the link codec load on the first export, not with the page.
import { useState } from 'react';
import type { PlaygroundHandle } from '../App';
import { MenuItem, MenuItems } from '../header/Menu';
import { shareBase } from '../deploy/address';
import { download } from '../share/files';
import { exportedSession } from './data';
import { exportHtml } from './html';
import './export.css';

export const htmlFileNameFor = (id: string | undefined) =>
  `${(id ?? 'session').replace(/[^A-Za-z0-9._-]/g, '_')}.html`;

export function ExportButton({
  handle,
}: {
  handle: Pick<PlaygroundHandle, 'scenario' | 'id' | 'history' | 'settings' | 'busy'>;
}) {
  const [error, setError] = useState<string>();
  const { scenario, history, settings, id } = handle;
  const ready = !!scenario && !!history && !!settings && !handle.busy;
  const run = async () => {
    if (!scenario || !history || !settings) return;
    setError(undefined);
    try {
      const [{ default: viewer }, { encodeLinkFragment }] = await Promise.all([
        import('virtual:ccp-export-viewer'),
        import('../share/core'),
      ]);
      const link = `${shareBase()}#${await encodeLinkFragment(scenario)}`;
      const data = exportedSession({
        title: scenario.title ?? id ?? 'session',
        version: settings.version,
        model: settings.model,
        link,
        history,
      });
      download(htmlFileNameFor(id), exportHtml(data, viewer), 'text/html');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <MenuItems menu="share">
        <MenuItem
          onSelect={() => void run()}
          disabled={!ready}
          title="One HTML file that shows this session's results offline, with the link that re-runs it"
        >
          Export HTML
        </MenuItem>
      </MenuItems>
      {error ? (
        <MenuItems menu="notices">
          <span role="alert" className="export-error">
            Export failed: {error}
          </span>
        </MenuItems>
      ) : null}
    </>
  );
}
