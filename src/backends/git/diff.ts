// git's unified diff text (`diff --git`, index line, hunks with function context) for one file.
import { boundedPatch } from '../../text/patch';

export interface DiffSide {
  /** null: the file does not exist on this side. */
  bytes: Uint8Array | null;
  mode: string | null;
  oid: string;
}

export const ZERO_OID = '0000000000000000000000000000000000000000';

export function abbrev(oid: string): string {
  return oid.slice(0, 7);
}

const decoder = new TextDecoder();

/** git's binary test: a NUL byte in the first 8000 bytes. */
export function isBinary(b: Uint8Array): boolean {
  const n = Math.min(b.length, 8000);
  for (let i = 0; i < n; i++) if (b[i] === 0) return true;
  return false;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** xdiff's default function-name rule: the nearest earlier line starting with a letter, `_` or
 * `$`, cut to 80 bytes, trailing blanks dropped. */
function funcContext(oldLines: string[], hunkStart: number): string {
  for (let i = hunkStart - 2; i >= 0; i--) {
    const l = oldLines[i] ?? '';
    if (/^[A-Za-z_$]/.test(l)) {
      const bytes = new TextEncoder().encode(l).slice(0, 80);
      return decoder.decode(bytes).replace(/\s+$/, '');
    }
  }
  return '';
}

function range(start: number, count: number): string {
  const s = count === 0 ? start - 1 : start;
  return count === 1 ? `${s}` : `${s},${count}`;
}

export function hunksText(oldText: string, newText: string): string {
  const oldLines = splitLines(oldText);
  let out = '';
  for (const h of boundedPatch(oldText, newText)) {
    const fn = funcContext(oldLines, h.oldStart);
    out += `@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@${fn === '' ? '' : ` ${fn}`}\n`;
    for (const l of h.lines) out += `${l}\n`;
  }
  return out;
}

export function fileDiff(path: string, a: DiffSide, b: DiffSide): string {
  let out = `diff --git a/${path} b/${path}\n`;
  if (a.bytes === null && b.mode !== null) out += `new file mode ${b.mode}\n`;
  else if (b.bytes === null && a.mode !== null) out += `deleted file mode ${a.mode}\n`;
  else if (a.mode !== b.mode) out += `old mode ${a.mode}\nnew mode ${b.mode}\n`;
  if (a.oid === b.oid) return out;
  const sameMode = a.bytes !== null && b.bytes !== null && a.mode === b.mode;
  out += `index ${abbrev(a.bytes === null ? ZERO_OID : a.oid)}..${abbrev(b.bytes === null ? ZERO_OID : b.oid)}${sameMode ? ` ${a.mode}` : ''}\n`;
  const oldBytes = a.bytes ?? new Uint8Array(0);
  const newBytes = b.bytes ?? new Uint8Array(0);
  const from = a.bytes === null ? '/dev/null' : `a/${path}`;
  const to = b.bytes === null ? '/dev/null' : `b/${path}`;
  if (isBinary(oldBytes) || isBinary(newBytes)) return out + `Binary files ${from} and ${to} differ\n`;
  out += `--- ${from}\n+++ ${to}\n`;
  return out + hunksText(decoder.decode(oldBytes), decoder.decode(newBytes));
}

/** Inserted and deleted line counts, as `--stat` and commit summaries count them. */
export function lineStats(
  a: Uint8Array | null,
  b: Uint8Array | null,
): { insertions: number; deletions: number } {
  const oldBytes = a ?? new Uint8Array(0);
  const newBytes = b ?? new Uint8Array(0);
  if (isBinary(oldBytes) || isBinary(newBytes)) return { insertions: 0, deletions: 0 };
  let insertions = 0;
  let deletions = 0;
  for (const h of boundedPatch(decoder.decode(oldBytes), decoder.decode(newBytes)))
    for (const l of h.lines) {
      if (l.startsWith('+')) insertions++;
      else if (l.startsWith('-')) deletions++;
    }
  return { insertions, deletions };
}
