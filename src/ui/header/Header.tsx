// The page's header: skip links, the product's name and what it is (at every width), the menus
// (Session, Share, Import, View, Help) and the release the session replays. The parts mounted
// into the page (share, import, export, versions, lessons, keys) put their items into the menus
// by name; their notes go to a layer that never moves the toolbar.
import type { ReactNode } from 'react';
import type { SessionController, SessionState } from '../controller/controller';
import { Menu, MenuItem, NoticeLayer } from './Menu';
import './header.css';

/** Moves focus to a region without touching the address (its fragment may hold a share link). */
const skipTo = (selector: string) => (e: React.MouseEvent) => {
  e.preventDefault();
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) return;
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus();
  el.scrollIntoView({ block: 'start' });
};

export interface HeaderProps {
  ctl: SessionController;
  s: SessionState;
  /** Shows the gallery or the files in the side column. */
  onSide: (side: 'gallery' | 'files') => void;
  /** Start over: the entry also forgets the saved session and clears the address. */
  onStartOver?: () => void;
  /** The parts that fill the menus (rendered here, shown where they put themselves). */
  children?: ReactNode;
}

export function Header({ ctl, s, onSide, onStartOver, children }: HeaderProps) {
  const busy = s.status.kind === 'running';
  const play = s.live?.play;
  const settings = play?.settings;
  const versions = s.rt ? s.rt.RELEASES.map((r) => r.version) : [];
  return (
    <header className="top">
      <nav aria-label="Skip links" className="skip-links">
        <a href="#session" onClick={skipTo('.lesson, #session')}>
          Skip to the lesson and session
        </a>
        <a href="#panes" onClick={skipTo('#panes')}>
          Skip to the panes
        </a>
      </nav>
      <div className="brand">
        <h1>cc-playground</h1>
        <p className="tagline">Claude Code’s tools, replayed byte for byte in your browser</p>
      </div>
      <div role="toolbar" aria-label="Playground" className="toolbar">
        <Menu name="session" label="Session">
          <MenuItem onSelect={ctl.openBlank} disabled={busy}>
            Blank workspace
          </MenuItem>
          <MenuItem onSelect={ctl.openLive} disabled={busy}>
            Live model
          </MenuItem>
          <MenuItem
            onSelect={() => {
              ctl.close();
              onSide('gallery');
              onStartOver?.();
            }}
            disabled={!play && s.status.kind === 'idle'}
          >
            Start over
          </MenuItem>
        </Menu>
        <Menu name="share" label="Share" />
        <Menu name="import" label="Import" />
        <Menu name="view" label="View">
          <MenuItem onSelect={() => onSide('gallery')} shortcut="/">
            Gallery
          </MenuItem>
          <MenuItem onSelect={() => onSide('files')} disabled={!play}>
            Files
          </MenuItem>
        </Menu>
        <Menu name="help" label="Help" />
        <label className="release">
          Release
          <select
            value={settings?.version ?? ''}
            disabled={!settings || busy}
            title="The Claude Code release whose behaviour the session replays (re-runs it)"
            onChange={(e) => {
              if (settings) ctl.applySettings({ ...settings, version: e.target.value });
            }}
          >
            {settings ? null : <option value="">none open</option>}
            {versions.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
      </div>
      {children}
      <NoticeLayer />
    </header>
  );
}
