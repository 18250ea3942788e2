// Built-in agent types as 2.1.332 lists them to a subagent offered the Agent tool (recorded:
// conformance/results/2.1.332/agent-*.json), kept as JSON since they are the binary's text. `tools`:
// '*' (every tool of the session), a list, or every tool but `except`; `olderModelsDescription`:
// the text with models of the 4.x families; `oneShot`: hands back the report alone.
import type { BuiltinAgent } from '../types';
import agents from './agents.json';

export const BUILTIN_AGENTS_2_1_332: readonly BuiltinAgent[] = agents as BuiltinAgent[];
