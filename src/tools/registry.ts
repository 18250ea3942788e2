// Every tool the playground implements. A tool is added here and nowhere else (see
// "Adding a tool" in ARCHITECTURE.md).
import type { AnyTool } from './types';
import { agentTool } from './agent';
import { bashTool } from './bash';
import { editTool } from './edit';
import { globTool } from './glob';
import { grepTool } from './grep';
import { notebookEditTool } from './notebook-edit';
import { readTool } from './read';
import { writeTool } from './write';

export const ALL_TOOLS: readonly AnyTool[] = [agentTool, bashTool, editTool, globTool, grepTool, notebookEditTool, readTool, writeTool];
