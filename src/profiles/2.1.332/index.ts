import { PERMISSIONS_2_1_332 } from '../../permissions/behaviour';
import { profile_2_1_273 } from '../2.1.273';
import type { Profile, ToolDefinition } from '../types';
import tools from './tools.json';

// 2.1.273 with what the recorded corpora show differs (oracle README, "Differences between
// 2.1.273 and 2.1.332"); every switch is listed here, so the whole difference reads in one place.
export const profile_2_1_332: Profile = {
  ...profile_2_1_273,
  version: '2.1.332',
  defaultModel: 'claude-opus-5-5',
  toolDefinitions: tools.tools as ToolDefinition[],
  repeatReadGuard: false,
  permissions: PERMISSIONS_2_1_332,
};
