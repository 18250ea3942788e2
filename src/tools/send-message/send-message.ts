// SendMessage as one session can show it: nobody else is reachable. The main conversation
// cannot address itself; any other name is not reachable. Subagents and teammates (the Agent
// tool) are not emulated here.
import type { ToolContext } from '../types';
import type { SendMessageInput } from './schema';

export type SendMessageOutcome =
  | { kind: 'empty-to' }
  | { kind: 'empty-message' }
  | { kind: 'self' }
  /** `idLike`: the name looks like an id rather than a name (send-message-task-id,
   * task-stop-monitor-id), so the hint is about ids. */
  | { kind: 'unreachable'; to: string; idLike: boolean }
  /** Shaped like an agent id (`a` and 16 hex digits): its transcript is looked up, and there is
   * none (send-message-id-like). */
  | { kind: 'no-transcript'; to: string };

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
  void ctx;
  if (/^a[0-9a-f]{16}$/.test(to)) return Promise.resolve({ kind: 'no-transcript', to });
  // Inferred from six recorded names: a task id and "$TASK1" got the id hint; "worker",
  // "bzzzzzzzz", "worker [3fa9c1]" and a workflow run id the ListAgents one. A single word with
  // a digit and no _ or - is the rule that fits them; other shapes are not recorded.
  return Promise.resolve({ kind: 'unreachable', to: input.to, idLike: /\d/.test(to) && /^[^\s_-]+$/.test(to) });
}
