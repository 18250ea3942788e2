// Skill outcome -> what the model receives: a one-line launch result, the skill's text as user
// messages after the turn's results; refusals as tool_use_error.
import type { Rendered } from '../types';
import type { SkillOutcome } from './skill';

function refusal(text: string): Rendered {
  return {
    content: `<tool_use_error>${text}</tool_use_error>`,
    is_error: true,
    structured: `Error: ${text}`,
  };
}

export function renderSkill(o: SkillOutcome, strippedNameHint?: string): Rendered {
  switch (o.kind) {
    case 'launched':
      return {
        content: `Launching skill: ${o.name}`,
        is_error: false,
        structured: {
          success: true,
          commandName: o.name,
          ...(o.model !== undefined ? { model: o.model } : {}),
        },
        attachments: o.messages.map((text) => ({ role: 'user', type: 'text', text, joined: true })),
      };
    case 'invalid-format':
      return refusal(`Invalid skill format: ${o.name}`);
    case 'command':
      return refusal(
        `${o.name} is a ${o.what === 'ui' ? 'UI command' : 'built-in CLI command'}, not a skill. Ask the user to run /${o.name} themselves — it cannot be invoked via the Skill tool.`,
      );
    case 'model-disabled':
      return refusal(
        `Skill ${o.name} cannot be used with Skill tool due to disable-model-invocation. Ask the user to run /${o.name} themselves — it cannot be invoked via the Skill tool. Do not replicate this skill's workflow by other means — it is reserved for explicit user invocation.`,
      );
    case 'unknown':
      return refusal(
        o.suggestion !== undefined && strippedNameHint && o.name.replace(/^[\s/]+|\s+$/g, '') === o.suggestion
          ? `Unknown skill: ${o.name}. ${strippedNameHint}`
          : `Unknown skill: ${o.name}${o.suggestion !== undefined ? `. Did you mean ${o.suggestion}?` : ''}`,
      );
  }
}

export function explainSkill(o: SkillOutcome): string {
  switch (o.kind) {
    case 'launched':
      return o.messages.length === 1 && o.messages[0]?.startsWith('Skill /')
        ? `/${o.name} was loaded earlier with the same text, so only a reminder is attached.`
        : `The skill's SKILL.md body (arguments substituted) is attached after the launch result for the model to follow.`;
    case 'invalid-format':
      return 'An empty skill name is not a skill.';
    case 'command':
      return `/${o.name} is one of Claude Code's own commands; only the user can run it.`;
    case 'model-disabled':
      return `The skill's frontmatter sets disable-model-invocation, so only the user can run it.`;
    case 'unknown':
      return `No skill or command is named ${o.name}${o.suggestion ? `; ${o.suggestion} is the closest name` : ''}.`;
  }
}
