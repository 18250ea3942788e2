// For Glob and Grep: Claude Code leaves files under a Read deny rule out of their results
// (perm-deny-read-glob-tool, perm-deny-read-grep-tool) instead of refusing the whole call.
import { pathRule } from './files';
import { normalizePath } from './paths';
import { makeEnv } from './ruleset';
import type { PermissionContext } from './types';

/** A predicate: is this absolute path covered by a Read deny rule? */
export function readDenyFilter(ctx: PermissionContext): (absPath: string) => boolean {
  const env = makeEnv(ctx);
  return (p) => pathRule(env, 'read', 'deny', [normalizePath(p)]) !== undefined;
}
