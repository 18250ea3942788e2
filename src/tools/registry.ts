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
import { skillTool } from './skill';
import { cronCreateTool, cronDeleteTool, cronListTool } from './cron/cron';
import { scheduleWakeupTool } from './schedule-wakeup';
import { writeTool } from './write';
import { listAgentsTool } from './list-agents';
import { monitorTool } from './monitor';
import { sendMessageTool } from './send-message';
import { taskOutputTool } from './task-output';
import { taskStopTool } from './task-stop';
import { workflowTool } from './workflow';
import { webFetchTool } from './web-fetch';
import { webSearchTool } from './web-search';
import { enterWorktreeTool, exitWorktreeTool } from './worktree';
import { toolSearchTool } from './tool-search';
import { reportFindingsTool } from './report-findings';
import { powershellTool } from './powershell';
import { memoryListTool, memoryReadTool, memoryWriteTool } from './memory';
import { lspTool } from './lsp';

export const ALL_TOOLS: readonly AnyTool[] = [
  agentTool,
  bashTool,
  editTool,
  globTool,
  grepTool,
  notebookEditTool,
  readTool,
  writeTool,
  skillTool,
  // Scheduling: each version offers the ones its tools.json defines (Cron* in 2.1.273).
  cronCreateTool,
  cronListTool,
  cronDeleteTool,
  scheduleWakeupTool,
  // Background work (src/tools/background): each version offers the ones its tools.json defines.
  taskOutputTool,
  taskStopTool,
  sendMessageTool,
  listAgentsTool,
  monitorTool,
  workflowTool,
  // The web (src/tools/web-fetch/script.ts: pages and searches come from the scenario).
  webFetchTool,
  webSearchTool,
  // Worktrees (src/tools/worktree).
  enterWorktreeTool,
  exitWorktreeTool,
  // Deferred tools (2.1.332's default set).
  toolSearchTool,
  // Code review (src/tools/report-findings): the page lists the findings by file and line.
  reportFindingsTool,
  // Offered only when the session turns them on (session/gated-tools.ts): PowerShell with
  // CLAUDE_CODE_USE_POWERSHELL_TOOL, the memory tools with the scenario's `memory`.
  powershellTool,
  memoryListTool,
  memoryReadTool,
  memoryWriteTool,
  // Code intelligence (src/tools/lsp): offered once a plugin declares a language server.
  lspTool,
];

/** The tools the oracle's runner names with --tools when a scenario names none. */
export const ORACLE_TOOLS: readonly string[] = [
  bashTool,
  readTool,
  editTool,
  writeTool,
  notebookEditTool,
  globTool,
  grepTool,
].map((t) => t.name);
