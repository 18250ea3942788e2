// The rules of one permission context, parsed and compiled once per rule set: the same rule
// texts, project and home give the same set, whichever context object carries them.
import { Bounded } from './cache';
import type { Env } from './check';
import { compileSpecifier, type PathMatcher } from './paths';
import type { Rule } from './rules';
import { directoriesFrom, extraDirTexts, rulesFrom, ruleTexts } from './rules';
import type { Mode, PermissionContext, RuleBehavior } from './types';

export type PathRuleKind = 'read' | 'edit';

/** Specifier rules of these tools are path rules of that kind: Read(<path>) covers every reading
 * tool, Edit(<path>) every editing tool. A path rule written for another file tool
 * (`Write(x)`, `Glob(x)`, `Grep(x)`, `NotebookEdit(x)`, `MultiEdit(x)`) is matched by no file
 * check, whatever its behavior (perm-rule-other-file-tools probe, both versions: such deny and
 * ask rules let Write, Glob, Grep and Read through, such allow rules grant nothing). */
const PATH_RULE_TOOLS: Record<PathRuleKind, readonly string[]> = {
  read: ['Read'],
  edit: ['Edit'],
};

export interface PathRule {
  rule: Rule;
  covers: PathMatcher;
}

export interface RuleSet {
  rules: readonly Rule[];
  dirs: readonly string[];
  /** The path rules of a kind and behavior, in rule order, their specifiers compiled. */
  pathRules: Readonly<Record<PathRuleKind, Readonly<Record<RuleBehavior, readonly PathRule[]>>>>;
}

function build(ctx: PermissionContext): RuleSet {
  const rules = rulesFrom(ruleTexts(ctx), ctx);
  const of = (kind: PathRuleKind, behavior: RuleBehavior): PathRule[] =>
    rules
      .filter((r) => r.behavior === behavior && PATH_RULE_TOOLS[kind].includes(r.tool))
      .map((rule) => ({
        rule,
        covers: rule.content === undefined ? () => false : compileSpecifier(rule.content, ctx, rule.root),
      }));
  const byBehavior = (kind: PathRuleKind) => ({
    allow: of(kind, 'allow'),
    deny: of(kind, 'deny'),
    ask: of(kind, 'ask'),
  });
  return {
    rules,
    dirs: directoriesFrom(extraDirTexts(ctx), ctx),
    pathRules: { read: byBehavior('read'), edit: byBehavior('edit') },
  };
}

const sets = new Bounded<string, RuleSet>(64);

/** The context's rule set; its key is everything the set is built from, so a context whose
 * settings changed (even in place) gets a new one. */
export function ruleSet(ctx: PermissionContext): RuleSet {
  const key = JSON.stringify([ctx.cwd, ctx.home, ruleTexts(ctx), extraDirTexts(ctx)]);
  return sets.get(key, () => build(ctx));
}

/** What every check needs, for one decision. */
export function makeEnv(ctx: PermissionContext, mode: Mode = ctx.mode): Env {
  const set = ruleSet(ctx);
  return {
    ctx,
    mode,
    rules: set.rules,
    dirs: set.dirs,
    pathRules: set.pathRules,
    behaviour: ctx.behaviour,
  };
}
