// The session's side of hooks (src/hooks): where a tool call meets them. Kept out of engine.ts
// so the engine only calls three functions: before the permission check, when a call would
// prompt, and after the call.
import {
  formatterNote,
  joinHookTexts,
  STOP_BLOCK_CAP,
  type HookStep,
  type ToolHooks,
} from '../hooks/session';
import type { HookBehaviour } from '../profiles/types';
import type { Attachment } from '../tools/types';
import { persistedText } from '../tools/bash/render';
import { persistedOutputPath, sessionId, shortId } from '../tools/bash/paths';
import type { LedgerEntry } from '../ledger/ledger';
import type { z } from 'zod';
import type { AnyTool, ToolContext } from '../tools/types';
import type { PromptRecord } from './ask';
import type { PermissionUpdate } from './prompt';
import type { CallRecord, ToolUse } from './engine';
import type { SessionDecision, SessionPermissions } from './permissions';

export type SessionHooks = ToolHooks;

export interface HookedCall {
  tool: AnyTool;
  use: ToolUse;
  input: unknown;
  ctx: ToolContext;
  mode: string | undefined;
  /** Where hook texts go for this model (the profile's notice placement). */
  placement: 'attachment' | 'inline';
  /** A PreToolUse allow lets a call through plan mode's refusal (the profile's switch). */
  allowOverridesPlan: boolean;
  /** The tool's schema check, for a hook's updatedInput. */
  parse: (input: unknown) => { ok: true; data: unknown } | { ok: false; text: string };
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
  /** The ask came from the hook: no PermissionRequest hook runs for it (hook-permreq-bypass-ask-rule). */
  hookAsked?: boolean;
  /** `continue: false`: the session ends after this call. */
  stop?: boolean;
}

const info = (c: HookedCall) => ({
  toolName: c.tool.name,
  toolUseId: c.use.id,
  input: c.input,
  permissionMode: c.mode ?? 'default',
});

export async function beforePermission(hooks: SessionHooks, c: HookedCall): Promise<PreResult | undefined> {
  if (!hooks.active) return undefined;
  const pre = await hooks.preToolUse(info(c));
  if (pre.steps.length === 0) return undefined;
  const out: PreResult = { steps: pre.steps, texts: pre.attachments, ...(pre.stop ? { stop: true } : {}) };
  const refuse = (content: string, reason: string, parsed: unknown) => {
    out.record = {
      parsed,
      stage: 'permission',
      decision: { behavior: 'deny', reason, message: content, permissionDenial: true },
      rendered: { content, is_error: true, structured: `Error: ${content}` },
      explain: reason,
    };
    return out;
  };
  if (pre.block) {
    // Models that take notices inside the tool result get the text trimmed (hook-strict-model-ctx).
    const content = c.placement === 'inline' ? pre.block.content.trimEnd() : pre.block.content;
    return refuse(content, pre.block.reason, c.input);
  }
  // updatedInput replaces the whole input and is checked against the schema again
  // (hook-pre-updated-input: a description alone fails for want of a command).
  if (pre.updatedInput) {
    const parsed = c.parse(pre.updatedInput);
    if (!parsed.ok)
      return refuse(
        `PreToolUse hook for ${c.tool.name} returned updatedInput that failed schema validation: ${parsed.text}`,
        'The input a PreToolUse hook returned does not match the schema.',
        c.input,
      );
    out.input = parsed.data;
  }
  if (pre.allow) {
    const reason = pre.allow.reason;
    // An allow answers what the mode would prompt for or refuse (dontAsk, plan: hook-dontask-allow,
    // hook-plan-allow); deny and ask rules and the write safety check still apply
    // (hook-pre-allow-vs-deny-rule, hook-pre-verdict-vs-safety-default).
    out.decide = (d) =>
      (d.behavior === 'ask' && !d.safety && (d.rule === undefined || d.rule.source === 'mode')) ||
      (d.behavior === 'deny' && d.rule?.source === 'mode' && (d.rule.text !== 'plan' || c.allowOverridesPlan))
        ? { behavior: 'allow', reason: `A PreToolUse hook allowed the call (${reason}).` }
        : d;
  } else if (pre.ask) {
    const message = pre.ask.reason ?? '';
    out.hookAsked = true;
    out.decide = (d) =>
      d.behavior === 'deny' || d.safety
        ? d
        : {
            behavior: 'ask',
            reason: 'A PreToolUse hook asked for a prompt.',
            message,
            structured: `Error: ${message}`,
            permissionDenial: true,
          };
  }
  return out;
}

