// Read-before-write, shared by Write, Edit and NotebookEdit: does the ledger hold a usable read
// of this path, and has the file changed since? Decisions only; texts are in each render.ts.
import { isPartialView, isWholeRead, type LedgerEntry } from '../../ledger/ledger';
import { stripBom } from '../../text/encoding';
import type { ToolContext } from '../types';

export type ReadState =
  /** A usable read, and the file is as it was then (or the mtime moved but the content did not). */
  | { kind: 'current'; entry: LedgerEntry }
  /** No read at all; the model's rule relaxes it. */
  | { kind: 'unread-relaxed'; entry?: undefined }
  | { kind: 'unread'; entry?: LedgerEntry }
  /** The mtime is newer than the read and the content cannot be shown to be the same (it differs,
   * or the read was a range so there is nothing whole to compare). */
  | { kind: 'stale'; entry: LedgerEntry; reason: 'content' | 'range' };

/** Edit and Write may skip the read for models with the relaxed rule, when Read is offered and
 * reading the file would need no prompt. */
export async function mayRelax(path: string, ctx: ToolContext): Promise<boolean> {
  if (!ctx.profile.relaxedReadBeforeEdit(ctx.model) || !ctx.offered.has('Read')) return false;
  return ctx.permissions.wouldAllow({
    tool: 'Read',
    kind: 'read',
    paths: [path],
    input: { file_path: path },
  });
}

export interface ReadStateOptions {
  /** NotebookEdit is never relaxed and compares mtimes only. */
  relaxable: boolean;
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
  if (!entry)
    return opts.relaxable && (await mayRelax(path, ctx)) ? { kind: 'unread-relaxed' } : { kind: 'unread' };
  // A PARTIAL view blocks Edit and Write for every model, relaxed or not (recorded from 2.1.273).
  if (isPartialView(entry)) return { kind: 'unread', entry: { ...entry } };
  const snapshot = { ...entry };
  if (mtimeMs <= entry.mtimeMs) return { kind: 'current', entry: snapshot };
  if (!opts.compareContent) return { kind: 'stale', entry: snapshot, reason: 'content' };
  if (!isWholeRead(entry)) return { kind: 'stale', entry: snapshot, reason: 'range' };
  // A BOM is not something the model reads, so it does not count as a change.
  if (stripBom(await currentContent()) === stripBom(entry.content))
    return { kind: 'current', entry: snapshot };
  return { kind: 'stale', entry: snapshot, reason: 'content' };
}
