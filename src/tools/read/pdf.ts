// PDFs: the `pages` parameter grammar. The engine that counts and renders pages is a port
// (Workspace.pdf, src/workspace/pdf.ts).

export interface PageRange {
  first: number;
  /** Infinity for an open range ("3-"). */
  last: number;
}

/** Claude Code's reading of `pages`: "3", "1-5", "3-" (open, so over the 20-page limit);
 * numbers are read like parseInt ("1,2" is page 1). Undefined when invalid. */
export function parsePages(pages: string): PageRange | undefined {
  const t = pages.trim();
  if (t === '') return undefined;
  const num = (s: string) => {
    const n = Number.parseInt(s, 10);
    return Number.isNaN(n) || n < 1 ? undefined : n;
  };
  if (t.endsWith('-')) {
    const first = num(t.slice(0, -1));
    return first === undefined ? undefined : { first, last: Infinity };
  }
  const dash = t.indexOf('-');
  if (dash === -1) {
    const p = num(t);
    return p === undefined ? undefined : { first: p, last: p };
  }
  const first = num(t.slice(0, dash));
  const last = num(t.slice(dash + 1));
  if (first === undefined || last === undefined || last < first) return undefined;
  return { first, last };
}

export const MAX_PAGES_PER_REQUEST = 20;
/** Above this many pages a PDF must be read with `pages`. */
export const MAX_PAGES_WHOLE = 10;
