// Built-in agent types as this version lists them to a subagent offered the Agent tool (recorded:
// conformance/results/2.1.273/agent-*.json). `tools`: '*' (every tool of the session), a list, or
// every tool but `except`. `olderModelsDescription`: the text with models before the opus-5 family.
import type { BuiltinAgent } from '../types';

export const BUILTIN_AGENTS_2_1_273: readonly BuiltinAgent[] = [
  {
    name: 'claude',
    description:
      "Catch-all for any task that doesn't fit a more specific agent. FleetView's default when no agent name is typed.",
    tools: '*',
  },
  {
    name: 'Explore',
    oneShot: true,
    description:
      'Read-only search agent for broad fan-out searches — when answering means sweeping many files, directories, or naming conventions and you only need the conclusion, not the file dumps. It reads excerpts rather than whole files, so it locates code; it doesn\'t review or audit it. Specify search breadth: "medium" for moderate exploration, "very thorough" for multiple locations and naming conventions.',
    olderModelsDescription:
      'Fast read-only search agent for locating code. Use it to find files by pattern (eg. "src/components/**/*.tsx"), grep for symbols or keywords (eg. "API endpoints"), or answer "where is X defined / which files reference Y." Do NOT use it for code review, design-doc auditing, cross-file consistency checks, or open-ended analysis — it reads excerpts rather than whole files and will miss content past its read window. When calling, specify search breadth: "quick" for a single targeted lookup, "medium" for moderate exploration, or "very thorough" to search across multiple locations and naming conventions.',
    tools: {
      except: [
        'Agent',
        'Artifact',
        'ArtifactComments',
        'ArtifactData',
        'ArtifactCheck',
        'ExitPlanMode',
        'Edit',
        'Write',
        'NotebookEdit',
      ],
    },
  },
  {
    name: 'general-purpose',
    description:
      'General-purpose agent for researching complex questions, searching for code, and executing multi-step tasks. When you are searching for a keyword or file and are not confident that you will find the right match in the first few tries use this agent to perform the search for you.',
    tools: '*',
  },
  {
    name: 'Plan',
    oneShot: true,
    description:
      'Software architect agent for designing implementation plans. Use this when you need to plan the implementation strategy for a task. Returns step-by-step plans, identifies critical files, and considers architectural trade-offs.',
    tools: {
      except: [
        'Agent',
        'Artifact',
        'ArtifactComments',
        'ArtifactData',
        'ArtifactCheck',
        'ExitPlanMode',
        'Edit',
        'Write',
        'NotebookEdit',
      ],
    },
  },
  {
    name: 'statusline-setup',
    description: "Use this agent to configure the user's Claude Code status line setting.",
    tools: ['Read', 'Edit'],
  },
];
