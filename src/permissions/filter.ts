// For Glob and Grep: Claude Code leaves files under a Read deny rule out of their results
// (perm-deny-read-glob-tool, perm-deny-read-grep-tool) instead of refusing the whole call.
import { PERMISSIONS_2_1_273 } from './behaviour';
import type { Env } from './check';
import { pathRule } from './files';
import { normalizePath } from './paths';
import { collectRules, workingDirectories } from './rules';
import type { PermissionContext } from './types';

/** A predicate: is this absolute path covered by a Read deny rule? */
export function readDenyFilter(ctx: PermissionContext): (absPath: string) => boolean {
  const env: Env = {
    ctx,
    mode: ctx.mode,
    rules: collectRules(ctx),
    dirs: workingDirectories(ctx),
    behaviour: ctx.behaviour ?? PERMISSIONS_2_1_273,
  };
  return (p) => pathRule(env, 'read', 'deny', [normalizePath(p)]) !== undefined;
}
