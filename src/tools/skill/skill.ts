// The Skill tool: resolve a name to a skill, refuse built-in commands and skills the model may
// not invoke, and load the body (arguments substituted) as a message after the launch result.
import { sessionId } from '../bash/paths';
import type { ToolContext } from '../types';
import { discoverSkills, type SkillDef } from './discover';
import type { SkillInput } from './schema';

export type SkillOutcome =
  | { kind: 'launched'; name: string; messages: string[]; model?: string }
  | { kind: 'invalid-format'; name: string }
  | { kind: 'command'; name: string; what: 'ui' | 'cli' }
  | { kind: 'model-disabled'; name: string }
  | { kind: 'unknown'; name: string; suggestion?: string };

/** Splits arguments as a shell would for $0, $1, $ARGUMENTS[n]: quotes group words. */
export function splitArgs(args: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(args); m; m = re.exec(args)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

/** Edit distance, for the "Did you mean" suggestion. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length] as number;
}

/** The body the model gets: placeholders substituted, or `ARGUMENTS:` appended when the body
 * has no $ARGUMENTS placeholder (skill-arguments-appended). */
export function skillText(def: SkillDef, args: string, session: string): string {
  const words = splitArgs(args);
  let body = def.body.trimStart();
  const usesArgs = /\$ARGUMENTS|\$\d/.test(body);
  body = body
    .replace(/\$ARGUMENTS\[(\d+)\]/g, (_, n: string) => words[Number(n)] ?? '')
    .replace(/\$ARGUMENTS/g, args)
    .replace(/\$(\d+)/g, (whole, n: string) => words[Number(n)] ?? whole)
    .replace(/\$\{CLAUDE_SESSION_ID\}/g, session);
  if (def.dir !== undefined) body = body.replace(/\$\{CLAUDE_SKILL_DIR\}/g, def.dir);
  if (!usesArgs && args !== '') body += `\n\nARGUMENTS: ${args}`;
  return def.dir !== undefined ? `Base directory for this skill: ${def.dir}\n\n${body}` : body;
}

const LOADED_KEY = 'Skill.loaded';

function loaded(ctx: ToolContext): Map<SkillDef['name'], string> {
  let m = ctx.conversation.state.get(LOADED_KEY) as Map<string, string> | undefined;
  if (!m) {
    m = new Map();
    ctx.conversation.state.set(LOADED_KEY, m);
  }
  return m;
}

type Refusal = Exclude<SkillOutcome, { kind: 'launched' }>;
const resolvedKey = (callId: string) => `Skill.resolved.${callId}`;

/** The name as called: surrounding spaces and one leading slash dropped. */
export const calledName = (skill: string): string => {
  const trimmed = skill.trim();
  return trimmed.startsWith('/') ? trimmed.slice(1) : trimmed;
};

/** Claude Code's input validation: the name must be a skill the model may invoke. The skill
 * found is kept for the permission check and the call. */
export async function checkSkill(input: SkillInput, ctx: ToolContext): Promise<Refusal | undefined> {
  const r = await resolve(input, ctx);
  if ('kind' in r) return r;
  ctx.conversation.state.set(resolvedKey(ctx.callId), r);
  return undefined;
}

/** What the permission check needs: the skill and whether it asks (allowed-tools). */
export function resolvedSkill(ctx: ToolContext): SkillDef | undefined {
  return ctx.conversation.state.get(resolvedKey(ctx.callId)) as SkillDef | undefined;
}

async function resolve(input: SkillInput, ctx: ToolContext): Promise<Refusal | SkillDef> {
  const trimmed = input.skill.trim();
  if (trimmed === '') return { kind: 'invalid-format', name: trimmed };
  const name = calledName(input.skill);
  const skills = await discoverSkills(ctx.ws);
  const def = skills.find((s) => s.name === name) ?? skills.find((s) => s.alias === name);
  const table = ctx.profile.skills;
  if (!def) {
    if (table?.modelDisabled.includes(name)) return { kind: 'model-disabled', name };
    if (table?.uiCommands.includes(name)) return { kind: 'command', name, what: 'ui' };
    if (table?.cliCommands.includes(name)) return { kind: 'command', name, what: 'cli' };
    const candidates = [...skills.map((s) => s.name), ...(table?.suggestable ?? [])];
    let best: { name: string; d: number } | undefined;
    for (const c of candidates) {
      const d = editDistance(name, c);
      if (d <= 2 && (!best || d < best.d)) best = { name: c, d };
    }
    return { kind: 'unknown', name, ...(best ? { suggestion: best.name } : {}) };
  }
  if (def.disableModelInvocation) return { kind: 'model-disabled', name };
  return def;
}

export async function runSkill(input: SkillInput, ctx: ToolContext): Promise<SkillOutcome> {
  const found = resolvedSkill(ctx) ?? (await resolve(input, ctx));
  ctx.conversation.state.delete(resolvedKey(ctx.callId));
  if ('kind' in found) return found;
  const def = found;
  const name = calledName(input.skill);
  // The frontmatter's model alias, resolved as the version resolves agent models.
  const model =
    def.model !== undefined ? (ctx.profile.agents?.modelAliases[def.model] ?? def.model) : undefined;
  const extra = model !== undefined ? { model } : {};
  const text = skillText(def, input.args ?? '', sessionId(ctx.conversation));
  const seen = loaded(ctx);
  const before = seen.get(def.name);
  seen.set(def.name, text);
  if (before === text)
    return {
      kind: 'launched',
      name,
      messages: [`Skill /${name} is already loaded above; instructions unchanged.`],
      ...extra,
    };
  const note = `(Re-invocation of /${name} — the skill instructions were previously loaded; the arguments or dynamic output below are new.)`;
  return { kind: 'launched', name, messages: before === undefined ? [text] : [note, text], ...extra };
}
