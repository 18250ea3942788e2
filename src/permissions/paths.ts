// Path handling for permission checks: POSIX normalisation, working-directory containment, and
// gitignore-style path specifiers (`./x`, `x/**`, `**/*.key`, `//abs`, `~/x`, `/x` relative to
// the settings file's root), matched with the `ignore` package as Claude Code does.
import ignore, { type Ignore } from 'ignore';
import { normalizePath as rebuildPath } from '../text/paths';
import { Bounded } from './cache';

/** `//`, a `.` or `..` segment, or a trailing slash: what normalising changes. */
const UNNORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/;

/** text/paths' normalizePath, with the common case (an absolute path already normal, as every
 * ripgrep result is) answered by one test instead of a rebuild: Glob and Grep filters pass
 * thousands of paths. */
export function normalizePath(p: string): string {
  return p.startsWith('/') && !UNNORMAL.test(p) ? p : rebuildPath(p);
}

/** `~` and `~/x` expand to home; a relative path is taken from `base`. */
export function resolvePath(p: string, base: string, home: string): string {
  if (p === '~') return normalizePath(home);
  if (p.startsWith('~/')) return normalizePath(`${home}/${p.slice(2)}`);
  if (p.startsWith('/')) return normalizePath(p);
  return normalizePath(`${base}/${p}`);
}

export function isInside(path: string, dir: string): boolean {
  if (dir === '/') return true;
  return path === dir || path.startsWith(dir + '/');
}

export const inWorkingDirs = (path: string, dirs: readonly string[]): boolean =>
  dirs.some((d) => isInside(path, d));

/** Splits a specifier into the directory it is rooted at and a gitignore pattern. */
export function specifierRoot(
  spec: string,
  ctx: { cwd: string; home: string },
  ruleRoot: string,
): { root: string; pattern: string } {
  if (spec.startsWith('//')) return { root: '/', pattern: spec.slice(1) };
  if (spec === '~') return { root: normalizePath(ctx.home), pattern: '**' };
  if (spec.startsWith('~/')) return { root: normalizePath(ctx.home), pattern: spec.slice(1) };
  if (spec.startsWith('/')) return { root: normalizePath(ruleRoot), pattern: spec };
  return { root: normalizePath(ctx.cwd), pattern: spec.startsWith('./') ? spec.slice(2) : spec };
}

/** A compiled path specifier: does it cover this (normalised, absolute) path? */
export type PathMatcher = (path: string) => boolean;

/** The specifier resolved against its root once, the gitignore pattern compiled once. */
export function compileSpecifier(
  spec: string,
  ctx: { cwd: string; home: string },
  ruleRoot: string,
): PathMatcher {
  const { root, pattern: raw } = specifierRoot(spec, ctx, ruleRoot);
  // Repeated slashes count as one (perm-rule-syntax probes, both versions: `Read(./d//a.txt)`
  // denies d/a.txt, `Read(///abs/**)` covers /abs).
  const pattern = raw.replace(/\/{2,}/g, '/');
  if (pattern === '') return () => false;
  // `x/**` also covers x itself (sens1 probe, both versions: `Edit(./a.txt/**)` allows editing
  // a.txt, `Read(./c.txt/**)` denies reading c.txt; `x/*` does not), anchored like the pattern.
  const self = pattern.endsWith('/**') ? pattern.slice(0, -3) : '';
  const ig: Ignore = ignore().add(
    self && self !== '**' ? [pattern, self.includes('/') ? self : `/${self}`] : pattern,
  );
  const strip = root === '/' ? 1 : root.length + 1;
  return (path) => isInside(path, root) && path !== root && ig.ignores(path.slice(strip));
}

const compiled = new Bounded<string, PathMatcher>(512);

/** Does the path specifier `spec` (from a rule rooted at `ruleRoot`) cover `path`? */
export function specifierMatches(
  spec: string,
  path: string,
  ctx: { cwd: string; home: string },
  ruleRoot: string,
): boolean {
  const key = `${spec}\0${ctx.cwd}\0${ctx.home}\0${ruleRoot}`;
  return compiled.get(key, () => compileSpecifier(spec, ctx, ruleRoot))(path);
}

/** The path itself and, when it is a symlink (or sits under one), its resolved target. */
export async function pathsForCheck(
  path: string,
  realpath?: (p: string) => Promise<string | null>,
): Promise<string[]> {
  if (!realpath) return [path];
  const target = await realpath(path).catch(() => null);
  return target && target !== path ? [path, normalizePath(target)] : [path];
}
