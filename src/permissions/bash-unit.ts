// The judgement of one simple command of a Bash line: a table of named stages, run in the order
// the release's profile gives (`behaviour.bashStages.unit`). Each stage either ends the
// judgement with a verdict or passes it on; the `*-gaps` stages only note a known gap. The ids
// in each stage's comment are the recordings (conformance/) that fixed it.
import type { Env } from './check';
import { readPathAllowed, writePathAllowed, writePathReason } from './files';
import * as msg from './messages';
import { inWorkingDirs } from './paths';
import type { Rule } from './rules';
import type { Word } from './shell/commands';
import { isReadOnlyCommand } from './shell/commands';
import type { Unit } from './shell/analyze';
import type { BashUnitStage, XargsOptions } from './types';
import {
  allowForms,
  allowTexts,
  asWritten,
  bashSpecifierMatches,
  denyForms,
  effectiveWords,
  formTexts,
  ruleFor,
  strictForms,
  strippedWords,
  unquotedHead,
  withBasename,
} from './bash-match';
import type { PathUse, Walk } from './bash-uses';
import {
  DOTDOT,
  denyUses,
  knownUses,
  orderedUses,
  OUTPUT_OPS,
  pathDeny,
  pathUses,
  resolveWord,
  unsafeWrite,
  writesPath,
} from './bash-uses';
import { gitGlobalsGap, globGap, hiddenReadGap, interpreterGap, uncheckedWriteGap, wrapperGap } from './bash-gaps';

export type Verdict = 'deny' | 'shell-deny' | 'ask-rule' | 'allow' | 'blocked' | 'approval';

export interface UnitResult {
  unit: Unit;
  verdict: Verdict;
  /** The path use a path deny rule hit. */
  use?: PathUse;
  reason: string;
  rule?: Rule;
  message?: string;
  gap?: string;
  /** The gap goes around a Read or Edit deny rule (what a bypass mark also reports). */
  gapOnPaths?: boolean;
  /** The verdict on the command without its output redirections: a pipe segment is judged so,
   * and its redirections only once every segment is approved. */
  segmentVerdict?: Verdict;
  /** Refused by the write safety check, which no allow rule lifts. */
  safety?: boolean;
  /** Refused for where its output redirection writes. */
  redirectBlocked?: boolean;
}

export const AFTER_CD_OUT = 'follows a cd out of the working directories';

export function checkUnit(env: Env, u: Unit, walk: Walk): UnitResult {
  const result = judgeUnit(env, u, walk);
  const inputs = u.redirects.filter((r) => !OUTPUT_OPS.has(r.op) && r.op !== '>&');
  if (inputs.length < u.redirects.length && result.verdict !== 'allow' && result.verdict !== 'deny')
    result.segmentVerdict = judgeUnit(env, { ...u, redirects: inputs }, walk).verdict;
  const words = effectiveWords(env, u);
  const name = words[0]?.value;
  if (name === 'cd' || name === 'pushd') {
    const arg = words.slice(1).find((w) => w.value === null || !/^[-+]/.test(w.value));
    const resolved = arg ? resolveWord(arg, walk.cwd, env.ctx.home) : { path: env.ctx.home };
    const target = resolved ? resolved.path : null;
    if (target === null) walk.cwdLost = true;
    else if (!walk.denyCwds.includes(target)) walk.denyCwds.push(target);
    if (u.origin === 'list' && name === 'cd') {
      if (target === null || !inWorkingDirs(target, env.dirs)) walk.cwdUnknown = true;
      else walk.cwd = target;
    }
  }
  return result;
}

/** What every stage of one command's judgement reads. */
interface UnitState {
  env: Env;
  u: Unit;
  walk: Walk;
  /** The texts deny and ask rules are matched against. */
  texts: string[];
  /** The command behind transparent wrappers (what the read-only set looks at). */
  words: Word[];
  name: string | null;
  /** The command behind every wrapper (what path checks look at). */
  pathWords: Word[];
  /** The paths it uses, for the working directories ('dynamic': one is known only at run time). */
  uses: PathUse[] | 'dynamic';
  /** The paths it uses from every directory the line may be in, for path deny rules. */
  forDeny: PathUse[] | 'dynamic';
  /** A Bash deny rule that names the command by its basename (`/bin/rm`). */
  strictDeny: Rule | undefined;
  /** The known gap noted so far. */
  gap?: string;
  gapOnPaths?: boolean;
}

type Stage = (s: UnitState) => UnitResult | undefined;

