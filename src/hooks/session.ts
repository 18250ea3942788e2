// What the session does with hooks around one tool call, and the exact texts the model gets
// (recorded in conformance/scenarios/hook-*). The session engine calls these at four points:
// before the permission check (PreToolUse), when a call would prompt (PermissionRequest),
// after a call that ran (PostToolUse) and after one that failed (PostToolUseFailure).
import type { Attachment } from '../tools/types';
import { runHooks, selectHooks, type HookHost, type HookRun } from './run';
import type { HookEvent, HookSettings } from './settings';

/** One hook run as the page shows it: a step of its own in the decisions pane. */
export interface HookStep {
  event: HookEvent;
  command: string;
  source: string;
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** What Claude Code made of it, for people. */
  effect: string;
}

export interface PreOutcome {
  steps: HookStep[];
  /** The call ends here with this result (exit 2, a deny, an ask nobody can answer). */
  block?: { content: string; permissionDenial: boolean; reason: string };
  /** A PreToolUse `allow`: the permission prompt is skipped (deny rules still apply). */
  allow?: { reason: string };
  /** `ask`: the call prompts even where rules would allow it. */
  ask?: { reason?: string };
  updatedInput?: Record<string, unknown>;
  attachments: string[];
  /** `continue: false`: the session ends after this call. */
  stop?: boolean;
}

export interface PermissionOutcome {
  steps: HookStep[];
  decision?:
    | { behavior: 'allow'; updatedInput?: Record<string, unknown> }
    | { behavior: 'deny'; message: string; interrupt: boolean };
}

export interface PostOutcome {
  steps: HookStep[];
  attachments: string[];
  stop?: boolean;
}

/** What the Stop hooks made of the model's end of turn (hook-stop-*, both versions). */
export interface StopOutcome {
  steps: HookStep[];
  /** One per blocking hook, in settings order: a JSON block's reason, or on exit 2 the command
   * and its stderr. Each reaches the model as a user message `Stop hook feedback:\n…`. */
  feedback: string[];
  /** The hooks' own messages (a JSON block's, additionalContext), joined into one text. */
  texts: string[];
  /** `continue: false`: the session ends, whatever else the hooks said. */
  prevent: boolean;
}

/** What the UserPromptSubmit hooks made of the prompt (hook-prompt-submit-*, 2.1.332): a block
 * or a stop keeps it from the model, which then makes no call at all. */
export interface PromptOutcome {
  steps: HookStep[];
  /** Why the prompt never reached the model, as the binary reports it (a system message). */
  refused?: string;
  /** The hooks' systemMessage texts, reported as notices. */
  notices: string[];
}

/** How many Stop blocks in a row the binary follows before it ends the turn anyway
 * (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP's default in both versions; hook-stop-exit2-stderr). */
export const STOP_BLOCK_CAP = 8;

export interface HookCallInfo {
  toolName: string;
  toolUseId: string;
  input: unknown;
  permissionMode: string;
}

interface Block {
  content: string;
  reason: string;
  finished: number;
}

/** Between two hooks that block (exit 2 or deny) the one that finished last gives the text
 * (hook-race-exit2-first and hook-sources-deny-vs-allow: a `sleep 1` in either one decides). */
const later = (a: Block | undefined, b: Block): Block => (a === undefined || b.finished > a.finished ? b : a);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function step(event: HookEvent, r: HookRun, effect: string): HookStep {
  // The default timeout is not recorded: the page says so when it is the one that stopped a hook.
  const note =
    r.timedOut && r.hook.timeout === undefined
      ? ' (stopped by the default timeout, which is not recorded)'
      : '';
  return {
    event,
    command: r.hook.command,
    source: r.hook.source,
    exitCode: r.exitCode,
    stdout: r.stdout,
    stderr: r.stderr,
    timedOut: r.timedOut,
    effect: effect + note,
  };
}

/** The hook-specific part of a JSON answer, when it names this event. */
function specific(r: HookRun, event: HookEvent): Record<string, unknown> | undefined {
  const h = r.json?.hookSpecificOutput;
  return isObject(h) && h.hookEventName === event ? h : undefined;
}

/** Texts common to the events, with the profile's wording where versions differ. */
export interface HookTexts {
  /** Text of additionalContext longer than this is saved to a file (not emulated: kept whole). */
  contextLimit: number;
}

export interface HookWording {
  /** PreToolUse denies read `PreToolUse:<Tool> hook error: <reason>`. */
  denyPrefixed: boolean;
}

