// Does a Read or Edit deny rule cover a path, a glob's expansions, or something below a folder?
// Shared by the Bash check (bash.ts) and the effect model's bypass mark (bypass.ts).
import picomatch from 'picomatch';
import type { Env } from './check';
import { Bounded } from './cache';
import { isInside, specifierMatches, specifierRoot } from './paths';
import type { Rule } from './rules';

/** The tools whose deny rules protect a path from being read, and from being changed. */
export const READ_TOOLS: readonly string[] = ['Read', 'Glob', 'Grep'];
export const EDIT_TOOLS: readonly string[] = ['Edit', 'Write', 'NotebookEdit', 'MultiEdit'];

const globs = new Bounded<string, (path: string) => boolean>(256);

/** A deny rule covering the path, or, for a glob, a path the glob can expand to: a sample
 * path built from the rule's own pattern (`**\/*.key` -> `x.key`) is tried against the glob. */
export function denyOn(env: Env, tools: readonly string[], target: string): Rule | undefined {
  const isGlob = /[*?[]/.test(target);
  if (isGlob) {
    // First the glob's own shape (`secrets/*` -> `secrets/x`), then each rule's sample.
    const own = target.replace(/\[[^\]]*\]/g, 'x').replace(/[*?]/g, 'x');
    const direct = env.rules.find(
      (r) =>
        r.behavior === 'deny' &&
        tools.includes(r.tool) &&
        r.content !== undefined &&
        specifierMatches(r.content, own, env.ctx, r.root),
    );
    if (direct) return direct;
  }
  for (const r of env.rules) {
    if (r.behavior !== 'deny' || !tools.includes(r.tool) || r.content === undefined) continue;
    if (!isGlob) {
      if (specifierMatches(r.content, target, env.ctx, r.root)) return r;
      continue;
    }
    const { root, pattern } = specifierRoot(r.content, env.ctx, r.root);
    const sample = pattern
      .replace(/\*\*\/?/g, '')
      .replace(/[*?]/g, 'x')
      .replace(/^\//, '')
      .replace(/\/$/, '/x');
    const globDir = target.slice(0, target.lastIndexOf('/'));
    const matches = globs.get(target, (g) => picomatch(g, { dot: true }));
    const candidates = pattern.replace(/\/$/, '').includes('/')
      ? [`${root === '/' ? '' : root}/${sample}`]
      : [`${globDir}/${sample}`, `${root === '/' ? '' : root}/${sample}`];
    if (candidates.some((c) => matches(c) && specifierMatches(r.content as string, c, env.ctx, r.root)))
      return r;
  }
  return undefined;
}

/** A deny rule of `tools` that covers `dir` itself or something under it (the rule's own file
 * or folder there). */
export function denyBelow(env: Env, tools: readonly string[], dir: string): Rule | undefined {
  return env.rules.find((r) => {
    if (r.behavior !== 'deny' || !tools.includes(r.tool) || r.content === undefined) return false;
    const { root, pattern } = specifierRoot(r.content, env.ctx, r.root);
    const fixedPart = pattern.split('/').filter(Boolean);
    const stem = fixedPart.findIndex((seg) => /[*?[{]/.test(seg));
    const base =
      `${root === '/' ? '' : root}/${(stem === -1 ? fixedPart : fixedPart.slice(0, stem)).join('/')}`.replace(
        /\/$/,
        '',
      ) || '/';
    return isInside(base, dir) || (stem !== -1 && isInside(dir, base));
  });
}