/** Adds the PreToolUse steps and texts to what came of the call. */
export function withPreHooks<
  T extends CallRecord | { hooks?: HookStep[]; hookTexts?: string[]; endsSession?: boolean },
>(r: T, pre: PreResult, placement: 'attachment' | 'inline'): T {
  const hooks = [...pre.steps, ...(r.hooks ?? [])];
  // continue: false stops the session only when the call would run; a call the permission
  // check refuses gets its refusal and the session goes on (hook-pre-default-2).
  if ('rendered' in r) return withTexts({ ...r, hooks }, pre.texts, [], placement) as T;
  return { ...r, hooks, hookTexts: pre.texts, ...(pre.stop ? { endsSession: true } : {}) };
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
  const suggestions = hookSuggestions(c, asked, permissions.suggest?.(req, asked, c.tool.suggestRules) ?? []);
  const r = await hooks.permissionRequest(info(c), suggestions);
  if (!r.decision) return undefined;
  if (r.decision.behavior === 'deny') {
    const message = r.decision.message;
    const decision: SessionDecision = {
      behavior: 'deny',
      reason: 'A PermissionRequest hook denied the call.',
      message,
      structured: `Error: ${message}`,
      permissionDenial: true,
    };
    // interrupt: true stops the session as a person's interrupt would (hook-permreq-interrupt).
    return {
      steps: r.steps,
      record: {
        parsed: c.input,
        stage: 'permission',
        decision,
        rendered: { content: message, is_error: true, structured: `Error: ${message}` },
        explain: decision.reason,
        ...(r.decision.interrupt ? { endsSession: true } : {}),
      },
    };
  }
  if (!r.decision.updatedInput)
    return {
      steps: r.steps,
      input: c.input,
      decision: { behavior: 'allow', reason: 'A PermissionRequest hook allowed the call.' },
    };
  // Modified input is checked again against deny rules (hook-permreq-bash-2: an rm rewrite).
  const input = { ...(c.input as Record<string, unknown>), ...r.decision.updatedInput };
  const again = await permissions.decide(c.tool.permissionRequest(input, c.ctx));
  if (again.behavior === 'deny') {
    return {
      steps: r.steps,
      record: {
        parsed: c.input,
        stage: 'permission',
        decision: again,
        rendered: {
          content: again.message ?? 'Permission denied.',
          is_error: true,
          structured: again.structured ?? `Error: ${again.message ?? 'Permission denied.'}`,
        },
        explain: again.reason,
      },
    };
  }
  return {
    steps: r.steps,
    input,
    decision: { behavior: 'allow', reason: 'A PermissionRequest hook allowed the call with modified input.' },
  };
}

/** The permission_suggestions of a PermissionRequest input, as recorded (hook-input-default-mode,
 * hook-permreq-*, hook-permreq-suggestions): the tool's own where it has them (a file edit, a
 * Bash file command refused for its path), else the rules "always allow" would add, for the
 * session. An ask rule's prompt and a tool's null leave the field out (undefined). */
function hookSuggestions(
  c: HookedCall,
  asked: SessionDecision,
  ours: readonly PermissionUpdate[],
): unknown[] | undefined {
  // An ask rule's prompt comes with no suggestion (hook-permreq-bypass-ask-rule).
  if (asked.rule && asked.rule.source !== 'mode') return undefined;
  const own = c.tool.hookSuggestions?.(c.input, {
    mode: c.mode,
    cwd: c.ctx.ws.info.cwd,
    message: asked.message,
  });
  if (own !== undefined) return own ?? undefined;
  const rest = ours.map((u) => ({ ...u, destination: 'session' }));
  return rest.length ? rest : undefined;
}

