// Permission prompts (DESIGN §3.4): in the app an `ask` is put to a person (allow once, always
// allow, deny); in a replay the scenario's `answers` say it; with no one to answer (the CLI,
// the corpus) an ask stays what -p mode makes of it. This file holds the prompt's types, the
// rules "always allow" adds, and what the model is told when the person says no.
import { dirname, relative } from 'pathe';
import { isInside, normalizePath, parseRule } from '../permissions';
import type { PermissionContext, PermissionRequest, Settings } from '../permissions';
import { analyze } from '../permissions/shell/analyze';
import { parseCommand } from '../permissions/shell/parse';

export * from './prompt';
import { ruleString, type PermissionUpdate } from './prompt';
import type { SessionDecision } from './permissions';

/** Commands whose first argument is a subcommand (`git commit`, `npm run`): their prefix rule
 * keeps it, so allowing `git status` does not allow `git push`. */
const SUBCOMMANDS = new Set([
  'git',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'cargo',
  'go',
  'docker',
  'kubectl',
  'pip',
  'pip3',
  'gh',
  'uv',
  'poetry',
  'deno',
  'brew',
  'apt',
  'apt-get',
  'make',
  'npx',
  'dotnet',
  'mvn',
  'gradle',
]);
/** `npm run <script>`: the script is part of the prefix too. */
const RUNNERS = new Set(['run', 'run-script', 'exec', 'x']);
const plainWord = (v: string | null): v is string => v !== null && /^[A-Za-z0-9][\w.:@+-]*$/.test(v);

/** The rule for one simple command: `Bash(<prefix>:*)`, where the prefix is the command name
 * (with its subcommand, and for `npm run` the script); the command itself when its name is not
 * static or env assignments lead it (allow rules never see through those). */
export function bashRuleFor(command: string, home: string): string {
  const exact = `Bash(${command})`;
  const parsed = parseCommand(command);
  if (!parsed.ok) return exact;
  const unit = analyze(parsed.script, home).units.find((u) => !u.shadow && !u.strictOnly);
  const name = unit?.words[0]?.value ?? null;
  if (!unit || unit.assignments.length > 0 || !plainWord(name)) return exact;
  const words = [name];
  const [, sub, script] = unit.words.map((w) => w.value);
  if (SUBCOMMANDS.has(name) && plainWord(sub ?? null) && !sub?.startsWith('-')) {
    words.push(sub as string);
    if (RUNNERS.has(sub as string) && plainWord(script ?? null) && !script?.startsWith('-'))
      words.push(script as string);
  }
  return `Bash(${words.join(' ')}:*)`;
}

/** A path rule for the directory a file call touches: `Edit(src/**)` inside the project
 * (`./**` for the project itself), `Read(//abs/dir/**)` outside it. */
function pathRule(family: 'Read' | 'Edit', dir: string, cwd: string): string {
  if (!isInside(dir, cwd)) return `${family}(/${dir}/**)`;
  const rel = relative(cwd, dir);
  return `${family}(${rel === '' ? '.' : rel}/**)`;
}

const allowRules = (ctx: PermissionContext): Set<string> => {
  const all = new Set<string>();
  for (const s of Object.values(ctx.sources)) {
    const allow = s?.permissions?.allow;
    if (Array.isArray(allow)) for (const r of allow) if (typeof r === 'string') all.add(r);
  }
  return all;
};

/** Where a call's own path field names a file (its directory is what the rule covers); other
 * tools name a directory to search. */
const namesFile = (input: unknown): boolean =>
  typeof input === 'object' && input !== null && ('file_path' in input || 'notebook_path' in input);

/** What "always allow" adds for an asked call: for Bash a prefix rule per part that needs
 * approval, for file tools a rule on the directory, for other tools the bare tool. Rules the
 * settings already allow are left out. */
export function suggestUpdates(
  req: PermissionRequest,
  decision: SessionDecision,
  ctx: PermissionContext,
): PermissionUpdate[] {
  let texts: string[];
  if (req.kind === 'bash') {
    const parts = decision.subcommands?.filter((s) => s.decision.behavior === 'ask').map((s) => s.command);
    texts = (parts?.length ? parts : [req.command ?? '']).map((c) => bashRuleFor(c, ctx.home));
  } else if (req.kind === 'read' || req.kind === 'write') {
    const family = req.kind === 'read' ? 'Read' : 'Edit';
    const paths = req.paths.length ? req.paths.map(normalizePath) : [normalizePath(ctx.cwd)];
    texts = paths.map((p) => pathRule(family, namesFile(req.input) ? dirname(p) : p, normalizePath(ctx.cwd)));
  } else texts = [req.tool];
  const have = allowRules(ctx);
  const rules = [...new Set(texts)]
    .filter((t) => !have.has(t))
    .map((t) => parseRule(t))
    .filter((r) => r !== null)
    .map((r) =>
      r.content === undefined ? { toolName: r.tool } : { toolName: r.tool, ruleContent: r.content },
    );
  return rules.length ? [{ type: 'addRules', rules, behavior: 'allow', destination: 'localSettings' }] : [];
}

/** Local settings with the update's rules added to `permissions.allow` (other keys kept). */
export function withUpdate(local: Settings | undefined, update: PermissionUpdate): Settings {
  const base = local ?? {};
  const permissions = base.permissions ?? {};
  const allow = Array.isArray(permissions.allow) ? (permissions.allow as unknown[]) : [];
  const added = update.rules.map(ruleString).filter((r) => !allow.includes(r));
  return { ...base, permissions: { ...permissions, allow: [...allow, ...added] } };
}

/** Applies an accepted update to the live permission context (rules are collected on every
 * decision, so later calls see it). */
export function applyUpdate(ctx: PermissionContext, update: PermissionUpdate): void {
  ctx.sources = { ...ctx.sources, local: withUpdate(ctx.sources.local, update) };
}
