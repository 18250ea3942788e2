// Built-in agent types as 2.1.273 lists them to a subagent offered the Agent tool (recorded:
// conformance/results/2.1.273/agent-*.json), kept as JSON since they are the binary's text. `tools`:
// '*' (every tool of the session), a list, or every tool but `except`; `olderModelsDescription`:
// the text with models of the 4.x families; `oneShot`: hands back the report alone.
import type { BuiltinAgent } from '../types';
import agents from './agents.json';

export const BUILTIN_AGENTS_2_1_273: readonly BuiltinAgent[] = agents as BuiltinAgent[];

/** The bypassPermissions note of the agent listing when the parent runs on claude-fable-5-1
 * (recorded on both versions). */
export const FABLE_BYPASS_NOTE =
  'While bypass permissions mode is active:\n\nDo your work through the Bash tool wherever it can accomplish the job: read files with cat, head, or sed -n, search with grep and find, and make file changes with sed, heredocs, or short scripts, rather than using the dedicated Read, Edit, or Write tools. Fall back to a dedicated tool only when Bash genuinely cannot do the job.';
