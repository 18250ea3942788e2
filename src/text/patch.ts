// The line-based structuredPatch Claude Code puts in Edit and Write results: jsdiff's
// structuredPatch with 3 lines of context, after leading tabs become two spaces each (what the
// binary does before diffing, so a tab-indented line shows as "-  echo hi").
//
// jsdiff (Myers) costs about (lines × edits): a replace_all over 30,000 lines ran past two
// minutes. Past MAX_EDITS changed lines it is stopped and the diff is made from lines unique to
// both sides as anchors (patience), jsdiff between them with a small bound, and a plain
// replacement of a stretch that is still too different: a correct patch, not always the
// shortest. Below the bound the result is jsdiff's own.
//
// jsdiff on a 5 MB file takes ~300 ms, so the unchanged ends are cut off first and the hunk
// numbers shifted back. The cut keeps jsdiff's answer: jsdiff itself consumes a common prefix
// greedily, and the suffix is cut only at a line that occurs nowhere in the changed middle, so no
// equally short diff can align that line elsewhere (patch.test.ts checks this against plain
// jsdiff on random edits).
import { diffArrays, structuredPatch } from 'diff';

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

/** Edits (lines removed + added) jsdiff may take on a whole window: ~0.5 s at the bound. */
const MAX_EDITS = 1000;
/** The same between two anchors of the fallback. */
const MAX_SEGMENT_EDITS = 200;

/** jsdiff's line hunks with 3 lines of context, or, when the texts differ by more edits than it can
 * find in bounded time, the hunks of an anchored diff (same form, possibly a longer diff). */
export function boundedPatch(a: string, b: string): Hunk[] {
  return jsdiff(a, b);
}

function jsdiff(a: string, b: string): Hunk[] {
  const ta = lineTokens(a);
  const tb = lineTokens(b);
  const p =
    leastEdits(ta, tb) <= MAX_EDITS
      ? structuredPatch('', '', a, b, undefined, undefined, { context: CONTEXT, maxEditLength: MAX_EDITS })
      : undefined;
  if (!p) return hunksOf(anchoredChanges(ta, tb));
  return p.hunks.map((h) => ({
    oldStart: h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    lines: h.lines,
  }));
}

/** A lower bound of the edits between a and b: every line without a partner on the other side
 * is removed or added. When it is past the bound, jsdiff is not tried at all. */
function leastEdits(a: readonly string[], b: readonly string[]): number {
  const left = new Map<string, number>();
  for (const l of a) left.set(l, (left.get(l) ?? 0) + 1);
  let common = 0;
  for (const l of b) {
    const n = left.get(l) ?? 0;
    if (n > 0) {
      common++;
      left.set(l, n - 1);
    }
  }
  return a.length + b.length - 2 * common;
}

/** A run of lines jsdiff reports as one change (lines keep their line ends). */
export interface LineChange {
  lines: string[];
  added: boolean;
  removed: boolean;
}

/** jsdiff's line tokens: each line with its \n or \r\n. */
export function lineTokens(s: string): string[] {
  const parts = s.split(/(\n|\r\n)/);
  if (!parts[parts.length - 1]) parts.pop();
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2) out[out.length - 1] += parts[i] as string;
    else out.push(parts[i] as string);
  }
  return out.filter((t) => t !== '');
}

function push(out: LineChange[], lines: string[], added: boolean, removed: boolean): void {
  if (lines.length === 0) return;
  const last = out[out.length - 1];
  if (last && last.added === added && last.removed === removed) last.lines.push(...lines);
  else out.push({ lines: [...lines], added, removed });
}

/** Pairs [i, j] of lines that occur once in a and once in b, the longest run in order on both
 * sides (patience sorting: O(n log n)). */
