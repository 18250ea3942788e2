// Share, export, import and persistence for the playground session: items of the header's
// Share and Import menus plus a layer of cards (link errors, a click before a link runs a shell
// on real Node, the session import dialog). Where a replay and its recording part ways is the page's match badge
// (../Divergence.tsx). Everything a link or a file brings is shown as text, never as HTML.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Scenario, ScenarioResult } from '../../scenario/schema';
import { looksLikeLink } from '../../share/looks';
import type { BackendName } from '../../workspace/types';
import type { ShareBoot } from './boot';
import { markSaved } from '../ready';
import { copyText, download, fileNameFor, readTextFile } from './files';
import { ExportProject, type ProjectFiles } from './ExportProject';
import { ImportSessionDialog } from './ImportSessionDialog';
import { saveSession, type OutsideEdit } from './persist';
import { shareBase } from '../deploy/address';
import { MenuItem, MenuItems } from '../header/Menu';

// The codec, zod and the profiles load when first needed, not with the first paint.
const core = () => import('./core');
const LINK_CHAR_BUDGET = 2000;
const MAX_SCENARIO_FILE = 4 * 1024 * 1024;
import './share.css';

/** What the share toolbar needs from the page (App's PlaygroundHandle fits). */
export interface ShareHandle {
  scenario?: Scenario;
  id?: string;
  /** Outside edits since the last model call (the next one takes them into the scenario). */
  edits?: readonly OutsideEdit[];
  /** `edits`: outside edits to make again once the scenario is replayed (a saved session). */
  openScenario: (scenario: Scenario, id: string, edits?: readonly OutsideEdit[]) => void;
  /** The session's result so far: the replay's and every model call run since (the issue's actual text). */
  result?: ScenarioResult;
  /** False while the session is a gallery scenario as recorded (not saved; its address replays it). */
  composed?: boolean;
  /** The project's files now, for Export's zip. */
  projectFiles?: () => Promise<ProjectFiles>;
}

export interface ShareToolbarProps {
  handle: ShareHandle;
  boot?: ShareBoot;
  /** The backend new sessions run on; on a real-Node one a link that runs a shell waits for a click. */
  backend?: () => BackendName;
  /** The recorded result of a gallery scenario, for "expected" in the issue. */
  recorded?: (id: string, scenario: Scenario) => Promise<ScenarioResult | undefined>;
  /** Milliseconds between the last change and the autosave. */
  autosaveMs?: number;
}

type Pending = { scenario: Scenario; id: string; why: string; edits?: readonly OutsideEdit[] };
type Notice = { kind: 'ok' | 'warn' | 'error'; text: string; link?: string; offerExport?: boolean };
type Shared = { title: string; description?: string };
/** A session opened from a link in the address (ShareToolbar's fromLink). */
type LinkOpened = { id: string; opened?: Scenario };
type Admit = (
  scenario: Scenario,
  id: string,
  runsShell: boolean,
  origin: string,
  edits?: readonly OutsideEdit[],
) => void;

