// The intermediate result of a tool's own permission check, before the mode layer (bypass,
// dontAsk, auto, plan) turns a passthrough `ask` into its final form.
import type { Rule } from './rules';
import type { RuleSet } from './ruleset';
import type {
  ClassifierVerdict,
  Mode,
  PermissionBehaviour,
  PermissionContext,
  RuleRef,
  SandboxNote,
  SubcommandDecision,
} from './types';

export interface Check {
  behavior: 'allow' | 'deny' | 'ask';
  reason: string;
  message?: string;
  rule?: RuleRef;
  /** An `ask` that came from an ask rule: it prompts even in bypassPermissions. */
  ruleAsk?: boolean;
  /** An `ask` from the write safety check (safety.ts): no allow rule lets it through. */
  safety?: boolean;
  subcommands?: SubcommandDecision[];
  knownGap?: string;
  /** The texts among this check's known gaps (its own and its subcommands') that go around a
   * Read or Edit deny rule: a bypass mark (bypass.ts) on the decision says the same, so they are
   * dropped where one is set (engine.ts). */
  pathGaps?: ReadonlySet<string>;
  /** Appended to the don't-ask refusal of this ask (2.1.332 Skill: skill-dontask-mode). */
  dontAskDetail?: string;
  sandbox?: SandboxNote;
}

/** What every check needs (the rules and directories come from the cached rule set). */
export interface Env {
  ctx: PermissionContext;
  /** The mode the check runs under (auto mode re-runs a check as acceptEdits). */
  mode: Mode;
  rules: readonly Rule[];
  dirs: readonly string[];
  pathRules: RuleSet['pathRules'];
  behaviour: PermissionBehaviour;
}

export const ruleRef = (r: Rule): RuleRef => ({ text: r.text, source: r.source });
export const modeRef = (mode: Mode): RuleRef => ({ text: mode, source: 'mode' });

/** The classifier's severity scale: above 50 blocks. */
export const severityOf = (v: Exclude<ClassifierVerdict, undefined>): number =>
  v === 'allow' ? 5 : v === 'block' ? 95 : v.severity;
export const flags = (v: ClassifierVerdict): boolean => v !== undefined && severityOf(v) > 50;
