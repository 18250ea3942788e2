// The intermediate result of a tool's own permission check, before the mode layer (bypass,
// dontAsk, auto, plan) turns a passthrough `ask` into its final form.
import type { Rule } from './rules';
import type { Mode, PermissionBehaviour, PermissionContext, RuleRef, SubcommandDecision } from './types';

export interface Check {
  behavior: 'allow' | 'deny' | 'ask';
  reason: string;
  message?: string;
  rule?: RuleRef;
  /** An `ask` that came from an ask rule: it prompts even in bypassPermissions. */
  ruleAsk?: boolean;
  subcommands?: SubcommandDecision[];
  knownGap?: string;
}

/** What every check needs, computed once per decision. */
export interface Env {
  ctx: PermissionContext;
  /** The mode the check runs under (auto mode re-runs a check as acceptEdits). */
  mode: Mode;
  rules: readonly Rule[];
  dirs: readonly string[];
  behaviour: PermissionBehaviour;
}

export const ruleRef = (r: Rule): RuleRef => ({ text: r.text, source: r.source });
export const modeRef = (mode: Mode): RuleRef => ({ text: mode, source: 'mode' });