/** PostToolUse (or PostToolUseFailure for an error result), and the formatter check: a hook
 * that changed the file an Edit or Write just wrote. */
export async function afterCall(
  hooks: SessionHooks,
  c: HookedCall,
  rec: CallRecord,
  preTexts: readonly string[] = [],
): Promise<CallRecord> {
  if (!hooks.active) return withTexts(rec, preTexts, [], c.placement);
  // The entry this call wrote, for the tools whose file a formatter may change.
  const file = c.tool.file?.formatterCheck
    ? (c.input as Record<string, unknown>)[c.tool.file.key]
    : undefined;
  const before = typeof file === 'string' ? c.ctx.ledger.get(file) : undefined;
  const wrote = before && before.callId === c.use.id ? before : undefined;
  const failed = rec.rendered.is_error;
  const post = failed
    ? await hooks.postToolUseFailure(
        info(c),
        typeof rec.rendered.content === 'string' ? unwrap(rec.rendered.content) : '',
      )
    : await hooks.postToolUse(info(c), rec.rendered.structured);
  const texts = await Promise.all(post.attachments.map((t) => persistLong(c, t)));
  if (wrote && !failed && post.steps.length > 0) {
    const note = await formatted(c, wrote);
    if (note) texts.push(note);
  }
  return withTexts(
    { ...rec, hooks: [...(rec.hooks ?? []), ...post.steps], ...(post.stop ? { endsSession: true } : {}) },
    preTexts,
    texts,
    c.placement,
  );
}

/** The call's hook texts for the model. As a system message (most models): one text, end
 * trimmed. Inline (claude-opus-4-6, hook-strict-model-ctx): PreToolUse texts as a user
 * message in <system-reminder> tags, PostToolUse texts appended to the tool result, untrimmed. */
function withTexts(
  rec: CallRecord,
  pre: readonly string[],
  post: readonly string[],
  placement: 'attachment' | 'inline',
): CallRecord {
  // Texts of all the calls of one model call become one system message (hook-parallel-reads).
  if (placement === 'attachment')
    return pre.length || post.length
      ? { ...rec, hookNotes: [...(rec.hookNotes ?? []), ...pre, ...post] }
      : rec;
  let { rendered } = rec;
  if (pre.length)
    rendered = {
      ...rendered,
      attachments: [
        ...(rendered.attachments ?? []),
        ...pre.map((t) => ({
          role: 'user' as const,
          type: 'text' as const,
          text: `<system-reminder>\n${t}\n</system-reminder>`,
        })),
      ],
    };
  if (post.length && typeof rendered.content === 'string')
    rendered = {
      ...rendered,
      content: post.reduce(
        (acc, t) => `${acc}\n\n<system-reminder>\n${t}\n</system-reminder>`,
        rendered.content,
      ),
    };
  return rendered === rec.rendered ? rec : { ...rec, rendered };
}

const unwrap = (t: string) => t.replace(/^<tool_use_error>([\s\S]*)<\/tool_use_error>$/, '$1');

/** Additional context over 10 000 characters is saved to a file and the model gets a preview
 * (hook-post-bash-3), as Bash does with long output. */
const CONTEXT_LIMIT = 10000;
const PREVIEW = 2000;

