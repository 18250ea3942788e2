// The bypass mark: a Bash call that a decision lets through (or puts to a prompt) although what
// it does, by the effect model (shell/effects.ts), reaches a path a Read or Edit deny rule
// names. A note for people: the decision and what the model receives stay as they are.
import picomatch from 'picomatch';
import type { Env } from './check';
import { ruleRef } from './check';
import { denyBelow, denyOn, EDIT_TOOLS, READ_TOOLS } from './deny-match';
import { specifierRoot } from './paths';
import type { Rule } from './rules';
import type { Effect } from './shell/effects';
import { commandEffects } from './shell/effects';
import type { BypassMark, Decision } from './types';

/** Symlinks are looked up for this many effects at most (each is a file system call). */
const MAX_RESOLVED = 64;

const VERB = { read: 'reads', write: 'writes', delete: 'deletes', exec: 'runs' } as const;

/** Writes and deletes are checked against Edit deny rules and, as the file tools do, Read deny
 * rules; reads and runs against Read deny rules. */
const toolsFor = (op: Effect['op']): readonly (readonly string[])[] =>
  op === 'read' || op === 'exec' ? [READ_TOOLS] : [EDIT_TOOLS, READ_TOOLS];

/** With `find -name`: a rule whose file name none of the names can match is not reached. */
function nameCanMatch(env: Env, r: Rule, names: readonly string[] | undefined): boolean {
  if (!names || r.content === undefined) return true;
  const last = specifierRoot(r.content, env.ctx, r.root).pattern.split('/').filter(Boolean).pop() ?? '**';
  if (last === '**' || last === '*') return true;
  const sample = last.replace(/[*?]/g, 'x');
  return names.some((n) => picomatch(n, { dot: true, nocase: true })(sample) || picomatch(last, { dot: true })(n));
}

function ruleOn(env: Env, e: Effect): Rule | undefined {
  for (const tools of toolsFor(e.op)) {
    const rule = e.below
      ? denyBelow({ ...env, rules: env.rules.filter((r) => nameCanMatch(env, r, e.names)) }, tools, e.path)
      : denyOn(env, tools, e.path);
    if (rule) return rule;
  }
  return undefined;
}

/** The effect as the file system resolves it, when a symlink leads elsewhere. */
async function throughSymlink(env: Env, e: Effect): Promise<Effect | undefined> {
  const realpath = env.ctx.realpath;
  if (!realpath || e.glob) return undefined;
  const slash = e.path.lastIndexOf('/');
  const real =
    (await realpath(e.path)) ??
    (slash > 0 ? await realpath(e.path.slice(0, slash)).then((d) => d && `${d}${e.path.slice(slash)}`) : null);
  if (!real || real === e.path) return undefined;
  return { ...e, path: real, via: [...e.via, `a symlink (${e.path} → ${real})`] };
}

const relative = (path: string, cwd: string) =>
  path === cwd ? '.' : path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;

function mark(env: Env, e: Effect, rule: Rule, d: Decision): BypassMark {
  const construct = e.via.join(' → ');
  const where = relative(e.path, env.ctx.cwd);
  // `git rm foo.txt` deletes foo.txt (and what is below it, were it a folder).
  const itself = e.below && toolsFor(e.op).some((tools) => denyOn(env, tools, e.path) === rule);
  const what = e.below && !itself ? `files below ${where}` : where;
  const lets =
    d.behavior === 'allow' ? 'the decision lets it run' : 'the prompt would let it run if approved';
  return {
    construct,
    op: e.op,
    path: e.path,
    ...(e.below ? { below: true } : {}),
    rule: ruleRef(rule),
    command: e.command,
    sentence: `\`${e.command}\` ${VERB[e.op]} ${what} through ${construct}, which ${rule.text} (${rule.source} settings) denies; ${lets} (${env.mode}).`,
  };
}

/** The mark for a Bash decision that is not a refusal, or undefined when the command's
 * effects reach no denied path. */
export async function bashBypass(
  env: Env,
  command: string,
  shellCwd: string | undefined,
  d: Decision,
): Promise<BypassMark | undefined> {
  if (d.behavior === 'deny') return undefined;
  const pathDenies = env.rules.some(
    (r) => r.behavior === 'deny' && r.content !== undefined && (READ_TOOLS.includes(r.tool) || EDIT_TOOLS.includes(r.tool)),
  );
  if (!pathDenies) return undefined;
  const effects = commandEffects(command, shellCwd ?? env.ctx.cwd, env.ctx.home) ?? [];
  for (const e of effects) {
    const rule = ruleOn(env, e);
    if (rule) return mark(env, e, rule, d);
  }
  for (const e of effects.slice(0, MAX_RESOLVED)) {
    const real = await throughSymlink(env, e);
    const rule = real && ruleOn(env, real);
    if (real && rule) return mark(env, real, rule, d);
  }
  return undefined;
}
