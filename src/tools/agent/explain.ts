import type { AgentOutcome } from './agent';

export function explainAgent(o: AgentOutcome): string {
  switch (o.kind) {
    case 'unknown-type':
      return `No built-in, project or user agent is named ${o.type}, so no subagent starts.`;
    case 'no-worktree':
      return 'Worktree isolation needs a git repository (or WorktreeCreate hooks); there is none here, so no subagent starts.';
    case 'too-deep':
      return `This call comes from a subagent ${o.limit} levels deep; the playground stops nesting there so a chain of agents calling agents ends (the binary's own behaviour for endless nesting is not recorded).`;
    case 'launched':
      return `The ${o.agentType} agent runs in the background (run_in_background was not false); the parent is notified when it finishes (here: after the parent's last model call; when the binary delivers it earlier is not recorded reliably).`;
    case 'completed':
      return `The ${o.agentType} agent ran in the foreground as a conversation of its own (its own read ledger) and made ${o.toolNames.length} tool call(s); its final text is handed back. Its wall time (duration_ms) is not emulated: 0 here.`;
  }
}
