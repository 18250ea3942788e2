// Permission rules: `Tool` and `Tool(specifier)` strings from the settings sources and the CLI,
// gathered with their source, and the trust rule applied (project allow rules and
// additionalDirectories count only in a trusted workspace; deny, ask and defaultMode always).
import type { Mode, PermissionContext, RuleBehavior, RuleSource, Settings, SettingsSource } from './types';
import { MODES } from './types';
import { resolvePath } from './paths';

export interface RuleValue {
  tool: string;
  /** The specifier inside the parentheses, unescaped; undefined for a bare tool rule. */
  content?: string;
}

export interface Rule extends RuleValue {
  behavior: RuleBehavior;
  source: RuleSource;
  /** The rule as written, for messages and the UI. */
  text: string;
  /** Directory a `/path` specifier is relative to (the settings file's root). */
  root: string;
}

/** `Bash(npm run test:*)` -> {tool: 'Bash', content: 'npm run test:*'}; `\(` and `\)` inside
 * the specifier are literal parentheses; `Tool()` and `Tool(*)` mean the bare tool. */
export function parseRule(text: string): RuleValue | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const open = trimmed.indexOf('(');
  if (open === -1) return { tool: trimmed };
  if (!trimmed.endsWith(')') || open === 0) return { tool: trimmed };
  const tool = trimmed.slice(0, open);
  const raw = trimmed.slice(open + 1, -1);
  let content = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    const next = raw[i + 1];
    if (c === '\\' && (next === '(' || next === ')' || next === '\\')) {
      content += next;
      i++;
    } else content += c;
  }
  if (content === '' || content === '*') return { tool };
  return { tool, content };
}

const SETTINGS_ORDER: readonly SettingsSource[] = ['managed', 'user', 'project', 'local'];

/** Where a `/path` specifier in a rule from this source is rooted. */
function sourceRoot(source: RuleSource, ctx: PermissionContext): string {
  switch (source) {
    case 'user':
      return ctx.home;
    case 'managed':
      return '/';
    default:
      return ctx.cwd;
  }
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const permissionsOf = (s: Settings | undefined) => (s && typeof s === 'object' ? s.permissions : undefined);

/** Does this source's `behavior` list count? Project allow rules need a trusted workspace. */
const counts = (source: SettingsSource, behavior: RuleBehavior, trusted: boolean) =>
  !(source === 'project' && behavior === 'allow' && !trusted);

export function collectRules(ctx: PermissionContext): Rule[] {
  const out: Rule[] = [];
  const add = (texts: string[], behavior: RuleBehavior, source: RuleSource) => {
    for (const text of texts) {
      const v = parseRule(text);
      if (v) out.push({ ...v, behavior, source, text: text.trim(), root: sourceRoot(source, ctx) });
    }
  };
  for (const source of SETTINGS_ORDER) {
    const p = permissionsOf(ctx.sources[source]);
    if (!p) continue;
    for (const behavior of ['deny', 'ask', 'allow'] as const) {
      if (counts(source, behavior, ctx.trusted)) add(strings(p[behavior]), behavior, source);
    }
  }
  add(ctx.cli.disallowedTools ?? [], 'deny', 'cliArg');
  add(ctx.cli.allowedTools ?? [], 'allow', 'cliArg');
  return out;
}

/** The working directories: the project, --add-dir, and additionalDirectories from settings
 * (the project file's only when trusted). */
export function workingDirectories(ctx: PermissionContext): string[] {
  const dirs = [resolvePath(ctx.cwd, '/', ctx.home)];
  const add = (d: string, base: string) => {
    const abs = resolvePath(d, base, ctx.home);
    if (!dirs.includes(abs)) dirs.push(abs);
  };
  for (const d of ctx.cli.addDirs ?? []) add(d, ctx.cwd);
  for (const source of SETTINGS_ORDER) {
    if (source === 'project' && !ctx.trusted) continue;
    for (const d of strings(permissionsOf(ctx.sources[source])?.additionalDirectories)) add(d, ctx.cwd);
  }
  return dirs;
}

const isMode = (v: unknown): v is Mode => typeof v === 'string' && (MODES as readonly string[]).includes(v);

/** The session's mode: the --permission-mode flag, else the first defaultMode found in
 * managed, local, project, user settings (project's applies untrusted too), else default. */
export function resolveMode(flag: Mode | null | undefined, sources: PermissionContext['sources']): Mode {
  if (flag) return flag;
  for (const source of ['managed', 'local', 'project', 'user'] as const) {
    const m = permissionsOf(sources[source])?.defaultMode;
    if (isMode(m)) return m;
  }
  return 'default';
}

export const bareRule = (rules: readonly Rule[], tool: string, behavior: RuleBehavior): Rule | undefined =>
  rules.find((r) => r.behavior === behavior && r.tool === tool && r.content === undefined);
