import type { ToolModule } from '../types';
import { runAgent, type AgentOutcome } from './agent';
import { explainAgent } from './explain';
import { pathRules } from '../files/suggest';
import { renderAgent } from './render';
import { agentInput, type AgentInput } from './schema';

export const agentTool: ToolModule<AgentInput, AgentOutcome> = {
  name: 'Agent',
  // -p mode lists a refused Agent call under its older name (agent-perm-plan).
  denialName: 'Task',
  schema: agentInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  // No mode but plan asks before an Agent call (agent-perm-*): a request with no paths is
  // allowed; plan mode puts it to the classifier (agent-perm-plan).
  permissionRequest: (input, ctx) => ({
    tool: 'Agent',
    kind: ctx.permissions.mode?.() === 'plan' ? 'other' : 'read',
    paths: [],
    input,
  }),
  // Outside plan mode the request is a read of no path (it never asks).
  suggestRules: (req, where) => (req.kind === 'read' ? pathRules('Read')(req, where) : [req.tool]),
  call: runAgent,
  render: renderAgent,
  explain: explainAgent,
};
