// The memory tools, offered when the session turns them on (the scenario's `memory`, standing in
// for the server flags the oracle answered; session/gated-tools.ts). Their permission handling
// in other modes than bypassPermissions was not recorded: they ask nothing here.
import type { ToolModule } from '../types';
import { explainMemory } from './explain';
import { memoryList, memoryRead, memoryWrite, validateMemoryWrite, type MemoryOutcome } from './memory';
import { renderMemory } from './render';
import { setupMemory } from './setup';
import {
  memoryListInput,
  memoryReadInput,
  memoryWriteInput,
  type MemoryListInput,
  type MemoryReadInput,
  type MemoryWriteInput,
} from './schema';

const request = (tool: string, input: unknown) => ({
  tool,
  kind: 'other' as const,
  paths: [],
  input,
  noPrompt: true,
});

export const memoryListTool: ToolModule<MemoryListInput, MemoryOutcome> = {
  name: 'memory_list',
  setup: setupMemory,
  schema: memoryListInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input) => request('memory_list', input),
  call: memoryList,
  render: renderMemory,
  explain: explainMemory,
};

export const memoryReadTool: ToolModule<MemoryReadInput, MemoryOutcome> = {
  name: 'memory_read',
  setup: setupMemory,
  schema: memoryReadInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input) => request('memory_read', input),
  call: memoryRead,
  render: renderMemory,
  explain: explainMemory,
};

export const memoryWriteTool: ToolModule<MemoryWriteInput, MemoryOutcome> = {
  name: 'memory_write',
  setup: setupMemory,
  schema: memoryWriteInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => request('memory_write', input),
  validate: validateMemoryWrite,
  call: memoryWrite,
  render: renderMemory,
  explain: explainMemory,
};