const result = (s: UnitState, r: Omit<UnitResult, 'unit' | 'gap'>): UnitResult => ({
  unit: s.u,
  ...r,
  gap: s.gap,
  ...(s.gap !== undefined && s.gapOnPaths ? { gapOnPaths: true } : {}),
});

/** Notes a known gap: `onPaths` when it goes around a Read or Edit deny rule. */
function note(s: UnitState, gap: string | undefined, onPaths: boolean): void {
  s.gap = gap;
  s.gapOnPaths = onPaths;
}

/** The refusal of a path the session may not touch without asking: an output redirection or a
 * file command, worded per version; the filesystem root is a part needing approval. */
function pathRefusal(s: UnitState, use: PathUse): UnitResult {
  const { env } = s;
  const asWrite = writesPath(use);
  const subject =
    use.redirect === 'out'
      ? `Output redirection to '${use.path}'`
      : use.command
        ? `${use.command} in '${use.path}'`
        : undefined;
  const text =
    env.behaviour.insideFileCommandWording === 'needs-approval' && asWrite && subject
      ? msg.writeNeedsApproval(subject, inWorkingDirs(use.path, env.dirs), env.dirs)
      : use.blocked();
  // The filesystem root is not reported as a blocked path: 2.1.273 lists `cd /` and `ls -d /`
  // as parts needing approval (perm-default-bash-cd-outside), while other directories outside
  // get the "was blocked" text (seen in public session traces).
  if (text === msg.BASH_NEEDS_APPROVAL || use.path === '/')
    return result(s, {
      verdict: 'approval',
      reason: `${use.op === 'read' ? 'reads' : 'writes'} ${use.path}, which needs approval`,
    });
  return result(s, {
    verdict: 'blocked',
    message: text,
    reason: `${use.op === 'read' ? 'reads' : 'writes'} ${use.path}, which ${env.mode} mode does not allow without asking`,
    ...(use.redirect === 'out' ? { redirectBlocked: true } : {}),
  });
}

/** A Bash deny rule on the command as written, without assignments or behind a wrapper
 * (perm-deny-bash-rm-prefix, perm-deny-bash-wrapper-timeout,
 * perm-deny-bash-compound-pipe). */
const bashDenyRule: Stage = (s) => {
  if (s.u.strictOnly) return undefined;
  const deny = ruleFor(s.env, 'deny', s.texts);
  return deny && { unit: s.u, verdict: 'deny', rule: deny, reason: `${deny.text} denies ${s.u.display}` };
};

/** A Read or Edit deny rule on a path the command uses. A path only known at run time does not
 * keep the others from being checked; a cd's target is checked as a read only where the working
 * directories are, not in bypassPermissions (perm-deny-read-bash-cat, perm-deny-edit-bash-sed-i;
 * gen-bashperm-0039, 0532, 0651, 0684). */
const pathDenyRule: Stage = (s) => {
  const { env, u, walk } = s;
  if (u.strictOnly || (env.mode === 'bypassPermissions' && s.pathWords[0]?.value === 'cd')) return undefined;
  const known = s.forDeny === 'dynamic' ? knownUses(env, u, s.pathWords, walk) : s.forDeny;
  const pd = pathDeny(env, known);
  if (!pd) return undefined;
  return {
    unit: u,
    verdict: 'deny',
    rule: pd.rule,
    use: pd.use,
    reason: `${pd.rule.text} covers ${pd.use.path}, which ${u.display || 'the command'} ${pd.use.op === 'read' ? 'reads' : 'writes'}`,
  };
};

/** Notes a path deny rule the command goes around without Claude Code seeing it: a path only
 * known at run time, interpreter code, a glob, a recursive search, an unchecked writer
 * (perm-deny-read-bash-python; gen-bashperm-0639, 0726: chmod past Edit(./foo.txt)). */
const pathGaps: Stage = (s) => {
  const { env, u, walk } = s;
  const onlyBraced = [...u.words, ...u.redirects.flatMap((r) => (r.target ? [r.target] : []))].every(
    (w) => w.value !== null || w.braced,
  );
  const runtimePath =
    s.forDeny === 'dynamic' &&
    !(onlyBraced && !walk.cwdLost) &&
    !u.strictOnly &&
    env.rules.some(
      (r) => r.behavior === 'deny' && r.content !== undefined && r.tool !== 'Bash' && r.tool !== 'WebFetch',
    );
  const gap = runtimePath
    ? `\`${u.display}\` uses a path that is only known when it runs, so path deny rules cannot be checked; Claude Code does not check them either.`
    : (interpreterGap(env, u, s.words, walk.cwd) ??
      globGap(env, u, s.forDeny) ??
      hiddenReadGap(env, u, s.pathWords, walk.cwd) ??
      uncheckedWriteGap(env, u, s.pathWords, walk.cwd));
  note(s, gap, true);
  return undefined;
};

