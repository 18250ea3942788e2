// Permission rules: `Tool` and `Tool(specifier)` strings from the settings sources and the CLI,
// gathered with their source, and the trust rule applied (project allow rules and
// additionalDirectories count only in a trusted workspace; deny, ask and defaultMode always).
import type { Mode, PermissionContext, RuleBehavior, RuleSource, Settings, SettingsSource } from './types';
import { MODES } from './types';
import { resolvePath } from './paths';
import { Bounded } from './cache';

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

const parsed = new Bounded<string, RuleValue | null>(1024);

const EMPTY_MATCHES_NOTHING = ['Read', 'Edit'];

/** `Bash(npm run test:*)` -> {tool: 'Bash', content: 'npm run test:*'}; `\(` and `\)` inside
 * the specifier are literal parentheses; `Tool()` (but Read() and Edit()) and `Tool(*)` mean the
 * bare tool. */
export function parseRule(text: string): RuleValue | null {
  const v = parsed.get(text, parseRuleText);
  // A copy: the cached value is shared with every later parse of the same text.
  return v && { ...v };
}

function parseRuleText(text: string): RuleValue | null {
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
  // Empty parentheses on a path-rule tool give a path rule that covers nothing
  // (perm-bare-rules probe, both versions: `"deny": ["Read()"]` leaves Read offered and every
  // read as without the rule; Edit() is taken the same way, not recorded apart).
  if (content === '' && EMPTY_MATCHES_NOTHING.includes(tool)) return { tool, content };
  if (content === '' || content === '*') return { tool };
  return { tool, content };
}

const SETTINGS_ORDER: readonly SettingsSource[] = ['managed', 'user', 'project', 'local'];

/** Where a `/path` specifier in a rule from this source is rooted: the user settings file's
 * folder (~/.claude: perm-rule-sources probe, both versions: `Read(/x/**)` in
 * ~/.claude/settings.json covers ~/.claude/x, not ~/x), the project for project, local and CLI
 * rules (`/x` there covers <project>/x, not <project>/.claude/x). */
function sourceRoot(source: RuleSource, ctx: PermissionContext): string {
  switch (source) {
    case 'user':
      return `${ctx.home}/.claude`;
    case 'managed':
      return '/';
    default:
      return ctx.cwd;
  }
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const permissionsOf = (s: Settings | undefined) => (s && typeof s === 'object' ? s.permissions : undefined);

/** Does this source's `behavior` list count? Project allow rules need a trusted workspace, and
 * so do local ones in a git repository (probe, both versions: `Bash` allowed in
 * settings.local.json runs `perl …` in dontAsk untrusted without git, is refused with git until
 * the workspace is trusted; its deny rules count either way; bashperm 0068, 0314, 0126). */
const counts = (source: SettingsSource, behavior: RuleBehavior, trusted: boolean, gitRepo: boolean) =>
  !(behavior === 'allow' && !trusted && (source === 'project' || (source === 'local' && gitRepo)));

/** One settings list (or CLI flag) of rule texts that counts, in the order rules are gathered. */
export interface RuleTexts {
  texts: string[];
  behavior: RuleBehavior;
  source: RuleSource;
}

/** The rule texts that count for this context (the trust rule applied), in order. */
export function ruleTexts(ctx: PermissionContext): RuleTexts[] {
  const out: RuleTexts[] = [];
  for (const source of SETTINGS_ORDER) {
    const p = permissionsOf(ctx.sources[source]);
    if (!p) continue;
    for (const behavior of ['deny', 'ask', 'allow'] as const) {
      if (counts(source, behavior, ctx.trusted, ctx.gitRepo === true))
        out.push({ texts: strings(p[behavior]), behavior, source });
    }
  }
  out.push({ texts: ctx.cli.disallowedTools ?? [], behavior: 'deny', source: 'cliArg' });
  out.push({ texts: ctx.cli.allowedTools ?? [], behavior: 'allow', source: 'cliArg' });
  return out;
}

export function rulesFrom(lists: readonly RuleTexts[], ctx: PermissionContext): Rule[] {
  const out: Rule[] = [];
  for (const { texts, behavior, source } of lists) {
    for (const text of texts) {
      const v = parseRule(text);
      if (v) out.push({ ...v, behavior, source, text: text.trim(), root: sourceRoot(source, ctx) });
    }
  }
  return out;
}

export function collectRules(ctx: PermissionContext): Rule[] {
  return rulesFrom(ruleTexts(ctx), ctx);
}

/** An additionalDirectories entry written with a leading `//` (the rules' absolute spelling)
 * adds no working directory (perm-add-dirs probe, both versions: `//<abs>/g1` leaves g1 outside,
 * while `<abs>/g10//x`, `<abs>/g2/`, `../g3`, `~/g6` and `<abs>/g9/../g9b` count). Not recorded
 * for --add-dir. */
const addsNoDirectory = (entry: string) => entry.startsWith('//');

/** --add-dir, then additionalDirectories from settings (the project file's only when trusted),
 * as written; each is taken from the project directory. */
export function extraDirTexts(ctx: PermissionContext): string[] {
  const out = [...(ctx.cli.addDirs ?? [])];
  for (const source of SETTINGS_ORDER) {
    if (source === 'project' && !ctx.trusted) continue;
    out.push(
      ...strings(permissionsOf(ctx.sources[source])?.additionalDirectories).filter(
        (d) => !addsNoDirectory(d),
      ),
    );
  }
  return out;
}

export function directoriesFrom(extra: readonly string[], ctx: PermissionContext): string[] {
  const dirs = [resolvePath(ctx.cwd, '/', ctx.home)];
  for (const d of extra) {
    const abs = resolvePath(d, ctx.cwd, ctx.home);
    if (!dirs.includes(abs)) dirs.push(abs);
  }
  return dirs;
}

/** The working directories: the project, --add-dir, and additionalDirectories from settings. */
export function workingDirectories(ctx: PermissionContext): string[] {
  return directoriesFrom(extraDirTexts(ctx), ctx);
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
