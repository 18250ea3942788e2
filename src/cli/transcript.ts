// A result for people: each model call, its tool calls and the exact text the model got.
import type { ScenarioResult } from '../scenario/schema';
import type { CallDecision } from './decisions';
import { decisionLine } from './decisions';

export function formatTranscript(r: ScenarioResult, decisions?: Record<string, CallDecision>): string {
  const out: string[] = [
    `# ${r.scenario} (Claude Code ${r.version}, ${r.model ?? '?'}, ${r.permission_mode ?? '?'})`,
  ];
  for (const t of r.turns) {
    out.push('', `## model call ${t.turn}`);
    for (const a of t.actions ?? []) out.push(`(runner: ${JSON.stringify(a)})`);
    for (const c of t.calls) {
      out.push(`> ${c.tool ?? '?'} ${JSON.stringify(c.input)}`);
      const d = decisions?.[c.id];
      if (d) out.push(decisionLine(d));
      out.push(c.is_error ? '< error:' : '<');
      out.push(typeof c.content === 'string' ? c.content : JSON.stringify(c.content, null, 1));
    }
    for (const a of t.attachments) out.push(`[${String(a.role)}] ${String(a.text ?? JSON.stringify(a))}`);
  }
  return out.join('\n') + '\n';
}