/** What 2.1.332 looks for inside a shell -c script. */
const REMOVALS = new Set(['rm', 'rmdir']);

/** A command inside a `bash -c` script: 2.1.332 looks there for removals only (an rm or rmdir,
 * behind wrappers, by basename, that a Bash deny rule names or whose path an Edit deny rule
 * covers prompts with a text of its own, in every mode); anything else there, and everything on
 * 2.1.273, is not looked at (perm-deny-bash-subshell; gen-bashperm-0398, 0779). What is decided
 * comes from the outer `bash -c` command; this one only reports the gap. */
const shellScript: Stage = (s) => {
  const { env, u, walk } = s;
  if (!u.strictOnly) return undefined;
  const deny = ruleFor(env, 'deny', s.texts) ?? s.strictDeny;
  if (u.origin === 'find-exec') {
    if (deny)
      note(
        s,
        `Claude Code does not match rules against the command find runs with -exec, so ${deny.text} does not stop \`${u.display}\` there.`,
        false,
      );
    return result(s, { verdict: 'allow', reason: 'run by find -exec, which is not analysed' });
  }
  const named = withBasename(s.pathWords);
  const inScript = pathUses(env, u, named, walk.cwd);
  const pathRule = inScript === 'dynamic' ? undefined : pathDeny(env, inScript)?.rule;
  const rule =
    env.behaviour.shellScriptRules && REMOVALS.has(named[0]?.value ?? '') ? (deny ?? pathRule) : undefined;
  if (rule)
    return {
      unit: u,
      verdict: 'shell-deny',
      rule,
      reason: `${rule.text} denies ${u.display} inside a shell -c script`,
    };
  const missed = deny ?? pathRule;
  if (missed)
    note(
      s,
      env.behaviour.shellScriptRules
        ? `Claude Code looks inside a shell -c script only for rm and rmdir, so ${missed.text} does not stop \`${u.display}\` there.`
        : `This release does not look inside shell -c scripts, so ${missed.text} does not stop \`${u.display}\` there.`,
      !deny,
    );
  return result(s, { verdict: 'allow', reason: 'inside a shell -c script, which is not analysed' });
};

/** Notes a Bash deny rule the command goes around: a command name only known at run time, or a
 * git subcommand behind git's global options (`git -C sub status` runs past `Bash(git status:*)`
 * on both releases; gen-bashperm-0015, 0032). */
const nameGaps: Stage = (s) => {
  const { env, u } = s;
  if (
    !s.strictDeny &&
    denyForms(u).some((f) => f[0]?.value === null) &&
    env.rules.some((r) => r.tool === 'Bash' && r.behavior === 'deny' && r.content !== undefined)
  )
    note(
      s,
      `The command name in \`${u.display}\` is only known when it runs, so Bash deny rules cannot be checked; Claude Code does not check them either.`,
      false,
    );
  if (s.gap === undefined) note(s, gitGlobalsGap(env, u) ?? wrapperGap(env, u), false);
  return undefined;
};

/** A brace-expansion alternative (`{r,}m`) is checked against deny rules only (a stricter
 * reading than anything recorded: README, "Where the engine is stricter"). */
const braceAlternative: Stage = (s) =>
  s.u.shadow
    ? {
        unit: s.u,
        verdict: 'allow',
        reason: 'a brace-expansion alternative (checked against deny rules only)',
      }
    : undefined;

/** A Bash deny rule on the command's basename (`/bin/rm` past `Bash(rm:*)`): denied where the
 * release matches basenames, a known gap where it does not (perm-deny-bash-absolute-rm). */
const basenameDenyRule: Stage = (s) => {
  const { env, u, strictDeny } = s;
  if (!strictDeny) return undefined;
  if (env.behaviour.basenameCommandNames)
    return { unit: u, verdict: 'deny', rule: strictDeny, reason: `${strictDeny.text} denies ${u.display}` };
  note(
    s,
    `This release matches Bash rules against the command as written, so ${strictDeny.text} does not stop \`${u.display}\` (releases that match the command's basename deny it).`,
    false,
  );
  return undefined;
};