async function persistLong(c: HookedCall, text: string): Promise<string> {
  const m = /^(\S+ hook additional context: )([\s\S]*)$/.exec(text);
  if (!m || (m[2] as string).length <= CONTEXT_LIMIT) return text;
  const body = m[2] as string;
  const { ws, conversation } = c.ctx;
  const path = persistedOutputPath(
    ws.info.home,
    ws.info.cwd,
    sessionId(conversation),
    shortId(conversation, 'r'),
  );
  try {
    await ws.fs.mkdir(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    await ws.fs.writeFile(path, new TextEncoder().encode(body));
  } catch {
    return text;
  }
  return `${m[1] as string}${persistedText({ path, size: body.length, preview: body.slice(0, PREVIEW), more: body.length > PREVIEW })}`;
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
  // Same content under a new mtime (a formatter that changed nothing, a touch): the entry
  // takes the mtime and nothing is said (hook-post-formatter-noop).
  if (content === entry.content) {
    if (mtimeMs !== entry.mtimeMs) c.ctx.ledger.set({ ...entry, mtimeMs });
    return undefined;
  }
  c.ctx.ledger.set({ ...entry, content, mtimeMs, partial: true, wholeContent: true });
  return formatterNote('PostToolUse', c.tool.name, entry.path);
}

/** A hook's updatedInput against the tool's schema. Unknown parameters are dropped, not
 * refused, and the text has no InputValidationError prefix and no issue count
 * (hook-pre-updated-input: `{"commnd": …}` names only the missing command). */
export function parseHookInput(
  tool: string,
  schema: z.ZodType,
  input: unknown,
  trailer?: string,
): { ok: true; data: unknown } | { ok: false; text: string } {
  const first = schema.safeParse(input);
  if (first.success) return { ok: true, data: first.data };
  const unknown = new Set(first.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : [])));
  const kept =
    typeof input === 'object' && input !== null
      ? Object.fromEntries(Object.entries(input).filter(([k]) => !unknown.has(k)))
      : input;
  const second = unknown.size ? schema.safeParse(kept) : first;
  if (second.success) return { ok: true, data: second.data };
  const value = (path: readonly PropertyKey[]) =>
    path.reduce<unknown>(
      (v, k) => (typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[k] : undefined),
      kept,
    );
  const sentences = second.error.issues.map((i) => {
    if (i.code !== 'invalid_type') return i.message;
    const name = i.path.map(String).join('.');
    // Newer versions name a missing parameter and the type received (hook-pre-updated-input).
    if (trailer === undefined)
      return `The parameter \`${name}\` type is expected as \`${i.expected}\` but provided as \`unknown\``;
    const v = value(i.path);
    return v === undefined
      ? `The required parameter \`${name}\` is missing`
      : `The parameter \`${name}\` type is expected as \`${i.expected}\` but provided as \`${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v}\``;
  });
  const text = `${tool} failed due to the following ${sentences.length === 1 ? 'issue' : 'issues'}:\n${sentences.join('\n')}`;
  return { ok: false, text: trailer === undefined ? text : `${text}\n${trailer}` };
}

/** What the model gets each time Stop hooks keep it going, one list per extra model call
 * (hook-stop-*, both versions): a user message per blocking hook (`Stop hook feedback:\n…`,
 * newer versions inside a reminder with a preamble; consecutive ones end in an extra newline, as
 * the binary joins them), then the hooks' own texts as one system message. Texts without any
 * feedback (additionalContext alone) come as a reminder in a user message. A block or a context
 * keeps the model going, up to the binary's cap; `continue: false` ends the session. */
export async function stopHookTurns(
  hooks: SessionHooks,
  mode: string,
  lastMessage: string,
  wording: Pick<HookBehaviour, 'textsTrimmed' | 'feedbackPreamble'>,
): Promise<Attachment[][]> {
  const turns: Attachment[][] = [];
  if (!hooks.active) return turns;
  for (let blocks = 0; ; blocks++) {
    const out = await hooks.stop(mode, blocks > 0, lastMessage);
    if (out.prevent || (out.feedback.length === 0 && out.texts.length === 0) || blocks >= STOP_BLOCK_CAP)
      return turns;
    const reminder = (text: string) => `<system-reminder>\n${text}\n</system-reminder>`;
    const pre = wording.feedbackPreamble;
    const feedback: Attachment[] = out.feedback.map((f, i, all) => {
      const text = `Stop hook feedback:\n${f}`;
      const wrapped = pre === undefined ? text : reminder(`${pre}\n${text}`);
      return { role: 'user', type: 'text', text: i < all.length - 1 ? `${wrapped}\n` : wrapped };
    });
    const note = joinHookTexts(out.texts, wording.textsTrimmed);
    if (note && feedback.length === 0)
      turns.push([{ role: 'user', type: 'text', text: reminder(note.text) }]);
    else turns.push(note ? [...feedback, note] : feedback);
  }
}
