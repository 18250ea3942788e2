// What shared code outside the session may ask of a tool by its name, answered from the tools'
// own declarations, so that no caller keeps a list of tool names.
import { ALL_TOOLS } from '../tools/registry';

const SHELL = new Set(ALL_TOOLS.filter((t) => t.runsShell).map((t) => t.name));

/** Whether a call of this tool runs a command through the workspace's shell. */
export const runsShell = (name: string): boolean => SHELL.has(name);
