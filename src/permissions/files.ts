// Path checks for file tools (Read, Glob, Grep: kind 'read'; Edit, Write, NotebookEdit: kind
// 'write'). Read rules cover every reading tool, Edit path rules every editing tool; an Edit
// allow also grants Read on the same path; a Read deny also blocks edits there.
import type { Check, Env } from './check';
import { modeRef, ruleRef } from './check';
import * as msg from './messages';
import { inWorkingDirs, pathsForCheck } from './paths';
import { writeSafety } from './safety';
import type { Rule } from './rules';
import type { PathRuleKind } from './ruleset';
import type { RuleBehavior, ValidationStyle } from './types';

/** deny/ask: the first rule covering any of the paths; allow: a rule must cover each path. */
export function pathRule(
  env: Env,
  kind: PathRuleKind,
  behavior: RuleBehavior,
  paths: readonly string[],
): Rule | undefined {
  const candidates = env.pathRules[kind][behavior];
  if (candidates.length === 0) return undefined;
  if (behavior !== 'allow') {
    for (const p of paths) {
      const hit = candidates.find((r) => r.covers(p));
      if (hit) return hit.rule;
    }
    return undefined;
  }
  let first: Rule | undefined;
  for (const p of paths) {
    const hit = candidates.find((r) => r.covers(p));
    if (!hit) return undefined;
    first ??= hit.rule;
  }
  return first;
}

/** The write safety class of the first of the paths that has one (safety.ts). */
function safetyOf(
  env: Env,
  all: readonly string[],
): { path: string; safety: 'sensitive' | 'config' } | undefined {
  for (const p of all) {
    const safety = writeSafety(p, env.ctx.cwd, env.behaviour.sensitivePaths);
    if (safety) return { path: p, safety };
  }
  return undefined;
}

/** Would a write to these paths run without a prompt (under env.mode, ignoring bypass)? */
function writeAllowed(env: Env, all: readonly string[]): Check | undefined {
  // Neither acceptEdits nor an allow rule lets a write to a sensitive path through.
  if (safetyOf(env, all)) return undefined;
  if (env.mode === 'acceptEdits' && all.every((p) => inWorkingDirs(p, env.dirs))) {
    return {
      behavior: 'allow',
      reason: 'acceptEdits mode allows edits inside the working directories',
      rule: modeRef('acceptEdits'),
    };
  }
  const allow = pathRule(env, 'edit', 'allow', all);
  if (allow) return { behavior: 'allow', reason: `allowed by ${allow.text}`, rule: ruleRef(allow) };
  return undefined;
}

function readAllowed(env: Env, all: readonly string[]): Check | undefined {
  const viaEdit = writeAllowed(env, all);
  if (viaEdit) return { ...viaEdit, reason: `${viaEdit.reason} (edit access implies read access)` };
  if (all.every((p) => inWorkingDirs(p, env.dirs)))
    return { behavior: 'allow', reason: 'inside the working directories' };
  const allow = pathRule(env, 'read', 'allow', all);
  if (allow) return { behavior: 'allow', reason: `allowed by ${allow.text}`, rule: ruleRef(allow) };
  return undefined;
}

const deny = (rule: Rule, message: string, reason: string): Check => ({
  behavior: 'deny',
  message,
  reason,
  rule: ruleRef(rule),
});

/** The deny checks Read, Edit and Write make in their input validation, on the path as given. */
export function validationDeny(env: Env, style: ValidationStyle, path: string): Check | undefined {
  if (style === 'read' || style === 'search') {
    const r = pathRule(env, 'read', 'deny', [path]);
    const text = style === 'read' ? msg.toolUseError(msg.DIRECTORY_DENIED) : msg.readDenied(path);
    return r && deny(r, text, `${r.text} denies reading ${path}`);
  }
  const e = pathRule(env, 'edit', 'deny', [path]);
  if (e) return deny(e, msg.toolUseError(msg.DIRECTORY_DENIED), `${e.text} denies editing ${path}`);
  const r = pathRule(env, 'read', 'deny', [path]);
  if (r) {
    const verb = style === 'edit' ? 'edited' : 'written';
    return deny(
      r,
      msg.toolUseError(msg.readDenyBlocksWrite(verb)),
      `${r.text} denies reading ${path}, and an edit has to read the file back`,
    );
  }
  return undefined;
}

export async function checkRead(env: Env, path: string): Promise<Check> {
  const all = await pathsForCheck(path, env.ctx.realpath);
  const denied = pathRule(env, 'read', 'deny', all);
  if (denied)
    return deny(
      denied,
      msg.readDenied(path),
      `${denied.text} denies reading ${path}${all.length > 1 ? ` (or its target ${all[1] ?? ''})` : ''}`,
    );
  const ask = pathRule(env, 'read', 'ask', all);
  if (ask)
    return {
      behavior: 'ask',
      ruleAsk: true,
      message: msg.askRead(path),
      reason: `${ask.text} asks before reading`,
      rule: ruleRef(ask),
    };
  const ok = readAllowed(env, all);
  if (ok) return ok;
  return {
    behavior: 'ask',
    message: msg.askRead(path),
    reason: `${path} is outside the working directories and no rule allows reading it`,
  };
}

export async function checkWrite(env: Env, path: string): Promise<Check> {
  const all = await pathsForCheck(path, env.ctx.realpath);
  const denied = pathRule(env, 'edit', 'deny', all) ?? pathRule(env, 'read', 'deny', all);
  if (denied) return deny(denied, msg.editDenied(path), `${denied.text} denies editing ${path}`);
  // Before plan mode's refusal: plan mode hands a sensitive write to the classifier.
  // Where it falls among ask rules was not recorded; it is checked first.
  const safe = safetyOf(env, all);
  if (safe)
    return {
      behavior: 'ask',
      safety: true,
      message: safe.safety === 'sensitive' ? msg.askSensitive(path) : msg.askWrite(path),
      reason:
        safe.safety === 'sensitive'
          ? `${safe.path} is a sensitive path, which Claude Code asks about before every write`
          : `${safe.path} is Claude Code's own configuration, which it asks about before every write`,
    };
  if (env.mode === 'plan') {
    return {
      behavior: 'deny',
      message: msg.planModeWrite(path),
      reason: 'plan mode refuses every file edit',
      rule: modeRef('plan'),
    };
  }
  const ask = pathRule(env, 'edit', 'ask', all);
  if (ask)
    return {
      behavior: 'ask',
      ruleAsk: true,
      message: msg.askWrite(path),
      reason: `${ask.text} asks before editing`,
      rule: ruleRef(ask),
    };
  const ok = writeAllowed(env, all);
  if (ok) return ok;
  return {
    behavior: 'ask',
    message: msg.askWrite(path),
    reason: !inWorkingDirs(path, env.dirs)
      ? `${path} is outside the working directories and no rule allows editing it`
      : // bypassPermissions and dontAsk do not ask: the engine says what they do with this.
        `no rule allows editing ${path}${env.mode === 'bypassPermissions' || env.mode === 'dontAsk' ? '' : `, and ${env.mode} mode asks before file edits`}`,
  };
}

/** Read access as Bash's file commands need it (no symlink resolution: paths are words). */
export function readPathAllowed(env: Env, path: string): boolean {
  return readAllowed(env, [path]) !== undefined;
}

export function writePathAllowed(env: Env, path: string): boolean {
  return writeAllowed(env, [path]) !== undefined;
}

/** Why a write to `path` goes through without asking (acceptEdits, an allow rule), if it does. */
export function writePathReason(env: Env, path: string): string | undefined {
  return writeAllowed(env, [path])?.reason;
}