export function ShareToolbar({ handle, boot, backend, recorded, autosaveMs = 300 }: ShareToolbarProps) {
  const [linkError, setLinkError] = useState<string | undefined>(boot?.error);
  const [pending, setPending] = useState<Pending>();
  const [notice, setNotice] = useState<Notice>();
  const [issueText, setIssueText] = useState<string>();
  const [importOpen, setImportOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  /** A session opened from a link in the address: the address keeps the link until the session
   * changes (then a reload must restore the saved session, not the link). */
  const fromLink = useRef<LinkOpened>(undefined);
  const [shared, setShared] = useState<Shared>();
  const openRef = useRef(handle.openScenario);
  openRef.current = handle.openScenario;

  /** Opens a scenario from a link or file, unless it must wait for a click first. */
  const admit: Admit = useCallback(
    (scenario: Scenario, id: string, runsShell: boolean, origin: string, edits?: readonly OutsideEdit[]) => {
      const b = backend?.() ?? 'memfs';
      if (runsShell && (b === 'webcontainer' || b === 'disk')) {
        setPending({
          scenario,
          id,
          edits,
          why: `This ${origin} runs shell commands (Bash calls, shell actions or git setup). On the ${b} backend they run on real Node, so it waits for you.`,
        });
        return;
      }
      setLinkError(undefined);
      openRef.current(scenario, id, edits);
    },
    [backend],
  );

  const openedLink = useCallback((linked: Scenario, linkId: string) => {
    fromLink.current = { id: linkId };
    setShared({ title: linked.title ?? linkId, description: linked.description });
  }, []);

  useLinkOpening(boot, admit, openedLink, setLinkError);

  // Fetch the codec once the page is idle, so a link pasted later is checked at once.
  useEffect(() => {
    const t = setTimeout(() => void core(), 500);
    return () => clearTimeout(t);
  }, []);

  const { scenario, id, edits, composed } = handle;
  useAutosave(fromLink, { scenario, id, edits, composed }, autosaveMs);

  // The file carries what the link carries (format, behaviour version, model), so it replays the same.
  const exportFile = async () => {
    if (!scenario) return;
    const { stampScenario } = await core();
    download(fileNameFor(id), `${JSON.stringify(stampScenario(scenario), null, 2)}\n`);
    setNotice({ kind: 'ok', text: `Saved ${fileNameFor(id)}.` });
  };

  const copyLink = async () => {
    if (!scenario) return;
    setNotice(await copiedLink(scenario));
  };

  const copyIssue = async () => {
    if (!scenario) return;
    const issue = await copiedIssue(scenario, id, handle.result, recorded);
    setIssueText(issue.md);
    setNotice(issue.notice);
  };

  const importFile = async (file: File) => setNotice(await openedFile(file, admit));

  return (
    <>
      <MenuItems menu="share">
        <MenuItem onSelect={() => void copyLink()} disabled={!scenario}>
          Copy link
        </MenuItem>
        <MenuItem onSelect={() => void copyIssue()} disabled={!scenario}>
          Copy as GitHub issue
        </MenuItem>
        <MenuItem onSelect={() => void exportFile()} disabled={!scenario}>
          Export scenario
        </MenuItem>
        {handle.projectFiles ? <ExportProject project={handle.projectFiles} /> : null}
      </MenuItems>
      <MenuItems menu="import">
        <MenuItem onSelect={() => fileInput.current?.click()}>Import scenario</MenuItem>
        <MenuItem onSelect={() => setImportOpen(true)}>Import Claude Code session</MenuItem>
      </MenuItems>
      <input
        ref={fileInput}
        className="share-hidden"
        type="file"
        accept=".json,application/json"
        aria-label="Scenario file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void importFile(f);
        }}
      />
      <div className="share-layer">
        {linkError ? <LinkErrorCard error={linkError} onDismiss={() => setLinkError(undefined)} /> : null}
        {shared ? <SharedCard shared={shared} onClose={() => setShared(undefined)} /> : null}
        {pending ? (
          <PendingCard
            pending={pending}
            onRun={() => {
              openRef.current(pending.scenario, pending.id, pending.edits);
              setPending(undefined);
            }}
            onCancel={() => setPending(undefined)}
          />
        ) : null}
        {notice ? (
          <NoticeCard
            notice={notice}
            issueText={issueText}
            onExport={() => void exportFile()}
            onClose={() => {
              setNotice(undefined);
              setIssueText(undefined);
            }}
          />
        ) : null}
        {importOpen ? (
          <ImportSessionDialog
            onClose={() => setImportOpen(false)}
            onReplay={(s, sid) => {
              setImportOpen(false);
              admit(s, sid, false, 'session');
            }}
          />
        ) : null}
      </div>
    </>
  );
}