/** A Bash ask rule on the command (perm-ask-rule-bypass; gen-bashperm-0117, 0448). */
const askRule: Stage = (s) => {
  const ask = ruleFor(s.env, 'ask', s.texts);
  return (
    ask && result(s, { verdict: 'ask-rule', rule: ask, reason: `${ask.text} asks before ${s.u.display}` })
  );
};

/** The write safety check (safety.ts) comes before allow rules and the working directories;
 * only bypassPermissions writes past it (the generated sensitive family, gen-sensitive-*). */
const writeSafety: Stage = (s) => {
  if (s.env.mode === 'bypassPermissions' || s.uses === 'dynamic') return undefined;
  const unsafe = unsafeWrite(s.env, s.uses);
  return (
    unsafe && result(s, { verdict: 'blocked', message: unsafe.message, reason: unsafe.reason, safety: true })
  );
};

/** The allow rule that covers the command. What xargs runs gets more arguments: only a prefix or
 * wildcard rule covers it (`xargs chmod 644 a.txt < list` needs approval under
 * Bash(chmod 644 a.txt)); exact rules compare with the command as written. */
function allowRuleFor(s: UnitState): Rule | undefined {
  const { env, u, walk } = s;
  // A rule with a leading wildcard is matched against the command with its variables in front
  // (`FOO=1 ./tool.sh` runs under `Bash(*tool.sh*)`, `FOO=1 echo hi` under `Bash(*echo*)`, not
  // under `Bash(tool.sh:*)`: difftest probes, dontAsk, both versions).
  if (u.assignments.length > 0 && u.words.length > 0 && u.redirects.length === 0 && u.origin === 'list') {
    const leading = env.rules.find(
      (r) =>
        r.tool === 'Bash' &&
        r.behavior === 'allow' &&
        r.content?.startsWith('*') === true &&
        bashSpecifierMatches(r.content, u.display),
    );
    if (leading) return leading;
  }
  const allowed = allowForms(u);
  const afterXargs = allowed.findIndex((_, i) => i > 0 && allowed[i - 1]?.[0]?.value === 'xargs');
  const raw = afterXargs < 0 && u.origin === 'list' ? asWritten(u, walk.line) : undefined;
  if (raw !== undefined)
    return (
      ruleFor(env, 'allow', allowTexts(allowed), true) ??
      ruleFor(env, 'allow', unquotedHead(u, raw)) ??
      ruleFor(env, 'allow', allowTexts(allowed.slice(1)))
    );
  if (afterXargs < 0) return ruleFor(env, 'allow', allowTexts(allowed));
  return (
    ruleFor(env, 'allow', allowTexts(allowed.slice(0, afterXargs))) ??
    ruleFor(env, 'allow', allowTexts(allowed.slice(afterXargs)), true)
  );
}

/** An allow rule stands in for acceptEdits, not for the working directories: a path it names
 * outside them is refused as without the rule (`Bash(touch:*)` runs `touch a.txt` but not
 * `touch /tmp/y`). Nor for where the output goes: a file redirect needs its write approved on its
 * own, even under `Bash(echo hi > out.txt)`; only `Bash(*)` approves it
 * (perm-default-allow-bash-prefix, perm-user-allow-bash-prefix, perm-untrusted-allow-bash-prefix). */
const allowRule: Stage = (s) => {
  const { env, uses } = s;
  const allow = allowRuleFor(s);
  if (!allow) return undefined;
  if (env.mode !== 'bypassPermissions' && uses !== 'dynamic') {
    const ordered = orderedUses(uses);
    const outside = ordered.find((use) =>
      writesPath(use) ? !inWorkingDirs(use.path, env.dirs) : !readPathAllowed(env, use.path),
    );
    if (outside) return pathRefusal(s, outside);
    const redirected =
      allow.content === '*'
        ? undefined
        : ordered.find(
            (use) => use.redirect === 'out' && writesPath(use) && !writePathAllowed(env, use.path),
          );
    if (redirected) return pathRefusal(s, redirected);
  }
  return result(s, { verdict: 'allow', rule: allow, reason: `allowed by ${allow.text}` });
};

/** bypassPermissions runs what no rule stopped (gen-bashperm-0010, 0011). */
const bypassMode: Stage = (s) =>
  s.env.mode === 'bypassPermissions'
    ? result(s, { verdict: 'allow', reason: 'bypassPermissions mode runs it' })
    : undefined;

/** After a cd out of the working directories every command needs approval
 * (perm-default-bash-cd-outside). */
