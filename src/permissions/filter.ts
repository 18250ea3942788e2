// For Glob and Grep: Claude Code leaves files under a Read deny rule out of their results
// (perm-deny-read-glob-tool, perm-deny-read-grep-tool) instead of refusing the whole call.
import { decide } from './engine';
import { checkRead, pathRule } from './files';
import { normalizePath } from './paths';
import { makeEnv } from './ruleset';
import type { PermissionContext } from './types';

/** A predicate: is this absolute path covered by a Read deny rule? */
export function readDenyFilter(ctx: PermissionContext): (absPath: string) => boolean {
  const env = makeEnv(ctx);
  return (p) => pathRule(env, 'read', 'deny', [normalizePath(p)]) !== undefined;
}

/** The Glob or Grep call whose result paths are filtered (its input, as the request carries it). */
export interface ReadBatch {
  tool: string;
  paths: readonly string[];
  input: unknown;
}

/**
 * The result paths a reading call may not read: exactly those for which decide() of a one-path
 * read request is not `allow` (deny and ask rules on the path or its symlink target, a bare
 * rule on the tool, whatever the mode makes of a path outside the working directories). Each
 * distinct path is checked once, its symlink target resolved once, against rules compiled
 * once (not log2 N times, as halving a refused group did). For a one-path read request
 * decide() depends on the path only through that check's behavior and whether an ask rule
 * gave it, so decide() itself is asked once per such outcome, about the first path that has
 * it, and its answer holds for the rest.
 */
export async function readDeniedPaths(batch: ReadBatch, ctx: PermissionContext): Promise<Set<string>> {
  const unique = [...new Set(batch.paths)];
  const denied = new Set<string>();
  if (unique.length === 0) return denied;
  const view: PermissionContext = { ...ctx, realpath: lastOnce(ctx.realpath) };
  const env = makeEnv(view);
  const verdicts = new Map<string, boolean>();
  for (const p of unique) {
    const check = await checkRead(env, normalizePath(p));
    const outcome = `${check.behavior}${check.ruleAsk ? ' by rule' : ''}`;
    let allowed = verdicts.get(outcome);
    if (allowed === undefined) {
      const req = { tool: batch.tool, kind: 'read' as const, paths: [p], input: batch.input };
      allowed = (await decide(req, view)).behavior === 'allow';
      verdicts.set(outcome, allowed);
    }
    if (!allowed) denied.add(p);
  }
  return denied;
}

/** `realpath` asked again about the path it was just asked about (decide() after the path's
 * own check) answers from that lookup: each path's target is resolved once. */
function lastOnce(realpath: PermissionContext['realpath']): PermissionContext['realpath'] {
  if (!realpath) return undefined;
  let last: { path: string; target: Promise<string | null> } | undefined;
  return (path) => {
    if (last?.path !== path) last = { path, target: realpath(path) };
    return last.target;
  };
}
