// ListAgents outcome -> what the model receives. 2.1.332's result object adds `sections` and
// `notes` (profile.listAgentsPages).
import type { Rendered, ToolContext } from '../types';
import type { ListAgentsOutcome } from './list-agents';

const CURSOR_NOT_VALID =
  '(that cursor is not valid: this session did not issue it, or it has expired — no agents were looked up; call again with no cursor to list them from the start)';

export function renderListAgents(o: ListAgentsOutcome, ctx: ToolContext): Rendered {
  const paged = ctx.profile.listAgentsPages === true;
  if (o.kind === 'bad-cursor')
    return {
      content: CURSOR_NOT_VALID,
      is_error: false,
      structured: { listing: CURSOR_NOT_VALID, sections: [], notes: [{ kind: 'cursor_not_valid', text: CURSOR_NOT_VALID }] },
    };
  // 2.1.332 says peer messaging is available only when SendMessage is offered (list-agents-with-task).
  const peers = !paged || ctx.offered.has('SendMessage') ? ' (peer messaging itself is available; a session appears here once it is started)' : '';
  const listing = `This session is ${o.name} [${o.ref}] — the name other sessions use to message it (it is not listed below; a message to it would be a message to yourself).\n\nNo reachable agents — no other Claude session is running on this machine right now${peers}.`;
  return { content: listing, is_error: false, structured: paged ? { listing, sections: [], notes: [] } : { listing } };
}

export function explainListAgents(o: ListAgentsOutcome): string {
  if (o.kind === 'bad-cursor') return 'A cursor comes from the last line of a long listing; this session never gave one, so nothing was looked up.';
  return `The playground runs one session and no other Claude sessions, so nobody is listed; ${o.name} [${o.ref}] is this session's own address.`;
}
