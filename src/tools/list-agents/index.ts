import type { ToolModule } from '../types';
import { listAgents, type ListAgentsOutcome } from './list-agents';
import { explainListAgents, renderListAgents } from './render';
import { listAgentsInput, type ListAgentsInput } from './schema';

export const listAgentsTool: ToolModule<ListAgentsInput, ListAgentsOutcome> = {
  name: 'ListAgents',
  schema: listAgentsInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input) => ({ tool: 'ListAgents', kind: 'other', paths: [], input }),
  call: listAgents,
  render: renderListAgents,
  explain: explainListAgents,
};
