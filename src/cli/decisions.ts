// `replay --decisions`: each call's permission decision beside its result — what decided it (a
// rule and its settings source, or the reason) and the bypass mark when the call's effects
// reach a path a deny rule names.
import type { ScenarioResult } from '../scenario/schema';
import type { Session } from '../session/engine';

export interface CallDecision {
  /** null: the call never reached the permission check (its `reason` says where it stopped). */
  behavior: 'allow' | 'deny' | 'ask' | null;
  rule?: string;
  source?: string;
  reason: string;
  /** The bypass mark's sentence (permissions/bypass.ts). */
  bypass?: string;
}

/** Every top-level call's decision, by tool_use id. */
export function callDecisions(session: Session): Record<string, CallDecision> {
  const out: Record<string, CallDecision> = {};
  for (const rec of session.history)
    for (const c of rec.calls) {
      const d = c.decision;
      out[c.id] = d
        ? {
            behavior: d.behavior,
            ...(d.rule ? { rule: d.rule.text, source: d.rule.source } : {}),
            reason: d.reason,
            ...(d.bypass ? { bypass: d.bypass.sentence } : {}),
          }
        : { behavior: null, reason: `no permission decision (stopped at ${c.stage ?? 'an earlier step'})` };
    }
  return out;
}

/** The result with each call's `decision` added (a call the session has no record of gets none). */
export function withDecisions(result: ScenarioResult, decisions: Record<string, CallDecision>): unknown {
  return {
    ...result,
    turns: result.turns.map((t) => ({
      ...t,
      calls: t.calls.map((c) => (decisions[c.id] ? { ...c, decision: decisions[c.id] } : c)),
    })),
  };
}

/** The decision as one line of the text transcript. */
export function decisionLine(d: CallDecision): string {
  const by = d.rule ? `${d.rule} (${d.source})` : d.reason;
  return `  decision: ${d.behavior ?? 'none'} — ${by}${d.bypass ? `\n  bypass: ${d.bypass}` : ''}`;
}
