// For Glob and Grep: Claude Code leaves files under a Read deny rule out of their results
// (perm-deny-read-glob-tool, perm-deny-read-grep-tool) instead of refusing the whole call.
import { decide } from './engine';
import type { Check } from './check';
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
 * distinct path's symlink target is resolved once, all at once, and each path is checked once
 * against rules compiled once. For a one-path read request decide() depends on the path only
 * through that check's behavior and whether an ask rule gave it, so decide() itself is asked
 * once per such outcome, about the first path that has it, and its answer holds for the rest.
 */
export async function readDeniedPaths(batch: ReadBatch, ctx: PermissionContext): Promise<Set<string>> {
  const unique = [...new Set(batch.paths)];
  const denied = new Set<string>();
  if (unique.length === 0) return denied;
  const view: PermissionContext = { ...ctx, realpath: await resolvedOnce(unique, ctx.realpath) };
  const env = makeEnv(view);
  const verdicts = new Map<string, Promise<boolean>>();
  const allowed = (path: string, check: Check): Promise<boolean> => {
    const outcome = `${check.behavior}${check.ruleAsk ? ' by rule' : ''}`;
    let v = verdicts.get(outcome);
    if (!v) {
      v = decide({ tool: batch.tool, kind: 'read', paths: [path], input: batch.input }, view).then(
        (d) => d.behavior === 'allow',
      );
      verdicts.set(outcome, v);
    }
    return v;
  };
  for (const p of unique) if (!(await allowed(p, await checkRead(env, normalizePath(p))))) denied.add(p);
  return denied;
}

/** `realpath` answering the given paths from one lookup each (the engine asks about the
 * normalised path); anything else still goes to the original. */
async function resolvedOnce(
  paths: readonly string[],
  realpath: PermissionContext['realpath'],
): Promise<PermissionContext['realpath']> {
  if (!realpath) return undefined;
  const keys = [...new Set(paths.map(normalizePath))];
  const targets = await Promise.all(keys.map((p) => realpath(p).catch(() => null)));
  const known = new Map(keys.map((p, i) => [p, targets[i] ?? null]));
  return (p) => (known.has(p) ? Promise.resolve(known.get(p) ?? null) : realpath(p));
}
