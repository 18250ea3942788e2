// The session's side of hooks (src/hooks): where a tool call meets them. Kept out of engine.ts
// so the engine only calls three functions: before the permission check, when a call would
// prompt, and after the call.
import { formatterNote, joinHookTexts, type HookStep, type ToolHooks } from '../hooks/session';
import type { LedgerEntry } from '../ledger/ledger';
import type { AnyTool, ToolContext } from '../tools/types';
import type { PromptRecord } from './ask';
import type { CallRecord, ToolUse } from './engine';
import type { SessionDecision, SessionPermissions } from './permissions';

export type SessionHooks = ToolHooks;

export interface HookedCall {
  tool: AnyTool;
  use: ToolUse;
  input: unknown;
  ctx: ToolContext;
  mode: string | undefined;
}

interface PreResult {
  steps: HookStep[];
  texts: string[];
  /** The call ends before the permission check. */
  record?: Omit<CallRecord, 'id' | 'name' | 'input'>;
  /** The input the call goes on with (a hook's updatedInput merged in). */
  input?: unknown;
  /** Changes the permission engine's decision (a hook's allow or ask). */
  decide?: (d: SessionDecision) => SessionDecision;
}

const info = (c: HookedCall) => ({ toolName: c.tool.name, toolUseId: c.use.id, input: c.input, permissionMode: c.mode ?? 'default' });

export async function beforePermission(hooks: SessionHooks, c: HookedCall): Promise<PreResult | undefined> {
  if (!hooks.active) return undefined;
  const pre = await hooks.preToolUse(info(c));
  if (pre.steps.length === 0) return undefined;
  const out: PreResult = { steps: pre.steps, texts: pre.attachments };
  if (pre.block) {
    const decision: SessionDecision = { behavior: 'deny', reason: pre.block.reason, message: pre.block.content, permissionDenial: pre.block.permissionDenial };
    out.record = {
      parsed: c.input,
      stage: 'permission',
      decision,
      rendered: { content: pre.block.content, is_error: true, structured: `Error: ${pre.block.content}` },
      explain: pre.block.reason,
    };
    return out;
  }
  // updatedInput replaces the fields it names (hook-pre-updated-input: a description alone
  // keeps the command).
  if (pre.updatedInput) out.input = { ...(c.input as Record<string, unknown>), ...pre.updatedInput };
  if (pre.allow) {
    const reason = pre.allow.reason;
    // An allow skips the prompt; a deny rule still refuses (hook-pre-allow-vs-deny-rule).
    out.decide = (d) => (d.behavior === 'ask' ? { behavior: 'allow', reason: `A PreToolUse hook allowed the call: ${reason}` } : d);
  } else if (pre.ask) {
    const message = pre.ask.reason;
    out.decide = (d) =>
      d.behavior === 'deny'
        ? d
        : { behavior: 'ask', reason: 'A PreToolUse hook asked for a prompt.', ...(message !== undefined ? { message, structured: `Error: ${message}` } : {}), permissionDenial: true };
  }
  return out;
}

/** Adds the PreToolUse steps and texts to what came of the call. */
export function withPreHooks<T extends CallRecord | { hooks?: HookStep[]; hookTexts?: string[] }>(r: T, pre: PreResult): T {
  const hooks = [...pre.steps, ...(r.hooks ?? [])];
  if ('rendered' in r) {
    const att = joinHookTexts(pre.texts);
    return att ? { ...r, hooks, rendered: { ...r.rendered, attachments: [...(r.rendered.attachments ?? []), att] } } : { ...r, hooks };
  }
  return { ...r, hooks, hookTexts: pre.texts };
}

type Asked =
  | { record: Omit<CallRecord, 'id' | 'name' | 'input'>; steps: HookStep[] }
  | { input: unknown; decision: SessionDecision; steps: HookStep[]; prompt?: PromptRecord };

