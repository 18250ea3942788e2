// Read outcome -> one or two sentences for people: which rule shaped the result.
import type { ReadOutcome } from './read';

export function explainRead(o: ReadOutcome): string {
  switch (o.kind) {
    case 'text': {
      const n = o.lines.length;
      if (o.truncation?.mode === 'lines')
        return `The whole-file read came to ${o.truncation.tokens} tokens, over the ${o.truncation.cap}-token cap, so Read sent the first ${n} of ${o.totalLines} lines (about 85% of the cap) with a PARTIAL-view notice; the ledger marks it as a partial view, which Edit and Write do not accept as a read.`;
      if (o.truncation?.mode === 'chars')
        return `The file came to ${o.truncation.tokens} tokens, over the ${o.truncation.cap}-token cap, and not even its first line fits, so Read sent the first ${o.truncation.shownChars} characters with a PARTIAL-view notice.`;
      if (n < o.totalLines)
        return `Read returned lines ${o.startLine}–${o.startLine + n - 1} of ${o.totalLines} as asked (offset/limit), numbered, and recorded the range in the ledger.`;
      return `Read returned all ${o.totalLines} lines, numbered from ${o.startLine} (a trailing newline shows as an empty last line; Claude Code applies no 2000-line default when the file fits the caps), and recorded the file in the ledger.`;
    }
    case 'empty':
      return 'The file is empty, so Read sends a warning instead of lines (and records the read).';
    case 'past-end':
      return `The offset ${o.offset} is past the last of the file's ${o.totalLines} lines, so Read sends a warning with the line count.`;
    case 'unchanged':
      return `The ledger holds a Read of this path with the same offset and limit (${o.prior.callId}) and the file's mtime has not changed: this release's repeat-read guard refuses to send it again (it compares the mtime only, not the content).`;
    case 'missing':
      if (o.suggestion?.by === 'reanchor') return 'No file at this path; the path lies under the parent of the working directory and the same relative path exists under it, so Read suggests that.';
      if (o.suggestion?.by === 'stem') return 'No file at this path; a sibling has the same name without its extension, so Read suggests it.';
      return o.triedScreenshot
        ? 'No file at this path, nor under the screenshot name with the other space before AM/PM; Read only names the working directory.'
        : 'No file at this path and no suggester matched; Read only names the working directory.';
    case 'is-directory':
      return 'The path is a directory; Claude Code passes the raw EISDIR error through, without a <tool_use_error> wrapper.';
    case 'fs-error':
      return `The filesystem refused the path (${o.code}); Read passes the raw error through.`;
    case 'binary-extension':
      return `The ${o.ext} extension is on Claude Code's binary list, so input validation refuses the call before the file is opened (even when it does not exist).`;
    case 'too-large':
      return `A read without a limit is refused when the file is over 256 KB (this one is ${o.size} bytes), offset or not; a limit skips this check.`;
    case 'nul-in-path':
      return 'The path holds a NUL byte, which no file name can; input validation refuses it.';
    case 'range-too-large':
      return `The requested lines hold more than ${o.cap} bytes, more than any read returns whatever the token cap; a smaller limit would pass this check.`;
    case 'too-many-tokens':
      return `The requested range comes to ${o.tokens} tokens, over the ${o.cap}-token cap; with an explicit offset or limit Read errors instead of sending a PARTIAL view.`;
    case 'image': {
      const d = o.dimensions;
      const search = 'a JPEG: quality 90 first, then five steps of a binary search over qualities 1-89 keeping the best that fits';
      if (d && (d.displayWidth !== d.originalWidth || d.displayHeight !== d.originalHeight))
        return `The image is over 2000 pixels a side (or, in versions with a patch budget, over 4761 patches of 28 pixels), so Claude Code scales it to ${d.displayWidth}x${d.displayHeight} (Lanczos-3, src/text/image-resize.ts) and re-encodes it in its own kind: a PNG or GIF becomes an RGBA PNG, a JPEG a JPEG of quality 80, a WebP a WebP; one still over 512,000 bytes becomes ${search}. It adds a note with the scale. Here it went out as ${o.mediaType}; a scaled JPEG is not byte for byte the binary's yet (its scaled pixels were not matched).`;
      if (o.originalSize > 512_000) return `The file is over 512,000 bytes, so Claude Code re-encodes it as ${search} (a JPEG source skips the first try).`;
      return `The file is an ${o.mediaType} image (by its magic number, not its extension) within the size limits and of at most 512,000 bytes, sent unchanged as an image block.`;
    }
    case 'image-empty':
      return 'The file has an image extension but no bytes.';
    case 'not-an-image':
      return `The file has an image extension but its first bytes are not an image signature (${o.detected}).`;
    case 'notebook':
      return `A .ipynb file is read as ${o.cells.length} cells with their outputs (offset and limit are ignored), and recorded in the ledger.`;
    case 'notebook-invalid':
      return 'The notebook is not valid JSON, so Read reports the parse error (worded as Bun\'s JavaScriptCore words it) and records no read.';
    case 'notebook-not-jupyter':
      return 'The notebook is JSON but not a notebook Read can show: "cells" must be an array of objects, each with a string or string-array "source". No read is recorded.';
    case 'pdf':
      return 'A PDF of at most 10 pages is sent whole as a document block.';
    case 'pdf-pages':
      return `The pages ${o.firstPage}–${o.firstPage + o.images.length - 1} are rendered to JPEG images (Claude Code uses pdftoppm; this playground uses pdf.js, so the image bytes differ).`;
    case 'pdf-empty':
      return 'The PDF file has no bytes.';
    case 'pdf-too-large':
      return 'A PDF read whole may not be over 20 MB; the pages parameter reads parts of it.';
    case 'device':
      return 'The path is a device that would block or never end (like /dev/zero); input validation refuses it by name.';
    case 'pdf-corrupt':
      return 'The file starts like a PDF but its pages cannot be rendered.';
    case 'pdf-no-header':
      return 'The file does not start with %PDF-, so it is not read as a PDF.';
    case 'pdf-too-many-pages':
      return `The PDF has ${o.pageCount} pages; over 10 pages Read requires the pages parameter.`;
    case 'pdf-pages-invalid':
      return 'The pages parameter does not parse as N or N-M with 1 ≤ N ≤ M; input validation refuses it for any file type.';
    case 'pdf-pages-too-many':
      return 'The pages parameter asks for more than 20 pages (an open range like "3-" counts as unlimited).';
    case 'pdf-pages-outside':
      return `The first requested page is past the end of the ${o.pageCount}-page PDF.`;
  }
}
