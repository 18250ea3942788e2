// The line-based structuredPatch Claude Code puts in Edit and Write results: jsdiff's
// structuredPatch with 3 lines of context, after leading tabs become two spaces each (what the
// binary does before diffing, so a tab-indented line shows as "-  echo hi").
//
// jsdiff on a 5 MB file takes ~300 ms, so the unchanged ends are cut off first and the hunk
// numbers shifted back. The cut keeps jsdiff's answer: jsdiff itself consumes a common prefix
// greedily, and the suffix is cut only at a line that occurs nowhere in the changed middle, so no
// equally short diff can align that line elsewhere (patch.test.ts checks this against plain
// jsdiff on random edits).
import { structuredPatch } from 'diff';

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

const CONTEXT = 3;

export function leadingTabsToSpaces(s: string): string {
  return s.includes('\t') ? s.replace(/^\t+/gm, (m) => '  '.repeat(m.length)) : s;
}

function jsdiff(a: string, b: string): Hunk[] {
  const p = structuredPatch('', '', a, b, undefined, undefined, { context: CONTEXT });
  return p.hunks.map((h) => ({
    oldStart: h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    lines: h.lines,
  }));
}

/** Start of the line after the one starting at i (or -1 at the end). */
function nextLine(s: string, i: number): number {
  const n = s.indexOf('\n', i);
  return n === -1 ? -1 : n + 1;
}

interface Window {
  start: number;
  endA: number;
  endB: number;
  /** Lines before `start`. */
  skipped: number;
}

const CHUNK = 4096;

/** Length of the common prefix; chunks compare natively, far faster than charCodeAt on the ropes
 * that string replacement builds. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= n && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common suffix, at most `room`. */
function commonSuffix(a: string, b: string, room: number): number {
  let j = 0;
  while (
    j + CHUNK <= room &&
    a.slice(a.length - j - CHUNK, a.length - j) === b.slice(b.length - j - CHUNK, b.length - j)
  )
    j += CHUNK;
  while (j < room && a.charCodeAt(a.length - 1 - j) === b.charCodeAt(b.length - 1 - j)) j++;
  return j;
}

function window(a: string, b: string): Window | undefined {
  const i = commonPrefix(a, b);
  // Whole common lines only, then back off CONTEXT lines so the hunk keeps its leading context.
  let start = i === 0 ? 0 : a.lastIndexOf('\n', i - 1) + 1;
  for (let k = 0; k < CONTEXT && start > 0; k++) start = start < 2 ? 0 : a.lastIndexOf('\n', start - 2) + 1;

  const j = commonSuffix(a, b, Math.min(a.length, b.length) - start);
  let pa = a.length - j;
  let pb = b.length - j;
  const lineStart = (s: string, p: number) => p === start || s.charCodeAt(p - 1) === 10;
  if (!lineStart(a, pa) || !lineStart(b, pb)) {
    const next = nextLine(a, pa);
    if (next === -1) return undefined;
    pb += next - pa;
    pa = next;
  }
  const middle = new Set<string>();
  const addLines = (s: string, from: number, to: number) => {
    for (let p = from; p < to;) {
      const q = nextLine(s, p);
      const e = q === -1 || q > to ? to : q;
      middle.add(s.slice(p, e));
      p = e;
    }
  };
  addLines(a, start, pa);
  addLines(b, start, pb);
  // Move the cut past any line that also occurs in the middle: such a line could be aligned
  // differently by jsdiff in the whole text.
  for (;;) {
    const q = nextLine(a, pa);
    if (q === -1) return undefined;
    const line = a.slice(pa, q);
    if (!middle.has(line)) break;
    pb += q - pa;
    pa = q;
  }
  // Keep the trailing context, and at least one line after it so the end of the file (and its
  // "No newline" marker) stays out of the diffed window (see above).
  let endA = pa;
  for (let k = 0; k < CONTEXT; k++) {
    const q = nextLine(a, endA);
    if (q === -1 || q >= a.length) return undefined;
    endA = q;
  }
  if (endA === a.length) return undefined;
  let skipped = 0;
  for (let p = a.indexOf('\n'); p !== -1 && p < start; p = a.indexOf('\n', p + 1)) skipped++;
  return { start, endA, endB: pb + (endA - pa), skipped };
}

export function linePatch(oldText: string, newText: string): Hunk[] {
  const a = leadingTabsToSpaces(oldText);
  const b = leadingTabsToSpaces(newText);
  if (a === b) return [];
  const w = window(a, b);
  if (!w || (w.start === 0 && w.endA === a.length)) return jsdiff(a, b);
  return jsdiff(a.slice(w.start, w.endA), b.slice(w.start, w.endB)).map((h) => ({
    ...h,
    oldStart: h.oldStart + w.skipped,
    newStart: h.newStart + w.skipped,
  }));
}

/** jsdiff on the whole texts, without the window (for tests). */
export function linePatchWhole(oldText: string, newText: string): Hunk[] {
  return jsdiff(leadingTabsToSpaces(oldText), leadingTabsToSpaces(newText));
}
