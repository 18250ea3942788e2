// What a Claude Code transcript's Read reveals of the file it read: the whole text from a full
// view, the text pieced together from partial views that cover it, or (older transcripts, no
// structured result) the numbered text.
import type { TranscriptCall, TranscriptLearner } from '../types';

/** `N\tline` (2.1.x) or `     N→line` (older) numbered Read output -> [line number, text]. */
export function parseNumbered(text: string): [number, string][] | null {
  const out: [number, string][] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)(?:\t|\u2192)(.*)$/s.exec(line);
    if (!m) return null;
    out.push([Number(m[1]), m[2] as string]);
  }
  return out;
}

const rec = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

export function readFromTranscript({ path, input, result: r }: TranscriptCall, l: TranscriptLearner): void {
  if (!path) return;
  const s = r?.structured;
  const file = rec(s?.file);
  if (r && !r.isError && s?.type === 'text' && file && typeof file.content === 'string') {
    const start = Number(file.startLine);
    const whole = start === 1 && Number(file.numLines) >= Number(file.totalLines);
    if (whole) return l.learn(path, file.content, 'line endings as Read shows them (LF)');
    const m = l.pieces(path);
    file.content.split('\n').forEach((line, i) => m.set(start + i, line));
    const total = Number(file.totalLines);
    if (total > 0 && [...Array(total).keys()].every((i) => m.has(i + 1)))
      l.learn(
        path,
        [...Array(total).keys()].map((i) => m.get(i + 1)).join('\n'),
        'pieced together from partial Reads',
      );
    else
      l.unknown(path, `only lines ${[...m.keys()].sort((a, b) => a - b).join(', ')} of ${total} were read`);
  } else if (r && !r.isError && !s) {
    const rows = parseNumbered(r.text);
    if (rows && rows[0]?.[0] === 1 && input.offset === undefined && input.limit === undefined)
      l.learn(path, rows.map((x) => x[1]).join('\n'), 'rebuilt from the numbered Read output');
    else l.unknown(path, 'read only in part, or in a form the importer cannot rebuild');
  } else if (r?.isError && /^(<tool_use_error>)?File does not exist/.test(r.text)) l.learn(path, null);
  else if (r && !r.isError)
    l.unknown(path, `read as ${String(s?.type ?? 'something other than text')} (not rebuilt)`);
  else l.unknown(path, 'its Read failed');
}
