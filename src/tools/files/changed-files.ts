// The changed-file note: after every model call Claude Code re-checks the files its ledger
// watches (ledger.ts `watched`) and, for each one whose modification time moved and whose text
// differs from what the model last saw, tells the model so with the changed lines. Recorded in
// both versions (ledger probes); the text goes where the model's notices go (a system message,
// or inside the last tool_result for claude-opus-4-6).
import { structuredPatch } from 'diff';
import type { Ledger } from '../../ledger/ledger';
import { decodeUtf8, normaliseNewlines } from '../../text/decode';
import { isFsError, type Vfs } from '../../workspace/types';

/** Lines of context around each change, as the note shows them (a change on line 30 of 60
 * shows lines 22-38). */
const CONTEXT = 8;

/** The new text's lines around each change, numbered `N\t`, hunks joined by `...`. */
export function changedLines(before: string, after: string): string {
  const patch = structuredPatch('a', 'a', before, after, '', '', { context: CONTEXT });
  const lines = after.split('\n');
  return patch.hunks
    .map((h) => {
      // A file that ends in a newline has no line after it; a pure deletion has no new lines.
      const count = Math.min(h.newLines, lines.length - h.newStart + 1);
      return Array.from({ length: count }, (_, i) => `${h.newStart + i}\t${lines[h.newStart - 1 + i]}`).join(
        '\n',
      );
    })
    .join('\n...\n');
}

const NOTE: Wording = {
  lead: 'Note: ',
  tail: " changed on disk since you last read it. That's usually deliberate, so take it as the current state rather than reverting it; if the change looks wrong, say so rather than undoing it yourself — otherwise no need to call it out. Here are the relevant changes (shown with line numbers):\n",
};

type Wording = { lead: string; tail: string };

export function changedFileNote(path: string, snippet: string, wording: Wording = NOTE): string {
  return `${wording.lead}${path}${wording.tail}${snippet}`;
}

/** Notes for the watched files that changed. Each entry whose mtime moved becomes what a whole
 * Read of the new text makes, with a note only when the text differs: no longer watched (a
 * second change is not reported) and, in 2.1.273, a Read of the file right after it is refused
 * as unchanged, also after a bare `touch` (ledger probes and corpus). A deleted file gets no
 * note. */
export async function changedFileNotes(ledger: Ledger, fs: Vfs, wording: Wording = NOTE): Promise<string[]> {
  const notes: string[] = [];
  for (const entry of ledger.list()) {
    if (entry.watched !== true) continue;
    let mtimeMs: number;
    let text: string;
    try {
      const st = await fs.stat(entry.path);
      if (st.type !== 'file' || st.mtimeMs <= entry.mtimeMs) continue;
      mtimeMs = st.mtimeMs;
      text = normaliseNewlines(decodeUtf8(await fs.readFile(entry.path)));
    } catch (e) {
      if (isFsError(e)) continue;
      throw e;
    }
    ledger.set({
      ...entry,
      content: text,
      mtimeMs,
      partial: false,
      offset: undefined,
      limit: undefined,
      via: 'Read',
      detail: 'changed-file note',
      watched: false,
    });
    if (text !== entry.content)
      notes.push(changedFileNote(entry.path, changedLines(entry.content, text), wording));
  }
  return notes;
}