const afterCdOut: Stage = (s) =>
  s.walk.cwdUnknown ? result(s, { verdict: 'approval', reason: AFTER_CD_OUT }) : undefined;

/** A path only known at run time needs approval (no corpus scenario of its own: the probes in
 * bash-paths.test.ts). */
const runtimePath: Stage = (s) =>
  s.uses === 'dynamic'
    ? result(s, { verdict: 'approval', reason: 'a path it uses is only known when it runs' })
    : undefined;

/** A cd inside the working directories runs; `cd /` is a part needing approval
 * (perm-default-bash-cd-outside, perm-default-bash-cd-inside). */
const cdTarget: Stage = (s) => {
  const { env, u, uses } = s;
  if (s.name !== 'cd' || u.origin !== 'list') return undefined;
  // zsh's `cd OLD NEW` (cd probes, both versions: `cd sub sub`, `echo hi && cd a b`).
  if (s.words.slice(1).filter((w) => w.value === null || !w.value.startsWith('-')).length > 1)
    return result(s, {
      verdict: 'blocked',
      message: msg.CD_TWO_DIRECTORIES,
      reason: 'cd is given two directories',
    });
  if (uses === 'dynamic') return undefined;
  const target = uses[0]?.path ?? env.ctx.home;
  if (target === '/')
    return result(s, { verdict: 'approval', reason: 'cd to /, outside the working directories' });
  if (inWorkingDirs(target, env.dirs))
    return result(s, { verdict: 'allow', reason: 'cd inside the working directories' });
  return undefined;
};

/** An output redirection climbing out of a directory (`> sub/../foo.txt`) is refused as such
 * before its path is judged, in acceptEdits too (gen-bashperm-0258, 0348, 0642, 1014). */
const redirectClimbs: Stage = (s) =>
  s.u.redirects.some((r) => OUTPUT_OPS.has(r.op) && r.target?.value != null && DOTDOT.test(r.target.value))
    ? result(s, {
        verdict: 'blocked',
        message: msg.DOTDOT_TRAVERSAL,
        reason: `its output redirection climbs out of a directory with '..'`,
      })
    : undefined;

/** Redirections are judged before the command's own paths; cp and mv need write access to every
 * path they name, and their refusal names the first one (perm-default-bash-write,
 * perm-default-bash-cat-outside; gen-bashperm-0488). */
const workingDirectories: Stage = (s) => {
  if (s.uses === 'dynamic') return undefined;
  for (const use of orderedUses(s.uses)) {
    const ok = writesPath(use) ? writePathAllowed(s.env, use.path) : readPathAllowed(s.env, use.path);
    if (!ok) return pathRefusal(s, use);
  }
  return undefined;
};

/** Assignments or redirections alone, their paths approved, run (no corpus scenario of its own:
 * bash-lines.test.ts). */
const noCommand: Stage = (s) =>
  s.words.length === 0
    ? result(s, {
        verdict: 'allow',
        reason:
          s.u.assignments.length > 0 ? 'only sets variables' : 'redirections inside the working directories',
      })
    : undefined;

/** The built-in read-only set, unless the line's bare assignments keep its segment from it; a
 * read-only command can still write through its redirections, so the reason says why those went
 * through (perm-default-bash-readonly, perm-default-bash-git-readonly, perm-plan-bash-readonly). */
const readOnly: Stage = (s) => {
  const { env, u, walk, name, uses } = s;
  if (u.assignments.length > 0 || name === null || walk.bareAssignment.has(u.segment)) return undefined;
  if (!isReadOnlyCommand(name, s.words.slice(1))) return undefined;
  const redirected = (uses === 'dynamic' ? [] : uses)
    .filter((use) => use.redirect === 'out' && writesPath(use))
    .map((use) => `its output redirection to ${use.path}: ${writePathReason(env, use.path) ?? 'allowed'}`);
  return result(s, {
    verdict: 'allow',
    reason: [`${name} is in the built-in read-only set`, ...redirected].join('; '),
  });
};

/** The command xargs runs, when its options are all ones the release lets run unasked
 * (Behaviour.xargsOptions); with none given, echo. */
function xargsCommand(words: readonly Word[], options: XargsOptions): Word[] | undefined {
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i]?.value;
    if (w === null || w === undefined) return undefined;
    if (w === '--') {
      i++;
      break;
    }
    if (!w.startsWith('-') || w === '-') break;
    const value = options.values[w];
    if (value !== undefined) {
      const v = words[i + 1]?.value;
      if (v === null || v === undefined || !value.test(v)) return undefined;
      i++;
    } else if (![...w.slice(1)].every((c) => options.flags.includes(c))) return undefined;
  }
  return words.slice(i);
}

