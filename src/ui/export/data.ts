// What a one-file export carries: the session's model calls as the page showed them (tool_use
// inputs, the exact tool_result content, the permission decision, the read ledger), plain JSON
// the offline viewer (./viewer) renders. Nothing here is re-run: the file shows recorded results.
import { createTwoFilesPatch } from 'diff';
import type { FileSnapshot } from '../../session/journal';
import type { ModelCallRecord } from '../../session/engine';
import type { FileEntry } from '../../workspace/types';
import type { ContentBlock } from '../../tools/types';
import { noDecisionText, viewOf } from '../Panes';
import { changedFiles } from '../text';

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
  /** Subagents an Agent call started, each with its own model calls. */
  subagents?: ExportedSubagent[];
}

export interface ExportedSubagent {
  prompt: string;
  agentType: string;
  modelCalls: ExportedModelCall[];
}

/** A file the model call changed: a unified diff for text, a sentence for bytes and links. */
export interface ExportedChange {
  path: string;
  change: 'added' | 'removed' | 'changed';
  diff: string;
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
  /** Present when the page kept the files before and after this call. */
  changes?: ExportedChange[];
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
    modelCalls: input.history.map(exportedModelCall),
  };
}

function exportedModelCall(m: ModelCallRecord): ExportedModelCall {
  return {
    index: m.index,
    calls: m.calls.map((c) => ({
      id: c.id,
      name: c.name,
      input: c.input,
      content: c.rendered.content,
      isError: c.rendered.is_error,
      decision: decisionOf(c),
      explain: c.explain,
      ...(c.subagents?.length
        ? {
            subagents: c.subagents.map((a) => ({
              prompt: a.prompt,
              agentType: a.agentType,
              modelCalls: a.history.map(exportedModelCall),
            })),
          }
        : {}),
    })),
    attachments: m.attachments.map((a) => a.text),
    ledger: m.ledger.map((e) => ({
      path: e.path,
      view: viewOf(e),
      via: e.detail ? `${e.via}: ${e.detail}` : e.via,
      callId: e.callId,
    })),
    ...(m.filesBefore && m.files ? { changes: fileChanges(m.filesBefore, m.files) } : {}),
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The entry as text, or undefined for bytes that are not UTF-8 (or hold a NUL). */
function textOf(e: FileEntry): string | undefined {
  if (!(e instanceof Uint8Array)) return undefined;
  try {
    const t = utf8.decode(e);
    return t.includes('\0') ? undefined : t;
  } catch {
    return undefined;
  }
}

function describeEntry(e: FileEntry): string {
  return e instanceof Uint8Array ? `${e.length} bytes` : `symlink to ${e.symlink}`;
}

/** What changed between two snapshots, by path. */
export function fileChanges(before: FileSnapshot, after: FileSnapshot): ExportedChange[] {
  const words = { added: 'added', modified: 'changed', deleted: 'removed' } as const;
  const changed = [...changedFiles(before, after)].sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0));
  return changed.map(([path, c]) => {
    const a = before.get(path);
    const b = after.get(path);
    const ta = a === undefined ? '' : textOf(a);
    const tb = b === undefined ? '' : textOf(b);
    const diff =
      ta !== undefined && tb !== undefined
        ? createTwoFilesPatch(path, path, ta, tb, undefined, undefined, { context: 3 }).replace(/^(?:Index: .*\n)?=+\n/, '')
        : `${a === undefined ? 'absent' : describeEntry(a)} -> ${b === undefined ? 'absent' : describeEntry(b)}`;
    return { path, change: words[c], diff };
  });
}