export class ToolHooks {
  /** The replayed version's wording (set by the session; 2.1.273's by default). */
  wording: HookWording = { denyPrefixed: false };

  constructor(
    private readonly settings: HookSettings,
    private readonly host: HookHost,
    /** The fields every hook input starts with (session_id, transcript_path, cwd, …). */
    private readonly common: (mode: string) => Record<string, unknown>,
  ) {}

  get active(): boolean {
    return !this.settings.disabled && this.settings.hooks.length > 0;
  }

  private async run(event: HookEvent, toolName: string, input: Record<string, unknown>): Promise<HookRun[]> {
    if (this.settings.disabled) return [];
    const hooks = selectHooks(this.settings.hooks, event, toolName);
    if (hooks.length === 0) return [];
    return runHooks(this.host, hooks, input);
  }

  /** The Stop hooks at the model's end of turn; their matchers are not consulted (hook-stop-*:
   * a matcher naming a tool, or `Ba.*`, selects them too). */
  async stop(permissionMode: string, active: boolean, lastMessage: string): Promise<StopOutcome> {
    const out: StopOutcome = { steps: [], feedback: [], texts: [], prevent: false };
    if (this.settings.disabled) return out;
    const hooks = selectHooks(this.settings.hooks, 'Stop');
    if (hooks.length === 0) return out;
    const runs = await runHooks(this.host, hooks, {
      ...this.common(permissionMode),
      hook_event_name: 'Stop',
      stop_hook_active: active,
      last_assistant_message: lastMessage,
      background_tasks: [],
      session_crons: [],
    });
    for (const r of runs) {
      const j = r.json;
      const effects: string[] = [];
      // A JSON block counts on every exit code (hook-stop-exit1: exit 3) and wins over exit 2's
      // stderr (hook-stop-exit2-json).
      if (j?.decision === 'block') {
        const reason = typeof j.reason === 'string' ? j.reason : 'Blocked by hook';
        out.feedback.push(reason);
        out.texts.push(`Stop hook blocking error from command: "${r.hook.command}": ${reason}`);
        effects.push('decision block: the model goes on');
      } else if (r.exitCode === 2) {
        out.feedback.push(`[${r.hook.command}]: ${r.stderr === '' ? 'No stderr output' : r.stderr}`);
        effects.push('exit 2: the model goes on, stderr to the model');
      }
      const h = specific(r, 'Stop');
      if (h && typeof h.additionalContext === 'string') {
        out.texts.push(`Stop hook additional context: ${h.additionalContext}`);
        effects.push('additionalContext: the model goes on');
      }
      if (j?.continue === false) {
        out.prevent = true;
        effects.push('continue: false ends the session');
      }
      out.steps.push(step('Stop', r, effects.length ? effects.join('; ') : 'no effect: the session ends'));
    }
    return out;
  }

  /** The UserPromptSubmit hooks before the prompt reaches the model. Their matchers are not
   * consulted (a tool's name or a pattern selects them: difftest seeds 17171717 and 18181818). A JSON
   * `continue: false` stops the session, winning over a block; `decision: block` blocks on any
   * exit code, with its reason in place of exit 2's stderr; a context or plain stdout goes into
   * the prompt, which no tool result shows. */
  async promptSubmit(permissionMode: string, prompt: string): Promise<PromptOutcome> {
    const out: PromptOutcome = { steps: [], notices: [] };
    if (this.settings.disabled) return out;
    const hooks = selectHooks(this.settings.hooks, 'UserPromptSubmit');
    if (hooks.length === 0) return out;
    const runs = await runHooks(this.host, hooks, {
      ...this.common(permissionMode),
      hook_event_name: 'UserPromptSubmit',
      prompt,
    });
    let stopped: string | undefined;
    let blocked: string | undefined;
    for (const r of runs) {
      const j = r.json;
      const effects: string[] = [];
      if (j?.continue === false) {
        // Without a stopReason the text is not recorded: the reason is left empty.
        stopped ??= `Operation stopped by hook: ${typeof j.stopReason === 'string' ? j.stopReason : ''}`;
        effects.push('continue: false stops the session');
      } else if (j?.decision === 'block') {
        blocked ??= typeof j.reason === 'string' ? j.reason : 'Blocked by hook';
        effects.push('decision block: the prompt is blocked');
      } else if (r.exitCode === 2) {
        blocked ??= `[${r.hook.command}]: ${r.stderr === '' ? 'No stderr output' : r.stderr}`;
        effects.push('exit 2: the prompt is blocked');
      }
      if (typeof j?.systemMessage === 'string') out.notices.push(`UserPromptSubmit says: ${j.systemMessage}`);
      out.steps.push(step('UserPromptSubmit', r, effects.length ? effects.join('; ') : 'no effect: the prompt goes on'));
    }
    const refused =
      stopped ?? (blocked === undefined ? undefined : `UserPromptSubmit operation blocked by hook:\n${blocked}\n\nOriginal prompt: ${prompt}`);
    return refused === undefined ? out : { ...out, refused };
  }

