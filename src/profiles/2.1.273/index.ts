import type { Profile, ToolDefinition } from '../types';
import tools from './tools.json';

// Models that keep the strict read-before-edit rule and inline notices (oracle README,
// "Model-dependent behaviour"): the 4.x family.
const STRICT = /^claude-(opus|sonnet|haiku)-4/;

export const profile_2_1_273: Profile = {
  version: '2.1.273',
  defaultModel: 'claude-opus-5[1m]',
  toolDefinitions: tools.tools as ToolDefinition[],
  defaultTools: ['Bash', 'Edit', 'NotebookEdit', 'Read', 'Write'],
  relaxedReadBeforeEdit: (model) => !STRICT.test(model),
  noticePlacement: (model) => (STRICT.test(model) ? 'inline' : 'attachment'),
  repeatReadGuard: true,
};
