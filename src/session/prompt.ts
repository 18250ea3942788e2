// What a permission prompt is (its types, the rule text "always allow" adds, what the model is
// told on a no), apart from the rule suggestions in ask.ts, so the page can show a prompt without
// loading the shell parser those need.
import type { SessionDecision } from './permissions';
import type { FilePreview } from '../tools/types';

export type PromptAnswer = 'allow-once' | 'allow-always' | 'deny';

/** A settings change Claude Code offers at a prompt, in the Agent SDK's `PermissionUpdate`
 * shape (only the kind the playground offers: allow rules written to local settings). */
export interface PermissionUpdate {
  type: 'addRules';
  rules: { toolName: string; ruleContent?: string }[];
  behavior: 'allow';
  destination: 'localSettings';
}

/** What the person (or the scenario) is asked. */
export interface PermissionPrompt {
  callId: string;
  tool: string;
  /** The input after the schema parsed it. */
  input: unknown;
  /** The engine's `ask`: its rule or reason is why the call asks. */
  decision: SessionDecision;
  /** What "always allow" would add. */
  suggestions: PermissionUpdate[];
  /** The change to a file the call would make (Edit, Write), for the prompt to show. */
  preview?: FilePreview;
}

export interface PromptReply {
  answer: PromptAnswer;
  by: 'user' | 'scenario';
}

/** Undefined: nobody answers, and the call is refused as in -p mode. */
export type OnAsk = (prompt: PermissionPrompt) => Promise<PromptReply | undefined>;

/** How a prompt ended, kept on the call record for the panes. */
export interface PromptRecord extends PromptReply {
  /** The engine's decision that made the call ask. */
  asked: SessionDecision;
  /** Rules "always allow" added, as written in the settings file. */
  added: string[];
}

/** The tool_result content when the person rejects the call at the prompt. Not recorded by the
 * oracle (-p mode has no prompt); the text as public Claude Code session transcripts show it,
 * where the transcript's `toolUseResult` for it is `User rejected tool use`. */
export const USER_REJECTED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
export const USER_REJECTED_STRUCTURED = 'User rejected tool use';

export const ruleString = (r: PermissionUpdate['rules'][number]): string =>
  r.ruleContent === undefined ? r.toolName : `${r.toolName}(${r.ruleContent})`;
