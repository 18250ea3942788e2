import type { ToolModule } from '../types';
import { runAgent, type AgentOutcome } from './agent';
import { explainAgent } from './explain';
import { renderAgent } from './render';
import { agentInput, type AgentInput } from './schema';

export const agentTool: ToolModule<AgentInput, AgentOutcome> = {
  name: 'Agent',
  schema: agentInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  // No mode but plan asks before an Agent call (agent-perm-*): a request with no paths is allowed
  // (plan mode's classifier check is not emulated).
  permissionRequest: (input) => ({ tool: 'Agent', kind: 'read', paths: [], input }),
  call: runAgent,
  render: renderAgent,
  explain: explainAgent,
};
