// The line-based structuredPatch Claude Code puts in Edit and Write results: jsdiff's
// structuredPatch with 3 lines of context, after leading tabs become two spaces each (what the
// binary does before diffing, so a tab-indented line shows as "-  echo hi").
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

export function linePatch(oldText: string, newText: string): Hunk[] {
  const p = structuredPatch(
    '',
    '',
    leadingTabsToSpaces(oldText),
    leadingTabsToSpaces(newText),
    undefined,
    undefined,
    { context: CONTEXT },
  );
  return p.hunks.map((h) => ({
    oldStart: h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    lines: h.lines,
  }));
}