  async preToolUse(c: HookCallInfo): Promise<PreOutcome> {
    const runs = await this.run('PreToolUse', c.toolName, {
      ...this.common(c.permissionMode),
      hook_event_name: 'PreToolUse',
      tool_name: c.toolName,
      tool_input: c.input,
      tool_use_id: c.toolUseId,
    });
    const out: PreOutcome = { steps: [], attachments: [] };
    const label = `PreToolUse:${c.toolName}`;
    let block: Block | undefined;
    let ask: { reason?: string } | undefined;
    let allow: string | undefined;
    for (const r of runs) {
      const h = specific(r, 'PreToolUse');
      const j = r.json;
      // A JSON answer counts on every exit code (hook-pre-json-exit-codes: a block on exit 1 or
      // 3; hook-pre-bash: a JSON deny with exit 2 gives its reason, not the stderr text).
      const decision =
        h?.permissionDecision ??
        (j?.decision === 'block' ? 'deny' : j?.decision === 'approve' ? 'allow' : undefined);
      const reason =
        typeof h?.permissionDecisionReason === 'string'
          ? h.permissionDecisionReason
          : typeof j?.reason === 'string'
            ? j.reason
            : undefined;
      const effects: string[] = [];
      // Exit 2 blocks with the stderr unless the JSON denies: its ask or allow is dropped
      // (hook-pre-json-exit-ask).
      const exitBlocks = r.exitCode === 2 && decision !== 'deny';
      if (exitBlocks) {
        block = later(block, {
          content: `${label} hook error: [${r.hook.command}]: ${r.stderr === '' ? 'No stderr output' : r.stderr}`,
          reason:
            'A PreToolUse hook exited with code 2, which blocks the call; its stderr goes to the model.',
          finished: r.finished,
        });
        effects.push('exit 2: blocks the call, stderr to the model');
      } else if (r.exitCode !== 0 && r.exitCode !== 2) {
        effects.push(
          r.timedOut
            ? 'timed out: no effect on the call'
            : `exit ${r.exitCode}: a non-blocking error, shown to the user only`,
        );
      }
      if (j?.continue === false) {
        out.stop = true;
        effects.push('continue: false ends the session');
      }
      if (decision === 'deny') {
        const content = this.wording.denyPrefixed
          ? `${label} hook error: ${reason ?? 'Blocked by hook'}`
          : (reason ?? `Hook ${label} denied this tool`);
        block = later(block, { content, reason: 'A PreToolUse hook denied the call.', finished: r.finished });
        effects.push('deny');
      } else if (exitBlocks) {
        if (decision !== undefined) effects.push(`its ${decision} is dropped`);
      } else if (decision === 'ask') {
        ask ??= reason !== undefined ? { reason } : {};
        effects.push('ask');
      } else if (decision === 'allow') {
        allow ??= reason ?? 'no reason given';
        effects.push('allow');
      }
      if (h && isObject(h.updatedInput)) {
        out.updatedInput = h.updatedInput;
        effects.push('updatedInput replaces the input');
      }
      if (h && typeof h.additionalContext === 'string') {
        out.attachments.push(`${label} hook additional context: ${h.additionalContext}`);
        effects.push('additionalContext to the model');
      }
      out.steps.push(step('PreToolUse', r, effects.length ? effects.join('; ') : 'no effect on the call'));
    }
    // A block (exit 2 or deny) wins over ask, ask over allow (hook-multi-deny-and-ask).
    if (block) out.block = { content: block.content, reason: block.reason, permissionDenial: true };
    else if (ask) out.ask = { reason: ask.reason ?? `Hook ${label} asked for confirmation for this tool` };
    else if (allow !== undefined) out.allow = { reason: allow };
    return out;
  }

