// Pure helpers for the panes: visible whitespace, the Messages API view of a model call, and
// file snapshots (time travel).
import type { FileSnapshot, ModelCallRecord } from '../session/engine';
import { JournalTree } from '../session/journal';
import type { ToolDefinition } from '../profiles/types';

const CONTROL_NAMES: Record<number, string> = {
  0: '␀',
  8: '␈',
  9: '→',
  11: '␋',
  12: '␌',
  13: '␍',
  27: '␛',
  127: '␡',
};

/** The text with tabs, carriage returns, other control characters, trailing spaces and
 * non-breaking spaces made visible; line feeds shown as ↵ and kept. */
export function visibleWhitespace(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += '↵\n';
    else if (ch === ' ') out += '·';
    else if (ch === '\u00a0') out += '⍽';
    else if (ch === '\ufeff') out += '[BOM]';
    else if (CONTROL_NAMES[c] !== undefined) out += CONTROL_NAMES[c];
    else if (c < 32 || (c >= 0x80 && c < 0xa0)) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out;
}

export interface ApiMessage {
  role: 'assistant' | 'user';
  content: unknown[];
}

/** The assistant message (tool_use blocks) and the user message (tool_result blocks, then the
 * texts Claude Code attaches) of one model call. */
export function callMessages(call: ModelCallRecord): ApiMessage[] {
  const assistant: ApiMessage = {
    role: 'assistant',
    content: call.calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.input })),
  };
  const results: unknown[] = call.calls.map((c) => {
    const block: Record<string, unknown> = {
      type: 'tool_result',
      tool_use_id: c.id,
      content: c.rendered.content,
    };
    if (c.rendered.is_error) block.is_error = true;
    return block;
  });
  for (const a of call.attachments) results.push({ type: 'text', text: a.text });
  return [assistant, { role: 'user', content: results }];
}

/** The Messages API request that follows this call: every message so far and the tool
 * definitions offered. */
export function requestAfter(
  history: readonly ModelCallRecord[],
  index: number,
  model: string,
  tools: readonly ToolDefinition[],
): Record<string, unknown> {
  return { model, messages: history.slice(0, index + 1).flatMap(callMessages), tools };
}

export type FileState = Uint8Array | { symlink: string } | undefined;

export function decodeFile(v: FileState): string | undefined {
  if (v === undefined) return undefined;
  if (v instanceof Uint8Array) return new TextDecoder().decode(v);
  return `→ ${v.symlink}`;
}

const sameFile = (a: FileState, b: FileState): boolean => {
  if (a === undefined || b === undefined) return a === b;
  if (a instanceof Uint8Array && b instanceof Uint8Array)
    return a.length === b.length && a.every((x, i) => x === b[i]);
  if (!(a instanceof Uint8Array) && !(b instanceof Uint8Array)) return a.symlink === b.symlink;
  return false;
};

export type Change = 'added' | 'modified' | 'deleted';

/** Paths whose content differs between two snapshots. */
export function changedFiles(
  before: FileSnapshot | undefined,
  after: FileSnapshot | undefined,
): Map<string, Change> {
  const out = new Map<string, Change>();
  if (!after) return out;
  // Two views of one journal name their differences without reading every file.
  if (after instanceof JournalTree && before instanceof JournalTree) {
    const touched = after.changedAgainst(before);
    if (touched) {
      for (const p of touched.sort())
        out.set(p, !before.has(p) ? 'added' : !after.has(p) ? 'deleted' : 'modified');
      return out;
    }
  }
  const b = before ?? new Map<string, Uint8Array | { symlink: string }>();
  for (const [p, v] of after) {
    if (!b.has(p)) out.set(p, 'added');
    else if (!sameFile(b.get(p), v)) out.set(p, 'modified');
  }
  for (const p of b.keys()) if (!after.has(p)) out.set(p, 'deleted');
  return out;
}

/** A binary-looking file (a NUL in the first 8 KB) is not shown as text. */
export function isBinary(v: FileState): boolean {
  return v instanceof Uint8Array && v.subarray(0, 8192).includes(0);
}

const WHAT = ['command', 'file_path', 'notebook_path', 'pattern', 'url', 'query', 'prompt'] as const;

/** What a scenario without a description does, said from its tool calls: each model call's
 * tools and what they name (a path's file name, a command), at most `max` calls. */
export function callsSummary(turns: readonly (readonly unknown[])[], max = 6): string {
  const one = (item: unknown): string | undefined => {
    if (typeof item !== 'object' || item === null || !('name' in item) || !('input' in item)) return undefined;
    const { name, input } = item as { name: string; input: Record<string, unknown> };
    const field = WHAT.find((k) => typeof input?.[k] === 'string');
    const value = field ? String(input[field]) : '';
    const shown = field === 'file_path' || field === 'notebook_path' ? value.split('/').pop() : value;
    return shown ? `${name} ${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown}` : name;
  };
  const calls = turns.map((t) => t.map(one).filter((x): x is string => x !== undefined).join(', ')).filter(Boolean);
  if (calls.length === 0) return 'No description, and no tool calls yet.';
  const shown = calls.slice(0, max).join('; then ');
  return `No description. Its model calls: ${shown}${calls.length > max ? `; and ${calls.length - max} more` : ''}.`;
}