/** Copies the session's link, unless it is too long to paste safely; what to tell the person. */
async function copiedLink(scenario: Scenario): Promise<Notice> {
  const link = `${shareBase()}#${await (await core()).encodeLinkFragment(scenario)}`;
  if (link.length > LINK_CHAR_BUDGET)
    return {
      kind: 'warn',
      text: `This link is ${link.length.toLocaleString('en-US')} characters, over the ${LINK_CHAR_BUDGET.toLocaleString('en-US')} that paste safely into issues and chats. Share the scenario file instead.`,
      link,
      offerExport: true,
    };
  const copied = await copyText(link);
  return {
    kind: 'ok',
    text: copied
      ? `Link copied (${link.length} characters).`
      : 'The browser did not allow copying; copy the link below.',
    link,
  };
}

/** The first session (link or saved), once; then links pasted into the address bar. */
function useLinkOpening(
  boot: ShareBoot | undefined,
  admit: Admit,
  openedLink: (linked: Scenario, linkId: string) => void,
  setLinkError: (error: string) => void,
): void {
  const booted = useRef(false);
  useEffect(() => {
    if (!booted.current) {
      booted.current = true;
      if (boot?.open) {
        if (boot.open.source === 'link') openedLink(boot.open.scenario, boot.open.id);
        admit(boot.open.scenario, boot.open.id, boot.open.runsShell, 'link', boot.open.edits);
      }
    }
    const onHash = () => {
      if (!looksLikeLink(location.hash)) return;
      const hash = location.hash;
      void core().then(async (c) => {
        const d = await c.decodeLinkFragment(hash);
        if (!d.ok) {
          setLinkError(c.describeLinkError(d.error));
          return;
        }
        openedLink(d.value.scenario, c.idForLink(d.value.scenario));
        admit(d.value.scenario, c.idForLink(d.value.scenario), d.value.runsShell, 'link');
      });
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [boot, admit, openedLink]);
}

/** Autosave, debounced: the session's scenario holds its files, settings and every turn so
 * far; outside edits since the last model call go beside it. Leaving the page saves at once.
 * A gallery scenario as recorded is not saved: its `?scenario=` address replays it, and saving
 * it would overwrite the person's own session. Once the person changes the session, the address
 * stops naming a gallery scenario, so a reload restores the saved session. */
function useAutosave(
  fromLink: RefObject<LinkOpened | undefined>,
  { scenario, id, edits, composed }: Pick<ShareHandle, 'scenario' | 'id' | 'edits' | 'composed'>,
  autosaveMs: number,
): void {
  useEffect(() => {
    if (!scenario || !id || composed === false) return;
    if (new URLSearchParams(location.search).has('scenario'))
      history.replaceState(null, '', `${location.pathname}${location.hash}`);
    const link = fromLink.current;
    if (link && link.opened === undefined && id === link.id && !edits?.length) link.opened = scenario;
    else if (link && (link.opened !== scenario || edits?.length)) {
      fromLink.current = undefined;
      if (looksLikeLink(location.hash))
        history.replaceState(null, '', `${location.pathname}${location.search}`);
    }
    const save = () => {
      clearTimeout(t);
      window.removeEventListener('pagehide', save);
      void saveSession(id, scenario, edits)
        .then(() => markSaved(id, scenario.turns.length, edits?.length ?? 0))
        .catch(() => undefined);
    };
    const t = setTimeout(save, autosaveMs);
    window.addEventListener('pagehide', save);
    return () => {
      clearTimeout(t);
      window.removeEventListener('pagehide', save);
    };
  }, [scenario, id, edits, composed, autosaveMs]);
}

function LinkErrorCard({ error, onDismiss }: { error: string; onDismiss: () => void }) {
  return (
    <div role="alert" aria-label="Link error" className="share-card error">
      <h3>The link could not be opened</h3>
      <p>{error}</p>
      <p className="muted">The current session was left as it was.</p>
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

// A note, not a status or a heading: the session's own heading names the scenario and
// the run status is the page's one live region.
function SharedCard({ shared, onClose }: { shared: Shared; onClose: () => void }) {
  return (
    <aside aria-label="Opened link" className="share-card">
      <p className="share-card-title">{shared.title}</p>
      {shared.description ? <p>{shared.description}</p> : null}
      <p className="muted">Opened from a shared link.</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </aside>
  );
}

/** A link or file that runs a shell on real Node waits for this click. */
function PendingCard({
  pending,
  onRun,
  onCancel,
}: {
  pending: Pending;
  onRun: () => void;
  onCancel: () => void;
}) {
  return (
    <div role="alertdialog" aria-label="Run shared scenario" className="share-card warn">
      <h3>Run “{pending.scenario.title ?? pending.id}”?</h3>
      <p>{pending.why}</p>
      <div className="row">
        <button type="button" onClick={onRun}>
          Run it
        </button>
        <button type="button" onClick={onCancel}>
          Don’t run
        </button>
      </div>
    </div>
  );
}

/** What a share action did: the link or the issue text to copy by hand, and Export when the link
 * is too long. */
function NoticeCard({
  notice,
  issueText,
  onExport,
  onClose,
}: {
  notice: Notice;
  issueText: string | undefined;
  onExport: () => void;
  onClose: () => void;
}) {
  return (
    <div role="status" aria-label="Share" className={`share-card ${notice.kind === 'ok' ? '' : notice.kind}`}>
      <p>{notice.text}</p>
      {notice.link ? (
        <input
          type="text"
          readOnly
          aria-label="Share link"
          value={notice.link}
          onFocus={(e) => e.target.select()}
        />
      ) : null}
      {issueText ? <textarea readOnly aria-label="GitHub issue markdown" rows={8} value={issueText} /> : null}
      <div className="row">
        {notice.offerExport ? (
          <button type="button" onClick={onExport}>
            Export scenario file
          </button>
        ) : null}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

/** Copies the session as a GitHub issue (its link, the actual result and the expected one); the
 * text, and what to tell the person. */
async function copiedIssue(
  scenario: Scenario,
  id: string | undefined,
  actual: ScenarioResult | undefined,
  recorded: ShareToolbarProps['recorded'],
): Promise<{ md: string; notice: Notice }> {
  const c = await core();
  const link = `${shareBase()}#${await c.encodeLinkFragment(scenario)}`;
  const expected = scenario.expect ?? (id && recorded ? await recorded(id, scenario) : undefined);
  const md = c.issueMarkdown({
    scenario,
    actual,
    expected,
    link,
    fileName: fileNameFor(id),
  });
  const copied = await copyText(md);
  return {
    md,
    notice: {
      kind: link.length > LINK_CHAR_BUDGET ? 'warn' : 'ok',
      text: `${copied ? 'Issue text copied' : 'Copy the issue text below'}${link.length > LINK_CHAR_BUDGET ? `; the link is over ${LINK_CHAR_BUDGET.toLocaleString('en-US')} characters, so attach the scenario file` : ''}.`,
      offerExport: link.length > LINK_CHAR_BUDGET,
    },
  };
}

/** Opens a scenario file (checked as a link is), or says why not. */
async function openedFile(file: File, admit: Admit): Promise<Notice> {
  const r = await readTextFile(file, MAX_SCENARIO_FILE);
  if (!r.ok) return { kind: 'error', text: r.message };
  const { checkScenarioJson, describeLinkError } = await core();
  const c = checkScenarioJson(r.text);
  if (!c.ok)
    return {
      kind: 'error',
      text: `${file.name}: ${describeLinkError(c.error).replace(/^This link/, 'This file')}`,
    };
  admit(
    c.value.scenario,
    c.value.scenario.id ?? file.name.replace(/(\.scenario)?\.json$/, ''),
    c.value.runsShell,
    'scenario file',
  );
  return { kind: 'ok', text: `Opened ${file.name}.` };
}
