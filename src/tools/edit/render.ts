// Edit outcome -> exactly what Claude Code sends the model (wording per profile).
import type { Rendered, ToolContext } from '../types';
import {
  checkCrash,
  CURRENT_SUFFIX,
  MODIFIED,
  refusal,
  symlinkRefusal,
  thrown,
  UNREAD,
} from '../files/render';
import { ENCODING_REFUSAL_TEXT } from '../files/errors';
import { hadWholeFile, type EditError, type EditOutcome } from './edit';

export const STALE_NOTE =
  '(note: the file had been modified on disk since you last read it — the edit applied cleanly, but the file contains other changes not in your context. Read it before edits that depend on surrounding content.)';

export const ESCAPES_NOTE =
  '(note: Edit also tried swapping \\uXXXX escapes and their characters; neither form matched, so the mismatch is likely elsewhere in old_string. Re-read the file and copy the exact surrounding text.)';

export function editErrorText(e: EditError): string {
  switch (e.code) {
    case 'no-change':
      return 'No changes to make: old_string and new_string are exactly the same.';
    case 'missing':
      return `File does not exist. Note: your current working directory is ${e.cwd}.${e.hint ? ` Did you mean ${e.hint}?` : ''}`;
    case 'exists':
      return 'Cannot create new file - file already exists.';
    case 'notebook':
      return 'File is a Jupyter Notebook. Use the NotebookEdit to edit this file.';
    case 'utf16be':
    case 'nul-bytes':
    case 'legacy-encoding':
      return ENCODING_REFUSAL_TEXT[e.code];
    case 'unread':
      return UNREAD;
    case 'stale':
      return MODIFIED;
    case 'not-found':
      return `String to replace not found in file.\nString: ${e.oldString}${e.triedEscapes ? `\n${ESCAPES_NOTE}` : ''}`;
    case 'ambiguous':
      return `Found ${e.count} matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: ${e.oldString}`;
  }
}

/** Whether the model had the whole file before this edit, as far as the profile's suffix rule
 * asks (versions without the rule always say so). */
function wholeFileInContext(o: Extract<EditOutcome, { kind: 'edited' }>, ctx: ToolContext): boolean {
  return !ctx.profile.editSuffixNeedsWholeFile || hadWholeFile(o);
}

export function renderEdit(o: EditOutcome, ctx: ToolContext): Rendered {
  switch (o.kind) {
    case 'refused':
      return refusal(editErrorText(o.error));
    case 'check-error':
      return checkCrash('Edit', o.message);
    case 'symlink':
      return thrown(symlinkRefusal(o, ctx));
    case 'io-error':
      return thrown(o.message);
    case 'no-op':
      return thrown('String not found in file. Failed to apply edit.');
    case 'call-refused':
      return thrown(o.code === 'unread' ? UNREAD : MODIFIED);
    case 'edited': {
      const head = o.replaceAll
        ? `The file ${o.inputPath} has been updated. All occurrences were successfully replaced.`
        : `The file ${o.inputPath} has been updated successfully.`;
      const structured: Record<string, unknown> = {
        filePath: o.inputPath,
        oldString: o.oldString,
        newString: o.newString,
        originalFile: o.originalFile,
        structuredPatch: o.patch,
        userModified: false,
        replaceAll: o.replaceAll,
      };
      if (o.staleRecovered) structured.staleRecovered = true;
      const whole = wholeFileInContext(o, ctx);
      // Versions with the whole-file rule also flag it in the SDK result.
      if (ctx.profile.editSuffixNeedsWholeFile && (o.staleRecovered || !whole)) structured.contentNotInModelContext = true;
      return {
        is_error: false,
        content: o.staleRecovered ? `${head} ${STALE_NOTE}` : whole ? `${head} ${CURRENT_SUFFIX}` : head,
        structured,
      };
    }
  }
}