/** A call that would prompt: PermissionRequest hooks may answer. Undefined: nobody answered. */
export async function onPermissionAsk(
  hooks: SessionHooks,
  c: HookedCall,
  req: Parameters<SessionPermissions['decide']>[0],
  asked: SessionDecision,
  permissions: SessionPermissions,
): Promise<Asked | undefined> {
  if (!hooks.active) return undefined;
  const suggestions = permissions.suggest?.(req, asked).map(suggestionJson);
  const r = await hooks.permissionRequest(info(c), suggestions);
  if (!r.decision) return undefined;
  if (r.decision.behavior === 'deny') {
    const message = r.decision.message;
    const decision: SessionDecision = { behavior: 'deny', reason: 'A PermissionRequest hook denied the call.', message, structured: `Error: ${message}`, permissionDenial: true };
    return { steps: r.steps, record: { parsed: c.input, stage: 'permission', decision, rendered: { content: message, is_error: true, structured: `Error: ${message}` }, explain: decision.reason } };
  }
  if (!r.decision.updatedInput) return { steps: r.steps, input: c.input, decision: { behavior: 'allow', reason: 'A PermissionRequest hook allowed the call.' } };
  // Modified input is checked again against deny rules (hook-permreq-bash-2: an rm rewrite).
  const input = { ...(c.input as Record<string, unknown>), ...r.decision.updatedInput };
  const again = await permissions.decide(c.tool.permissionRequest(input, c.ctx));
  if (again.behavior === 'deny') {
    return { steps: r.steps, record: { parsed: input, stage: 'permission', decision: again, rendered: { content: again.message ?? 'Permission denied.', is_error: true, structured: again.structured ?? `Error: ${again.message ?? 'Permission denied.'}` }, explain: again.reason } };
  }
  return { steps: r.steps, input, decision: { behavior: 'allow', reason: 'A PermissionRequest hook allowed the call with modified input.' } };
}

/** The permission_suggestions field of a PermissionRequest input (hook-input-default-mode). */
function suggestionJson(u: unknown): unknown {
  return u;
}

/** PostToolUse (or PostToolUseFailure for an error result), and the formatter check: a hook
 * that changed the file an Edit or Write just wrote. */
export async function afterCall(hooks: SessionHooks, c: HookedCall, rec: CallRecord, preTexts: readonly string[] = []): Promise<CallRecord> {
  if (!hooks.active) return preTexts.length ? withTexts(rec, preTexts, []) : rec;
  const before = c.ctx.ledger.get(pathOf(c.input) ?? '');
  const wrote = before && before.callId === c.use.id ? before : undefined;
  const failed = rec.rendered.is_error;
  const post = failed
    ? await hooks.postToolUseFailure(info(c), typeof rec.rendered.content === 'string' ? unwrap(rec.rendered.content) : '')
    : await hooks.postToolUse(info(c), rec.rendered.structured);
  const texts = [...post.attachments];
  if (wrote && !failed && post.steps.length > 0) {
    const note = await formatted(c, wrote);
    if (note) texts.push(note);
  }
  return withTexts({ ...rec, hooks: [...(rec.hooks ?? []), ...post.steps] }, preTexts, texts);
}

function withTexts(rec: CallRecord, pre: readonly string[], post: readonly string[]): CallRecord {
  const att = joinHookTexts([...pre, ...post]);
  return att ? { ...rec, rendered: { ...rec.rendered, attachments: [...(rec.rendered.attachments ?? []), att] } } : rec;
}

const unwrap = (t: string) => t.replace(/^<tool_use_error>([\s\S]*)<\/tool_use_error>$/, '$1');

function pathOf(input: unknown): string | undefined {
  const i = input as Record<string, unknown>;
  const p = i.file_path ?? i.notebook_path;
  return typeof p === 'string' ? p : undefined;
}

/** The file changed under the entry the call made: the ledger takes the new content (the next
 * Edit is not stale), no longer whole in the model's context, and the model is told. */
async function formatted(c: HookedCall, entry: LedgerEntry): Promise<string | undefined> {
  const fs = c.ctx.ws.fs;
  let bytes: Uint8Array;
  let mtimeMs: number;
  try {
    bytes = await fs.readFile(entry.path);
    mtimeMs = (await fs.stat(entry.path)).mtimeMs;
  } catch {
    return undefined;
  }
  const content = new TextDecoder().decode(bytes).replace(/\r\n/g, '\n');
  if (content === entry.content) return undefined;
  c.ctx.ledger.set({ ...entry, content, mtimeMs, partial: true, wholeContent: true });
  return formatterNote('PostToolUse', c.tool.name, entry.path);
}
