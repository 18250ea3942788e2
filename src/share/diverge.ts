// Call by call, where a replay and a recording (the corpus, a link's `expect`, an imported
// Claude Code session) part ways. Uses the oracle's comparison rules (session/compare.ts).
import { project } from '../session/compare';
import type { ScenarioResult } from '../scenario/schema';

export interface CallSide {
  is_error: boolean;
  content: unknown;
}

export interface CallComparison {
  turn: number;
  id: string;
  tool: string;
  input: unknown;
  expected?: CallSide;
  actual?: CallSide;
  same: boolean;
}

type Row = { id: string; is_error: boolean; content: unknown };

export function compareCalls(expected: ScenarioResult, actual: ScenarioResult): CallComparison[] {
  const exp = new Map((project(expected, 'model') as { calls: Row[] }).calls.map((c) => [c.id, c]));
  const act = new Map((project(actual, 'model') as { calls: Row[] }).calls.map((c) => [c.id, c]));
  const raw = new Map<string, { turn: number; tool: string; input: unknown; e?: CallSide; a?: CallSide }>();
  const add = (rec: ScenarioResult, side: 'e' | 'a') => {
    for (const t of rec.turns)
      for (const c of t.calls) {
        const r = raw.get(c.id) ?? { turn: t.turn, tool: c.tool ?? '', input: c.input };
        r[side] = { is_error: c.is_error, content: c.content };
        raw.set(c.id, r);
      }
  };
  add(expected, 'e');
  add(actual, 'a');
  return [...raw.entries()].map(([id, r]) => {
    const e = exp.get(id);
    const a = act.get(id);
    const same =
      !!e && !!a && e.is_error === a.is_error && JSON.stringify(e.content) === JSON.stringify(a.content);
    return { turn: r.turn, id, tool: r.tool, input: r.input, expected: r.e, actual: r.a, same };
  });
}

/** The model-facing text of a tool_result content (text blocks joined; other blocks described). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content);
  return content
    .map((b: unknown) => {
      const block = b as { type?: string; text?: unknown; source?: { media_type?: string; data?: string } };
      if (block.type === 'text' && typeof block.text === 'string') return block.text;
      return `[${block.type ?? 'unknown'} block${block.source?.media_type ? `: ${block.source.media_type}` : ''}]`;
    })
    .join('\n');
}
