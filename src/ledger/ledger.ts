// The conversation-local read ledger (DESIGN §3.3): what the model has seen of each file, and
// when. Edit, Write and NotebookEdit consult it; Read's repeat guard consults it; Bash reads and
// writes update it. Entries are values; the UI shows them after every model call.

export type LedgerVia = 'Read' | 'Bash' | 'Write' | 'Edit' | 'NotebookEdit';

export interface LedgerEntry {
  /** Absolute, normalised path. */
  path: string;
  /** The content the model has in context (normalised to LF, as Claude Code keeps it). */
  content: string;
  /** mtime of the file when it was read or written (ms). */
  mtimeMs: number;
  /** Read's offset and limit when the read was a range; undefined for a whole-file read. */
  offset?: number;
  limit?: number;
  /** True when the model saw only part of the file (a PARTIAL view or a range). */
  partial: boolean;
  /** A whole-file Read cut short with a PARTIAL view notice. Edit and Write treat such a file
   * as unread (a ranged Read, by contrast, counts as a read). */
  partialView?: boolean;
  via: LedgerVia;
  /** `content` is the whole file though the model saw only part of it (a Bash grep, which
   * scans the whole file): a later change of the mtime alone is told apart by comparing, while
   * the model is not told its context holds the file (ledger probes, both versions). */
  wholeContent?: boolean;
  /** Claude Code checks this file after every model call and tells the model when it changed
   * on disk (the changed-file note): entries made by Edit, Write, and a Bash `cat` or `grep` of
   * one file, not by Read, head, tail or `sed -n` (ledger probes). The note's own refresh of
   * the entry is not watched again. */
  watched?: boolean;
  /** Finer detail of how it was read, e.g. the Bash command. */
  detail?: string;
  /** The tool call that made this entry. */
  callId: string;
}

/** Only a PARTIAL view makes a file count as unread: a whole-file Read cut at the default line
 * limit (partial, no notice) still counts, as in Claude Code. */
export function isPartialView(e: LedgerEntry): boolean {
  return e.partialView === true;
}

/** The model saw the whole file, so its content can stand in for an unchanged file. */
export function isWholeRead(e: LedgerEntry): boolean {
  return !e.partial && e.offset === undefined && e.limit === undefined;
}

/** The entry's content is the whole file as it was, so it can be compared with the file now. */
export function holdsWholeFile(e: LedgerEntry): boolean {
  return isWholeRead(e) || e.wholeContent === true;
}

export class Ledger {
  private readonly entries = new Map<string, LedgerEntry>();

  get(path: string): LedgerEntry | undefined {
    return this.entries.get(path);
  }

  set(entry: LedgerEntry): void {
    this.entries.set(entry.path, entry);
  }

  delete(path: string): void {
    this.entries.delete(path);
  }

  /** Entries in path order, for the UI and snapshots. */
  list(): LedgerEntry[] {
    return [...this.entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  snapshot(): LedgerEntry[] {
    return this.list().map((e) => ({ ...e }));
  }
}