  async permissionRequest(c: HookCallInfo, suggestions: unknown[] | undefined): Promise<PermissionOutcome> {
    const input: Record<string, unknown> = {
      ...this.common(c.permissionMode),
      hook_event_name: 'PermissionRequest',
      tool_name: c.toolName,
      tool_input: c.input,
    };
    if (suggestions !== undefined) input.permission_suggestions = suggestions;
    const runs = await this.run('PermissionRequest', c.toolName, input);
    const out: PermissionOutcome = { steps: [] };
    for (const r of runs) {
      // The JSON decision counts on every exit code: allow on exit 1, 2, 3 runs the call, deny on
      // exit 1 or 2 refuses it with its message (dt-hooks-workspace-21212121-115-r and its variants, 2.1.332).
      const h = specific(r, 'PermissionRequest');
      const d = isObject(h?.decision) ? h.decision : undefined;
      if (d?.behavior === 'allow' && !out.decision) {
        out.decision = {
          behavior: 'allow',
          ...(isObject(d.updatedInput) ? { updatedInput: d.updatedInput } : {}),
        };
        out.steps.push(step('PermissionRequest', r, 'allow: the prompt is answered'));
      } else if (d?.behavior === 'deny' && out.decision?.behavior !== 'deny') {
        out.decision = {
          behavior: 'deny',
          message: typeof d.message === 'string' ? d.message : 'Permission denied by hook',
          interrupt: d.interrupt === true,
        };
        out.steps.push(step('PermissionRequest', r, 'deny: the prompt is answered'));
      } else out.steps.push(step('PermissionRequest', r, 'no decision: the prompt goes ahead'));
    }
    return out;
  }

  private async post(
    event: 'PostToolUse' | 'PostToolUseFailure',
    c: HookCallInfo,
    extra: Record<string, unknown>,
  ): Promise<PostOutcome> {
    const runs = await this.run(event, c.toolName, {
      ...this.common(c.permissionMode),
      hook_event_name: event,
      tool_name: c.toolName,
      tool_input: c.input,
      ...extra,
    });
    const out: PostOutcome = { steps: [], attachments: [] };
    const label = `${event}:${c.toolName}`;
    for (const r of runs) {
      const texts: string[] = [];
      const j = r.json;
      // JSON counts on every exit code, and a JSON block wins over exit 2's stderr
      // (hook-post-json-exit-codes, both versions).
      const prefix = `${label} hook blocking error from command: "${r.hook.command}": `;
      if (j?.decision === 'block')
        texts.push(prefix + (typeof j.reason === 'string' ? j.reason : 'Blocked by hook'));
      else if (r.exitCode === 2)
        texts.push(`${prefix}[${r.hook.command}]: ${r.stderr === '' ? 'No stderr output' : r.stderr}`);
      const h = specific(r, event);
      if (h && typeof h.additionalContext === 'string')
        texts.push(`${label} hook additional context: ${h.additionalContext}`);
      if (event === 'PostToolUse' && j?.continue === false) out.stop = true;
      if (texts.length) out.attachments.push(texts.join('\n\n'));
      out.steps.push(
        step(
          event,
          r,
          texts.length
            ? 'the model is told'
            : r.exitCode === 0
              ? 'no effect'
              : `exit ${r.exitCode}: shown to the user only`,
        ),
      );
    }
    return out;
  }

  postToolUse(c: HookCallInfo, response: unknown): Promise<PostOutcome> {
    return this.post('PostToolUse', c, { tool_response: response, tool_use_id: c.toolUseId, duration_ms: 0 });
  }

  postToolUseFailure(c: HookCallInfo, error: string): Promise<PostOutcome> {
    return this.post('PostToolUseFailure', c, {
      tool_use_id: c.toolUseId,
      error,
      is_interrupt: false,
      duration_ms: 0,
    });
  }
}

/** What a formatter hook did to a file the call just wrote (hook-post-formatter-*): the model
 * is told, as additional context of the event. */
export const formatterNote = (event: string, toolName: string, path: string): string =>
  `${event}:${toolName} hook additional context: PostToolUse hook modified ${path} after your edit (likely a formatter). Your next Edit will not fail with a stale-file error, but if its old_string targets a region the hook reformatted, Read the file first.`;

/** A call's hook messages as the model gets them: one system text, the messages joined by a
 * blank line, the end trimmed (hook-multi-same-event: two stderr texts ending in a newline). */
export function joinHookTexts(texts: readonly string[], trimmed = true): Attachment | undefined {
  if (texts.length === 0) return undefined;
  const text = texts.join('\n\n');
  return { role: 'system', type: 'text', text: trimmed ? text.trimEnd() : text };
}
