// SendMessage outcome -> what the model receives: a text block holding the JSON result
// (the same in 2.1.273 and 2.1.332).
import type { Rendered } from '../types';
import type { SendMessageOutcome } from './send-message';

const error = (text: string): Rendered => ({ content: `<tool_use_error>${text}</tool_use_error>`, is_error: true, structured: `Error: ${text}` });

const result = (o: Record<string, unknown>, structured: Record<string, unknown> = o): Rendered => ({
  content: [{ type: 'text', text: JSON.stringify(o) }],
  is_error: false,
  structured,
});

export function renderSendMessage(o: SendMessageOutcome): Rendered {
  switch (o.kind) {
    case 'empty-to':
      return error('to must not be empty');
    case 'empty-message':
      return error('message must not be empty');
    case 'self':
      return result({ success: false, message: 'You are the main conversation — "main" addresses you. Send to a named agent instead.' });
    case 'unreachable': {
      const hint = o.idLike
        ? "Check the spelling, or use the agent ID from a background agent's spawn result."
        : 'Use ListAgents to see everyone you can message.';
      const body = { success: false, message: `No agent named '${o.to}' is reachable.\n${hint}` };
      return result(body, { ...body, display: `Not sent — no agent named '${o.to}' is reachable.` });
    }
    case 'no-transcript':
      return result({
        success: false,
        message: `Agent "${o.to}" could not be resumed: No transcript found for agent ID: ${o.to}. If you read this id in a message from another Claude Code process (e.g. the lead's subagent, seen from a teammate pane), it never ran in this session — reply through "team-lead" or the session that sent it instead of the raw id.`,
      });
  }
}

export function explainSendMessage(o: SendMessageOutcome): string {
  switch (o.kind) {
    case 'empty-to':
      return 'The recipient is empty (or only spaces).';
    case 'empty-message':
      return 'A message is required unless notify_when_idle asks only for an idle notice.';
    case 'self':
      return '"main" is the main conversation itself; only a background subagent can send to it.';
    case 'unreachable':
      return `No subagent, teammate or other session named ${o.to} exists: the playground runs one session and no other Claude sessions${o.idLike ? ' (the name looks like an id, so the hint is about agent ids)' : ''}.`;
    case 'no-transcript':
      return `${o.to} looks like an agent id; no agent with it ran in this session, so there is no transcript to resume.`;
  }
}
