// Read outcome -> exactly what Claude Code sends the model (wording per profile), and the stream-json
// `tool_use_result` (structured) beside it.
import type { Attachment, ContentBlock, Rendered, ToolContext } from '../types';
import { numberLines } from '../../text/lines';
import { formatFileSize } from '../../text/size';
import { notebookBlocks } from './notebook';
import type { EncodingNote, ReadOutcome, Truncation } from './read';

/** Refusals from input validation are wrapped; errors thrown while reading are not. */
const validationError = (text: string): Rendered => ({ is_error: true, content: `<tool_use_error>${text}</tool_use_error>`, structured: `Error: ${text}` });
const callError = (text: string): Rendered => ({ is_error: true, content: text, structured: `Error: ${text}` });

const RANGE_HINT = 'Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.';

function partialNotice(path: string, t: Truncation, shownLines: number, totalLines: number, ctx: ToolContext): string {
  const hint = ctx.profile.text.allowLargeHint ? ` ${ctx.profile.text.allowLargeHint}` : '';
  const named = ctx.profile.partialNoticeLeadsResult ? '' : `${path}: `;
  if (t.mode === 'chars') {
    return `[Truncated: PARTIAL view — ${named}showing the first ${t.shownChars} of ${t.totalChars} characters (${t.tokens} tokens, cap ${t.cap}); this file has very long lines and cannot be paginated by line. Use Grep to find a specific section, or Read with offset/limit to page through it.${hint} Do NOT answer from this excerpt alone if the answer may be elsewhere in the file.]`;
  }
  return `[Truncated: PARTIAL view — ${named}showing lines 1-${shownLines} of ${totalLines} total (${t.tokens} tokens, cap ${t.cap}). Call Read with offset=${shownLines + 1} limit=${shownLines} for the next page, or Grep to find a specific section.${hint} Do NOT answer from this page alone if the answer may be further in the file.]`;
}

/** A size or token-cap refusal: the range hint, and where the version has it, allow_large. */
const tooBig = (head: string, ctx: ToolContext, rangeHint = true, size = 0): Rendered => {
  const budget = ctx.profile.readAllowLargeBudgetBytes;
  const last = budget !== undefined && size > budget ? ctx.profile.text.allowLargeTooBig : ctx.profile.text.allowLargeHint;
  return callError([head, rangeHint ? RANGE_HINT : undefined, last].filter((x) => x !== undefined).join(' '));
};

// What versions with encoding notes append to a text file they cannot show faithfully.
const ENCODING_NOTES: Record<EncodingNote, string> = {
  utf16be:
    '[This file is UTF-16 big-endian (it starts FE FF), which these tools cannot write. Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]',
  nul: '[This file has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a byte-order mark, or text with embedded NULs. Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]',
  'invalid-utf8':
    '[This file is not valid UTF-8: it uses a legacy encoding such as Windows-1252, Shift-JIS or GBK, or it is binary. Its undecodable bytes show above as U+FFFD. Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]',
};

export function renderRead(o: ReadOutcome, ctx: ToolContext): Rendered {
  return renderOutcome(o, ctx);
}

