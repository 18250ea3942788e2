// Claude Code's own commands as the Skill tool sees them, recorded by calling each name
// (skill-command-names-1/2). Bundled skills that launch or run in a subagent (init, loop,
// review, …) are not emulated: their bodies are the binary's own (not recorded here), so they
// are only names an unknown skill may be corrected to.
import type { Profile } from '../types';

const UI_COMMANDS = [
  'add-dir',
  'bashes',
  'branch',
  'btw',
  'bug',
  'cd',
  'color',
  'config',
  'copy',
  'cost',
  'effort',
  'exit',
  'export',
  'fast',
  'feedback',
  'focus',
  'goal',
  'help',
  'hooks',
  'ide',
  'login',
  'logout',
  'mcp',
  'memory',
  'model',
  'permissions',
  'plan',
  'plugin',
  'quit',
  'release-notes',
  'rename',
  'resume',
  'sandbox',
  'skills',
  'stats',
  'status',
  'tasks',
  'terminal-setup',
  'theme',
  'usage',
];

const CLI_COMMANDS = [
  'agents',
  'auto-mode-setup',
  'autocompact',
  'clear',
  'compact',
  'context',
  'heapdump',
  'list-agents',
  'new',
  'output-style',
  'recap',
  'reload-plugins',
  'reload-skills',
  'rewind',
];

/** Bundled skills the model may not invoke (disable-model-invocation). */
const MODEL_DISABLED = [
  '__remote-workflow',
  'batch',
  'debug',
  'deep-research',
  'doctor',
  'insights',
  'run-skill-generator',
  'statusline',
  'team-onboarding',
  'verify',
  'workflow-launch-exec',
];

/** Bundled skills that load or fork (not emulated: see above). */
const BUNDLED = [
  'claude-api',
  'code-review',
  'dataviz',
  'fewer-permission-prompts',
  'init',
  'keybindings-help',
  'loop',
  'review',
  'run',
  'security-review',
  'simplify',
  'update-config',
  'workflow-authoring',
];

export const SKILLS_2_1_273: NonNullable<Profile['skills']> = {
  uiCommands: UI_COMMANDS,
  cliCommands: CLI_COMMANDS,
  modelDisabled: MODEL_DISABLED,
  suggestable: [...BUNDLED, ...MODEL_DISABLED, ...UI_COMMANDS, ...CLI_COMMANDS],
};
