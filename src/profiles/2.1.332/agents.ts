// Built-in agent types as 2.1.332 lists them to a subagent offered the Agent tool (recorded:
// conformance/results/2.1.332/agent-*.json), kept as JSON since they are the binary's text. `tools`:
// '*' (every tool of the session), a list, or every tool but `except`; `olderModelsDescription`:
// the text with models of the 4.x families; `oneShot`: hands back the report alone.
import type { BuiltinAgent } from '../types';
import agents from './agents.json';

export const BUILTIN_AGENTS_2_1_332: readonly BuiltinAgent[] = agents as BuiltinAgent[];

/** The bypassPermissions note of the agent listing when the parent runs on claude-opus-5-5. */
export const OPUS_BYPASS_NOTE =
  'While bypass permissions mode is active:\n\nYou can do much of your work through the Bash tool when it is the simpler route: read files with cat, head, or sed -n, search with grep and find, and make small, mechanical file changes with sed, heredocs, or short scripts instead of the dedicated Read, Edit, or Write tools. The choice is yours: prefer Edit or Write when a shell edit would be fragile, such as exact or multi-line replacements, or sed/awk flags that differ between GNU and BSD/macOS.';
