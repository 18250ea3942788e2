// Every tool the playground implements. A tool is added here and nowhere else (see
// "Adding a tool" in ARCHITECTURE.md).
import type { AnyTool } from './types';
import { readTool } from './read';

export const ALL_TOOLS: readonly AnyTool[] = [readTool];
