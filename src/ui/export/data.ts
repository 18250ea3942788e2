// What a one-file export carries: the session's model calls as the page showed them (tool_use
// inputs, the exact tool_result content, the permission decision, the read ledger), plain JSON
// the offline viewer (./viewer) renders. Nothing here is re-run: the file shows recorded results.
import type { ModelCallRecord } from '../../session/engine';
import type { ContentBlock } from '../../tools/types';
import { noDecisionText, viewOf } from '../Panes';

export const EXPORT_FORMAT = 'ccp-export/1';

export interface ExportedDecision {
  behavior: 'allow' | 'deny' | 'ask' | 'none';
  /** The rule and its source, or what the page says when there was no decision. */
  rule?: string;
  reason?: string;
  /** Who answered a prompt, and how. */
  answer?: string;
}

export interface ExportedCall {
  id: string;
  name: string;
  input: unknown;
  /** Exactly what the model received. */
  content: string | ContentBlock[];
  isError: boolean;
  decision: ExportedDecision;
  explain: string;
}

export interface ExportedLedgerRow {
  path: string;
  view: string;
  via: string;
  callId: string;
}

export interface ExportedModelCall {
  index: number;
  calls: ExportedCall[];
  /** Messages Claude Code attaches after the tool results. */
  attachments: string[];
  ledger: ExportedLedgerRow[];
}

export interface ExportedSession {
  format: typeof EXPORT_FORMAT;
  title: string;
  version: string;
  model: string;
  /** The share link that re-runs the session in the playground (absent when none could be made). */
  link?: string;
  modelCalls: ExportedModelCall[];
}

const decisionOf = (c: ModelCallRecord['calls'][number]): ExportedDecision => {
  const d = c.prompt?.asked ?? c.decision;
  if (!d) return { behavior: 'none', reason: noDecisionText(c) };
  return {
    behavior: d.behavior,
    ...(d.rule ? { rule: `${d.rule.text} from ${d.rule.source}` } : {}),
    ...(d.reason ? { reason: d.reason } : {}),
    ...(c.prompt
      ? { answer: `${c.prompt.answer} by ${c.prompt.by === 'user' ? 'the user' : 'the scenario’s answer'}` }
      : {}),
  };
};

export function exportedSession(input: {
  title: string;
  version: string;
  model: string;
  link?: string;
  history: readonly ModelCallRecord[];
}): ExportedSession {
  return {
    format: EXPORT_FORMAT,
    title: input.title,
    version: input.version,
    model: input.model,
    ...(input.link ? { link: input.link } : {}),
    modelCalls: input.history.map((m) => ({
      index: m.index,
      calls: m.calls.map((c) => ({
        id: c.id,
        name: c.name,
        input: c.input,
        content: c.rendered.content,
        isError: c.rendered.is_error,
        decision: decisionOf(c),
        explain: c.explain,
      })),
      attachments: m.attachments.map((a) => a.text),
      ledger: m.ledger.map((e) => ({
        path: e.path,
        view: viewOf(e),
        via: e.detail ? `${e.via}: ${e.detail}` : e.via,
        callId: e.callId,
      })),
    })),
  };
}
