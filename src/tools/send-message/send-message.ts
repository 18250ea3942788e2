// SendMessage as one session can show it: nobody else is reachable. The main conversation
// cannot address itself; any other name is not reachable. Subagents and teammates (the Agent
// tool) are not emulated here.
import type { ToolContext } from '../types';
import type { SendMessageInput } from './schema';

export type SendMessageOutcome =
  | { kind: 'empty-to' }
  | { kind: 'empty-message' }
  | { kind: 'self' }
  /** `task`: the name is a background task's id, which is not an agent (agents-send-task-id). */
  | { kind: 'unreachable'; to: string; task: boolean };

export function checkSendMessage(input: SendMessageInput): SendMessageOutcome | undefined {
  if (input.to.trim() === '') return { kind: 'empty-to' };
  // A subscription alone needs no message (agents-send-unknown).
  if (input.message === '' && input.notify_when_idle !== true) return { kind: 'empty-message' };
  return undefined;
}

export function sendMessage(input: SendMessageInput, ctx: ToolContext): Promise<SendMessageOutcome> {
  const early = checkSendMessage(input);
  if (early) return Promise.resolve(early);
  const to = input.to.trim();
  // " main " and "MAIN" address the main conversation too (agents-send-whitespace).
  if (to.toLowerCase() === 'main') return Promise.resolve({ kind: 'self' });
  return Promise.resolve({ kind: 'unreachable', to: input.to, task: ctx.conversation.tasks.get(to) !== undefined });
}