function anchors(a: readonly string[], b: readonly string[]): [number, number][] {
  const count = new Map<string, [inA: number, inB: number, atB: number]>();
  a.forEach((l) => {
    const c = count.get(l) ?? [0, 0, -1];
    c[0]++;
    count.set(l, c);
  });
  b.forEach((l, j) => {
    const c = count.get(l);
    if (c) {
      c[1]++;
      c[2] = j;
    }
  });
  const pairs: [number, number][] = [];
  a.forEach((l, i) => {
    const c = count.get(l);
    if (c && c[0] === 1 && c[1] === 1) pairs.push([i, c[2]]);
  });
  // Longest increasing run of b positions: tails[k] ends the best run of length k + 1.
  const tails: number[] = [];
  const before: number[] = [];
  pairs.forEach(([, j], k) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((pairs[tails[mid] as number] as [number, number])[1] < j) lo = mid + 1;
      else hi = mid;
    }
    before[k] = lo > 0 ? (tails[lo - 1] as number) : -1;
    tails[lo] = k;
  });
  const run: [number, number][] = [];
  for (let k = tails.length ? (tails[tails.length - 1] as number) : -1; k !== -1; k = before[k] as number)
    run.push(pairs[k] as [number, number]);
  return run.reverse();
}

/** The line changes from a to b when jsdiff on the whole would take too long. */
export function anchoredChanges(a: readonly string[], b: readonly string[]): LineChange[] {
  const out: LineChange[] = [];
  let i0 = 0;
  let j0 = 0;
  for (const [i, j] of [...anchors(a, b), [a.length, b.length] as [number, number]]) {
    const x = a.slice(i0, i);
    const y = b.slice(j0, j);
    const d = x.length && y.length ? diffArrays(x, y, { maxEditLength: MAX_SEGMENT_EDITS }) : undefined;
    if (d) for (const c of d) push(out, c.value, !!c.added, !!c.removed);
    else {
      push(out, x, false, true);
      push(out, y, true, false);
    }
    if (i < a.length) push(out, [a[i] as string], false, false);
    i0 = i + 1;
    j0 = j + 1;
  }
  return out;
}

/** Hunks with CONTEXT lines, exactly as jsdiff's structuredPatch builds them from its changes. */
export function hunksOf(changes: readonly LineChange[]): Hunk[] {
  const diff = [...changes, { lines: [], added: false, removed: false }];
  const context = (lines: readonly string[]) => lines.map((l) => ` ${l}`);
  const hunks: Hunk[] = [];
  let oldRangeStart = 0;
  let newRangeStart = 0;
  let range: string[] = [];
  let oldLine = 1;
  let newLine = 1;
  diff.forEach((c, i) => {
    if (c.added || c.removed) {
      if (!oldRangeStart) {
        const prev = diff[i - 1];
        oldRangeStart = oldLine;
        newRangeStart = newLine;
        if (prev) {
          range = context(prev.lines.slice(-CONTEXT));
          oldRangeStart -= range.length;
          newRangeStart -= range.length;
        }
      }
      for (const l of c.lines) range.push((c.added ? '+' : '-') + l);
      if (c.added) newLine += c.lines.length;
      else oldLine += c.lines.length;
      return;
    }
    if (oldRangeStart) {
      if (c.lines.length <= CONTEXT * 2 && i < diff.length - 2) range.push(...context(c.lines));
      else {
        const size = Math.min(c.lines.length, CONTEXT);
        range.push(...context(c.lines.slice(0, size)));
        hunks.push({
          oldStart: oldRangeStart,
          oldLines: oldLine - oldRangeStart + size,
          newStart: newRangeStart,
          newLines: newLine - newRangeStart + size,
          lines: range,
        });
        oldRangeStart = 0;
        newRangeStart = 0;
        range = [];
      }
    }
    oldLine += c.lines.length;
    newLine += c.lines.length;
  });
  for (const h of hunks)
    h.lines = h.lines.flatMap((l) =>
      l.endsWith('\n') ? [l.slice(0, -1)] : [l, '\\ No newline at end of file'],
    );
  return hunks;
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
