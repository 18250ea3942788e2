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
  permissionRequest: (input) => ({ tool: 'Agent', kind: 'other', paths: [], input }),
  call: runAgent,
  render: renderAgent,
  explain: explainAgent,
};