function renderOutcome(o: ReadOutcome, ctx: ToolContext): Rendered {
  switch (o.kind) {
    case 'text': {
      const lines = numberLines(o.lines, o.startLine);
      const numbered = o.encodingNote ? `${lines}\n\n${ENCODING_NOTES[o.encodingNote]}` : lines;
      const file: Record<string, unknown> = { filePath: o.inputPath, content: o.content, numLines: o.lines.length, startLine: o.startLine, totalLines: o.totalLines };
      if (o.truncation) file.truncatedByTokenCap = true;
      const notice = o.truncation ? partialNotice(o.path, o.truncation, o.lines.length, o.totalLines, ctx) : undefined;
      // The notice folds into this Read's own result even when it is not the last of the
      // message (read-probe4-strict-partial-not-last: the slow read finishes last).
      if (ctx.profile.partialNoticeLeadsResult && notice !== undefined)
        return { is_error: false, content: `<system-reminder>${notice}</system-reminder>\n\n${numbered}`, structured: { type: 'text', file } };
      if (ctx.profile.noticePlacement(ctx.model) === 'inline' && notice !== undefined) {
        return { is_error: false, content: `${numbered.trimEnd()}\n\n<system-reminder>\n${notice}\n</system-reminder>`, structured: { type: 'text', file } };
      }
      const rendered: Rendered = { is_error: false, content: numbered, structured: { type: 'text', file } };
      if (notice !== undefined) rendered.attachments = [{ role: 'system', type: 'text', text: notice }];
      return rendered;
    }
    case 'empty':
      return {
        is_error: false,
        content: '<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>',
        structured: { type: 'text', file: { filePath: o.inputPath, content: '', numLines: 1, startLine: o.startLine, totalLines: 1 } },
      };
    case 'past-end':
      return {
        is_error: false,
        content: `<system-reminder>Warning: the file exists but is shorter than the provided offset (${o.offset}). The file has ${o.totalLines} lines.</system-reminder>`,
        structured: { type: 'text', file: { filePath: o.inputPath, content: '', numLines: 0, startLine: o.offset, totalLines: o.totalLines } },
      };
    case 'unchanged':
      return {
        is_error: false,
        content: 'Wasted call — file unchanged since your last Read. Refer to that earlier tool_result instead.',
        structured: { type: 'file_unchanged', file: { filePath: o.inputPath } },
      };
    case 'missing': {
      const hint = o.suggestion ? ` Did you mean ${o.suggestion.text}?` : '';
      return callError(`File does not exist. Note: your current working directory is ${o.cwd}.${hint}`);
    }
    case 'is-directory':
      // The text names the path, then every occurrence of where it leads is replaced by the path
      // itself: `sub/` comes out as `sub//` (read-directory-trailing-slash), and /proc/self/root
      // (leading to /) has each of its slashes replaced by itself, as recorded.
      return callError(`EISDIR: illegal operation on a directory, read '${o.path}'`.split(o.realpath).join(o.path));
    case 'fs-error':
      return callError(o.message);
    case 'binary-extension':
      return validationError(`This tool cannot read binary files. The file appears to be a binary ${o.ext} file. ${ctx.profile.text.binaryFileAdvice}`);
    case 'too-large': {
      const quirk = ctx.profile.readHugeFileSize;
      const size = quirk && o.size >= quirk.from ? quirk.shown : o.size;
      return tooBig(`File content (${formatFileSize(size)}) exceeds maximum allowed size (${formatFileSize(256 * 1024)}).`, ctx, true, o.size);
    }
    case 'nul-in-path':
      return validationError(ctx.profile.text.nulPathRefusal ?? '');
    case 'range-too-large':
      return tooBig(
        `The requested line range contains over ${formatFileSize(o.cap)} of text, more than a read can return. Use a smaller limit — or, if a single line is this large, no limit will fit it: search for specific content instead.`,
        ctx,
        false,
      );
    case 'too-many-tokens':
      return tooBig(`File content (${o.tokens} tokens) exceeds maximum allowed tokens (${o.cap}).`, ctx);
    case 'image': {
      const d = o.dimensions;
      const attachments: Attachment[] = [];
      if (d && (d.displayWidth !== d.originalWidth || d.displayHeight !== d.originalHeight)) {
        const factor = (d.originalWidth / d.displayWidth).toFixed(2);
        attachments.push({
          role: 'user',
          type: 'text',
          text: `[Image: original ${d.originalWidth}x${d.originalHeight}, displayed at ${d.displayWidth}x${d.displayHeight}. Multiply coordinates by ${factor} to map to original image.]`,
        });
      }
      const file: Record<string, unknown> = { base64: o.base64, type: o.mediaType, originalSize: o.originalSize };
      if (d) file.dimensions = d;
      const rendered: Rendered = {
        is_error: false,
        content: [{ type: 'image', source: { type: 'base64', data: o.base64, media_type: o.mediaType } }],
        structured: { type: 'image', file },
      };
      if (attachments.length > 0) rendered.attachments = attachments;
      return rendered;
    }
    case 'image-empty':
      return callError(`Image file is empty: ${o.path}`);
    case 'not-an-image':
      return callError(
        `File has an image extension but its content is not a valid PNG/JPEG/GIF/WebP. Detected: ${o.detected}. This usually means a download saved an error/login page instead of the image. Use \`file "${o.path}"\` to confirm, or read it as text with Bash (e.g. \`head -c 500\`).`,
      );
    case 'notebook': {
      const structured = { type: 'notebook', file: { filePath: o.inputPath, cells: o.cells } };
      if (o.cells.length === 0) return { is_error: false, content: '(Read completed with no output)', structured };
      return { is_error: false, content: notebookBlocks(o.cells), structured };
    }
    case 'notebook-invalid':
      return callError(`Notebook file is not valid JSON (it may be truncated, corrupted, or still being written): ${o.detail}`);
    case 'notebook-not-jupyter':
      return callError(
        'Notebook file is not a valid Jupyter notebook (top-level "cells" must be an array of cell objects, each with a string or string-array "source").',
      );
    case 'pdf':
      return {
        is_error: false,
        content: [
          { type: 'text', text: `PDF file read: ${o.path} (${formatFileSize(o.originalSize)})` },
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: o.base64 } },
        ],
        structured: { type: 'pdf', file: { filePath: o.inputPath, base64: o.base64, originalSize: o.originalSize } },
      };
    case 'pdf-pages':
      return {
        is_error: false,
        content: [
          { type: 'text', text: `PDF pages extracted: ${o.images.length} page(s) from ${o.path} (${formatFileSize(o.originalSize)})` },
          ...o.images.map((data): ContentBlock => ({ type: 'image', source: { type: 'base64', data, media_type: 'image/jpeg' } })),
        ],
        structured: { type: 'parts', file: { filePath: o.inputPath, originalSize: o.originalSize, outputDir: o.outputDir, count: o.images.length }, firstPage: o.firstPage },
      };
    case 'pdf-empty':
      return callError(`PDF file is empty: ${o.path}`);
    case 'pdf-too-large':
      return callError('PDF file exceeds maximum allowed size of 20MB.');
    case 'device':
      return validationError(`Cannot read '${o.path}': ${ctx.profile.text.deviceRefusal}`);
    case 'pdf-corrupt':
      return callError('PDF file is corrupted or invalid.');
    case 'pdf-no-header':
      return callError(`File is not a valid PDF (missing %PDF- header): ${o.path}`);
    case 'pdf-too-many-pages':
      return callError(
        `This PDF has ${o.pageCount} pages, which is too many to read at once. Use the pages parameter to read specific page ranges (e.g., pages: "1-5"). Maximum 20 pages per request.`,
      );
    case 'pdf-pages-invalid':
      return validationError(`Invalid pages parameter: "${o.pages}". ${ctx.profile.text.invalidPagesAdvice}`);
    case 'pdf-pages-too-many':
      return validationError(`Page range "${o.pages}" exceeds maximum of 20 pages per request. Please use a smaller range.`);
    case 'pdf-pages-outside': {
      const upTo = Math.min(o.pageCount, 20);
      return callError(
        `Requested ${o.first === o.last ? `page ${o.first}` : `pages ${o.first}-${o.last}`} is outside the document (PDF has ${o.pageCount} pages). Use a range within 1-${o.pageCount}, maximum 20 pages per request (e.g. pages: "1-${upTo}").`,
      );
    }
  }
}
