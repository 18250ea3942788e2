import type { ToolModule } from '../types';
import { explainSkill, renderSkill } from './render';
import { skillInput, type SkillInput } from './schema';
import { calledName, checkSkill, resolvedSkill, runSkill, type SkillOutcome } from './skill';

export const skillTool: ToolModule<SkillInput, SkillOutcome> = {
  name: 'Skill',
  schema: skillInput,
  isReadOnly: () => true,
  // A second call of one skill in the same message sees the first as loaded.
  isConcurrencySafe: () => false,
  permissionRequest: (input, ctx) => {
    const def = resolvedSkill(ctx);
    return {
      tool: 'Skill',
      kind: 'other',
      paths: [],
      input,
      ...(def ? { skill: { name: calledName(input.skill), asks: def.asks } } : {}),
    };
  },
  validate: checkSkill,
  call: runSkill,
  render: (o, ctx) => renderSkill(o, ctx.profile.text.skillStrippedNameHint),
  explain: explainSkill,
};
