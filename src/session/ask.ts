// Permission prompts (DESIGN §3.4): in the app an `ask` is put to a person (allow once, always
// allow, deny); in a replay the scenario's `answers` say it; with no one to answer (the CLI,
// the corpus) an ask stays what -p mode makes of it. This file holds the prompt's types, the
// rules "always allow" adds, and what the model is told when the person says no.
import { parseRule } from '../permissions';
import type { PermissionContext, PermissionRequest, Settings } from '../permissions';
import type { RuleSuggester } from '../tools/types';

export * from './prompt';
import { ruleString, type PermissionUpdate } from './prompt';
import type { SessionDecision } from './permissions';

const allowRules = (ctx: PermissionContext): Set<string> => {
  const all = new Set<string>();
  for (const s of Object.values(ctx.sources)) {
    const allow = s?.permissions?.allow;
    if (Array.isArray(allow)) for (const r of allow) if (typeof r === 'string') all.add(r);
  }
  return all;
};

/** What "always allow" adds for an asked call: the rules its tool suggests (a prefix rule per
 * part of a Bash command that needs approval, a rule on a file call's directory), the bare tool
 * for a tool that suggests none. Rules the settings already allow are left out. */
export function suggestUpdates(
  req: PermissionRequest,
  decision: SessionDecision,
  ctx: PermissionContext,
  suggester?: RuleSuggester,
): PermissionUpdate[] {
  const parts = decision.subcommands?.filter((s) => s.decision.behavior === 'ask').map((s) => s.command);
  const texts = suggester ? suggester(req, { cwd: ctx.cwd, home: ctx.home, parts }) : [req.tool];
  const have = allowRules(ctx);
  const rules = [...new Set(texts)]
    .filter((t) => !have.has(t))
    .map((t) => parseRule(t))
    .filter((r) => r !== null)
    .map((r) =>
      r.content === undefined ? { toolName: r.tool } : { toolName: r.tool, ruleContent: r.content },
    );
  return rules.length ? [{ type: 'addRules', rules, behavior: 'allow', destination: 'localSettings' }] : [];
}

/** Local settings with the update's rules added to `permissions.allow` (other keys kept). */
export function withUpdate(local: Settings | undefined, update: PermissionUpdate): Settings {
  const base = local ?? {};
  const permissions = base.permissions ?? {};
  const allow = Array.isArray(permissions.allow) ? (permissions.allow as unknown[]) : [];
  const added = update.rules.map(ruleString).filter((r) => !allow.includes(r));
  return { ...base, permissions: { ...permissions, allow: [...allow, ...added] } };
}

/** Applies an accepted update to the live permission context (rules are collected on every
 * decision, so later calls see it). */
export function applyUpdate(ctx: PermissionContext, update: PermissionUpdate): void {
  ctx.sources = { ...ctx.sources, local: withUpdate(ctx.sources.local, update) };
}
