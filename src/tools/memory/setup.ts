// When the memory tools are on, and the stores they start with (issue 16, recorded on both
// versions): on when the server flags are (here: the scenario's `memory`) unless auto memory is
// off (autoMemoryEnabled: false in user or project settings, CLAUDE_CODE_DISABLE_AUTO_MEMORY).
import { envValue, settingsOf, truthy } from '../../scenario/env';
import type { Scenario } from '../../scenario/schema';
import type { ToolSetup } from '../types';
import { seedMemory } from './store';

export function memoryOn(s: Scenario): boolean {
  if (s.memory === undefined) return false;
  if (truthy(envValue(s, 'CLAUDE_CODE_DISABLE_AUTO_MEMORY'))) return false;
  return !settingsOf(s).some((set) => set?.autoMemoryEnabled === false);
}

/** The memory stores the memory tools work on, when the scenario turns them on. */
export const setupMemory: ToolSetup = (scen, conversation, ws) => {
  if (memoryOn(scen) && scen.memory?.personal)
    seedMemory(conversation, { personal: scen.memory.personal }, ws.clock.now());
};