/** xargs running one of the release's read-only targets, with options it lets run unasked. */
const xargsReadOnly: Stage = (s) => {
  if (s.name !== 'xargs' || s.walk.bareAssignment.has(s.u.segment)) return undefined;
  const inner = xargsCommand(s.words, s.env.behaviour.xargsOptions);
  if (inner === undefined) return undefined;
  const innerName = inner.length === 0 ? 'echo' : inner[0]?.value;
  if (!innerName || !s.env.behaviour.xargsTargets.has(innerName)) return undefined;
  if (!isReadOnlyCommand(innerName, inner.slice(1))) return undefined;
  return result(s, { verdict: 'allow', reason: `xargs runs ${innerName}, which is read-only` });
};

/** Commands acceptEdits runs without a prompt when their paths are inside the working dirs. */
const ACCEPT_EDITS_COMMANDS = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed']);

/** acceptEdits runs its file commands, judged behind a wrapper (`timeout 5 rm -f foo.txt`:
 * gen-bashperm-0286), but not behind xargs, whose operands come from its input (`ls *.tmp |
 * xargs rm`, `xargs touch`, `xargs mkdir`, `xargs -I{} rm {}` ask: difftest probes, both
 * versions). */
const acceptEdits: Stage = (s) => {
  if (s.env.mode !== 'acceptEdits' || s.name === 'xargs') return undefined;
  const fileName = s.pathWords[0]?.value ?? null;
  if (fileName !== null && ACCEPT_EDITS_COMMANDS.has(fileName) && s.u.assignments.length === 0)
    return result(s, {
      verdict: 'allow',
      reason: `acceptEdits mode runs ${fileName} inside the working directories`,
    });
  return s.words.length === 0 ? result(s, { verdict: 'allow', reason: 'acceptEdits mode' }) : undefined;
};

export const UNIT_STAGES: Readonly<Record<BashUnitStage, Stage>> = {
  'bash-deny-rule': bashDenyRule,
  'path-deny-rule': pathDenyRule,
  'path-gaps': pathGaps,
  'shell-script': shellScript,
  'name-gaps': nameGaps,
  'brace-alternative': braceAlternative,
  'basename-deny-rule': basenameDenyRule,
  'ask-rule': askRule,
  'write-safety': writeSafety,
  'allow-rule': allowRule,
  'bypass-mode': bypassMode,
  'after-cd-out': afterCdOut,
  'runtime-path': runtimePath,
  'cd-target': cdTarget,
  'redirect-climbs': redirectClimbs,
  'working-directories': workingDirectories,
  'no-command': noCommand,
  'read-only': readOnly,
  'xargs-read-only': xargsReadOnly,
  'accept-edits': acceptEdits,
};

const PLAIN_VALUE = /^[A-Za-z_][A-Za-z0-9_]*=[A-Za-z0-9_./:-]+$/;

/** The command without the safe variables in front of it (`LANG=C sort a.txt` is judged as
 * `sort a.txt`), up to the first other assignment. */
function withoutSafePrefixes(env: Env, u: Unit): Unit {
  const safe = env.behaviour.safeEnvPrefixes;
  const kept = u.assignments.findIndex((a) => !safe.has(a.name) || !PLAIN_VALUE.test(a.text));
  if (kept === 0 || u.words.length === 0) return u;
  return { ...u, assignments: kept < 0 ? [] : u.assignments.slice(kept) };
}

/** One command through the release's stages; what none decides needs approval. */
function judgeUnit(env: Env, written: Unit, walk: Walk): UnitResult {
  const u = withoutSafePrefixes(env, written);
  const words = effectiveWords(env, u);
  const pathWords = strippedWords(u);
  const s: UnitState = {
    env,
    u,
    walk,
    texts: formTexts(denyForms(u), true),
    words,
    name: words[0]?.value ?? null,
    pathWords,
    uses: pathUses(env, u, strippedWords(u, false), walk.cwd),
    forDeny: denyUses(env, u, pathWords, walk),
    strictDeny: ruleFor(env, 'deny', formTexts(strictForms(u), true)),
  };
  for (const name of env.behaviour.bashStages.unit) {
    const r = UNIT_STAGES[name](s);
    if (r) return r;
  }
  return result(s, {
    verdict: 'approval',
    reason: `${s.name ?? u.display} is not in the built-in read-only set`,
  });
}
