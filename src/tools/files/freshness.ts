// Read-before-write, shared by Write, Edit and NotebookEdit: does the ledger hold a usable read
// of this path, and has the file changed since? Decisions only; texts are in each render.ts.
import { holdsWholeFile, isPartialView, type LedgerEntry } from '../../ledger/ledger';
import { stripBom } from '../../text/encoding';
import type { ToolContext } from '../types';

export type ReadState =
  /** A usable read, and the file is as it was then (or the mtime moved but the content did not). */
  | { kind: 'current'; entry: LedgerEntry }
  /** No usable read (none, or a PARTIAL view for Edit); the model's rule relaxes it. */
  | { kind: 'unread-relaxed'; entry?: LedgerEntry }
  | { kind: 'unread'; entry?: LedgerEntry }
  /** The mtime is newer than the read and the content cannot be shown to be the same (it differs,
   * or the read was a range so there is nothing whole to compare). */
  | { kind: 'stale'; entry: LedgerEntry; reason: 'content' | 'range' };

/** Edit and Write may skip the read for models with the relaxed rule, when Read is offered and
 * the rules, working directories or bypassPermissions let Read have the file (auto and plan
 * mode's leave to read do not count: R-* probes of issue 13). */
export async function mayRelax(path: string, ctx: ToolContext): Promise<boolean> {
  if (!ctx.profile.relaxedReadBeforeEdit(ctx.model) || !ctx.offered.has('Read')) return false;
  // A notebook is never written unread: an existing .ipynb (any case, any content) is refused
  // as unread; .json, .png, .pdf, .txt are relaxed (dt-files-21212121-68-r and its variants, 2.1.332).
  if (/\.ipynb$/i.test(path)) return false;
  return ctx.permissions.wouldAllow({
    tool: 'Read',
    kind: 'read',
    paths: [path],
    input: { file_path: path },
    rulesOnly: true,
  });
}

export interface ReadStateOptions {
  /** Whether the relaxed rule may stand in for a missing read (Edit, Write; never NotebookEdit). */
  relaxable: boolean;
  /** Whether it may also stand in for a PARTIAL view: yes for Edit, no for Write, which could
   * lose the unseen rest of the file (recorded from 2.1.273). */
  relaxPartialView: boolean;
  /** NotebookEdit compares mtimes only. */
  compareContent: boolean;
}

export async function readState(
  path: string,
  mtimeMs: number,
  currentContent: () => Promise<string>,
  ctx: ToolContext,
  opts: ReadStateOptions,
): Promise<ReadState> {
  const entry = ctx.ledger.get(path);
  const snapshot = entry ? { ...entry } : undefined;
  if (!snapshot || isPartialView(snapshot)) {
    const relax = opts.relaxable && (!snapshot || opts.relaxPartialView) && (await mayRelax(path, ctx));
    return relax ? { kind: 'unread-relaxed', entry: snapshot } : { kind: 'unread', entry: snapshot };
  }
  if (mtimeMs <= snapshot.mtimeMs) return { kind: 'current', entry: snapshot };
  if (!opts.compareContent) return { kind: 'stale', entry: snapshot, reason: 'content' };
  if (!holdsWholeFile(snapshot)) return { kind: 'stale', entry: snapshot, reason: 'range' };
  // A BOM is not something the model reads, so it does not count as a change.
  if (stripBom(await currentContent()) === stripBom(snapshot.content))
    return { kind: 'current', entry: snapshot };
  return { kind: 'stale', entry: snapshot, reason: 'content' };
}
