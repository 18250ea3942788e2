// The same model calls under two versions, aligned call by call: what the model received on
// each side (exact text, is_error), the permission decision, and the model call's attachments,
// with what differs named and a character-level diff of the exact text. Pure: the replays are
// made elsewhere (./run.ts); this only compares their normalised results.
import { diffChars, diffLines } from 'diff';
import type { ScenarioResult } from '../../scenario/schema';

/** One side's view of a tool call. */
export interface SideCall {
  id: string;
  tool: string;
  /** The exact text the model received (text blocks joined; other blocks as JSON). */
  text: string;
  /** The content as a value, compared whole (an image block's bytes included). */
  content: unknown;
  is_error: boolean;
  /** The permission decision in words ("allow", "deny — rule Bash(rm:*) from project"). */
  decision: string;
}

/** A piece of a diff: the same on both sides, or only on this side. */
export interface Segment {
  text: string;
  changed: boolean;
}

export type Aspect = 'text' | 'is_error' | 'decision' | 'missing';

export interface CallRow {
  turn: number;
  index: number;
  left?: SideCall;
  right?: SideCall;
  differs: Aspect[];
  /** The exact text of each side cut into same / changed pieces (only where the text differs). */
  segments?: { left: Segment[]; right: Segment[]; granularity: 'chars' | 'lines' | 'whole' };
}

export interface TurnRow {
  turn: number;
  calls: CallRow[];
  /** The system messages attached to the model call, one text per side. */
  attachments: { left: string; right: string; differs: boolean };
}

/** The decision of one call, per model call and call index (from the session's history). */
export type Decisions = readonly (readonly (string | undefined)[])[];

export interface SideInput {
  result: ScenarioResult;
  decisions: Decisions;
}

/** Text blocks as the model reads them; any other block as its JSON (an image is bytes). */
export function exactText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((b: unknown) =>
        b && typeof b === 'object' && (b as { type?: unknown }).type === 'text' && typeof (b as { text?: unknown }).text === 'string'
          ? (b as { text: string }).text
          : JSON.stringify(b),
      )
      .join('\n');
  return JSON.stringify(content) ?? '';
}

const attachmentText = (list: readonly Record<string, unknown>[]): string =>
  list.map((a) => (typeof a.text === 'string' ? `${String(a.role ?? 'system')}: ${a.text}` : JSON.stringify(a))).join('\n\n');

/** Character diff when it can be had quickly; a line diff for large or very different texts
 * (Myers' diff is quadratic in the number of edits). */
export function diffSegments(a: string, b: string): NonNullable<CallRow['segments']> {
  const chars = a.length + b.length <= 200_000 ? diffChars(a, b, { timeout: 200 }) : undefined;
  const parts = chars ?? diffLines(a, b, { timeout: 500 });
  // Too different to diff in time: each side whole, marked.
  if (!parts)
    return { left: [{ text: a, changed: true }], right: [{ text: b, changed: true }], granularity: 'lines' };
  const left: Segment[] = [];
  const right: Segment[] = [];
  for (const p of parts) {
    if (!p.added) left.push({ text: p.value, changed: !!p.removed });
    if (!p.removed) right.push({ text: p.value, changed: !!p.added });
  }
  // Two texts that share little come out of a character diff as confetti: each is marked whole.
  const shared = left.reduce((n, s) => n + (s.changed ? 0 : s.text.length), 0);
  if (shared < Math.max(a.length, b.length) / 2)
    return { left: [{ text: a, changed: true }], right: [{ text: b, changed: true }], granularity: 'whole' };
  return { left, right, granularity: chars ? 'chars' : 'lines' };
}

function side(input: SideInput, t: number, i: number): SideCall | undefined {
  const c = input.result.turns[t]?.calls[i];
  if (!c) return undefined;
  return {
    id: c.id,
    tool: c.tool ?? '',
    text: exactText(c.content),
    content: c.content,
    is_error: c.is_error,
    decision: input.decisions[t]?.[i] ?? 'no decision',
  };
}

export function alignVersions(left: SideInput, right: SideInput): TurnRow[] {
  const turns = Math.max(left.result.turns.length, right.result.turns.length);
  const rows: TurnRow[] = [];
  for (let t = 0; t < turns; t++) {
    const lt = left.result.turns[t];
    const rt = right.result.turns[t];
    const n = Math.max(lt?.calls.length ?? 0, rt?.calls.length ?? 0);
    const calls: CallRow[] = [];
    for (let i = 0; i < n; i++) {
      const l = side(left, t, i);
      const r = side(right, t, i);
      const differs: Aspect[] = [];
      if (!l || !r) differs.push('missing');
      else {
        if (JSON.stringify(l.content) !== JSON.stringify(r.content)) differs.push('text');
        if (l.is_error !== r.is_error) differs.push('is_error');
        if (l.decision !== r.decision) differs.push('decision');
      }
      calls.push({
        turn: t,
        index: i,
        left: l,
        right: r,
        differs,
        ...(l && r && differs.includes('text') ? { segments: diffSegments(l.text, r.text) } : {}),
      });
    }
    const la = attachmentText(lt?.attachments ?? []);
    const ra = attachmentText(rt?.attachments ?? []);
    rows.push({ turn: lt?.turn ?? rt?.turn ?? t, calls, attachments: { left: la, right: ra, differs: la !== ra } });
  }
  return rows;
}

/** Where the differences are, in page order: a call, or a model call's attachments. */
export type Mark = { turn: number; call: number } | { turn: number; attachments: true };

export function differenceMarks(rows: readonly TurnRow[]): Mark[] {
  return rows.flatMap((r, t) => [
    ...r.calls.filter((c) => c.differs.length > 0).map((c) => ({ turn: t, call: c.index })),
    ...(r.attachments.differs ? [{ turn: t, attachments: true as const }] : []),
  ]);
}

export const markId = (m: Mark): string =>
  'call' in m ? `vs-${m.turn}-${m.call}` : `vs-${m.turn}-attachments`;
