// The PDF port: what Read needs to count and render a PDF's pages. The entry that builds the
// workspace chooses the implementation (Workspace.pdf): pdf.js (src/backends/pdf), which in a
// page runs with its worker script, an asset only the page knows.

export interface PdfEngine {
  /** Number of pages, or undefined when the engine cannot parse the file (Claude Code then
   * sends the whole file as a document anyway: read-probe-pdf-corrupt-header-ok). */
  pageCount(bytes: Uint8Array): Promise<number | undefined>;
  /** JPEG renders of the given 1-based pages. */
  renderJpeg(bytes: Uint8Array, pages: readonly number[]): Promise<Uint8Array[]>;
}
