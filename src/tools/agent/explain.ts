import type { AgentOutcome } from './agent';

export function explainAgent(o: AgentOutcome): string {
  switch (o.kind) {
    case 'unknown-type':
      return `No built-in, project or user agent is named ${o.type}, so no subagent starts.`;
    case 'no-worktree':
      return 'Worktree isolation needs a git repository (or WorktreeCreate hooks); there is none here, so no subagent starts.';
    case 'launched':
      return `The ${o.agentType} agent runs in the background (run_in_background was not false); the parent is notified when it finishes.`;
    case 'completed':
      return `The ${o.agentType} agent ran in the foreground as a conversation of its own (its own read ledger) and made ${o.toolNames.length} tool call(s); its final text is handed back.`;
  }
}
