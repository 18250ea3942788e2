// The judgement of a whole Bash line from its commands' verdicts: a table of named stages, run in
// the order the release's profile gives (`behaviour.bashStages.line`). Each stage refuses the
// line or passes it on; a line no stage refuses runs. The ids in each stage's comment are the
// recordings (conformance/) that fixed it.
import type { Check, Env } from './check';
import { flags, modeRef, ruleRef } from './check';
import * as msg from './messages';
import type { Analysis, Unit } from './shell/analyze';
import type { GateRanks, GateReason } from './shell/gate';
import { FILE_COMMANDS } from './shell/commands';
import type { BashLineStage, SubcommandDecision } from './types';
import { effectiveWords, ruleFor, strippedWords } from './bash-match';
import { DOTDOT, OUTPUT_OPS } from './bash-uses';
import type { UnitResult } from './bash-unit';
import { AFTER_CD_OUT } from './bash-unit';

/** Whether the line's bare assignments keep every part from being read-only: a name outside
 * the profile's safe list does while the shell's environment is unknown (no Bash command let
 * through yet in the session), and once it is known when the environment has the name. */
export function bareAssignmentBlocks(
  env: Env,
  names: readonly { name: string; segment: number }[],
  shellEnv: readonly string[] | undefined,
): Set<number> {
  const table = env.behaviour.bareAssignments;
  const known = new Set([...(shellEnv ?? []), ...table.shellNames]);
  return new Set(
    names
      .filter(({ name }) => !table.safe.has(name) && (!env.ctx.shellStarted || known.has(name)))
      .map((n) => n.segment),
  );
}

/** A value bash's arithmetic takes as it is: a plain decimal number (`COLUMNS=80 ls` runs,
 * `LINES=x cat a.txt` is refused). */
const PLAIN_INTEGER = /^(0|[1-9][0-9]{0,17})$/;

/** The text of an assignment Claude Code refuses by the variable's name (bare: a variable that
 * changes how later commands are found or run; bare or prefix: an integer variable given
 * anything but a plain number; shell-env-prefix probes). */
function assignmentRefusal(env: Env, analysis: Analysis): string | undefined {
  const table = env.behaviour.bareAssignments;
  for (const u of analysis.units) {
    const bare = u.words.length === 0;
    for (const { name, text } of u.assignments) {
      if (name === 'IFS') return msg.IFS_ASSIGNMENT;
      const value = text.slice(text.indexOf('=') + 1).replace(/["']/g, '');
      // A value with an expansion is refused for the expansion first (`COLUMNS=$X ls`).
      const dynamic = /[$`]/.test(value);
      if (table.integer.has(name) && !dynamic && !PLAIN_INTEGER.test(value))
        return msg.integerAssignment(name, bare);
      if (bare && table.altersLookup.has(name)) return msg.altersLookup(name);
    }
  }
  return undefined;
}

export function subcommandDecisions(results: readonly UnitResult[]): SubcommandDecision[] {
  return results
    .filter(
      (r) =>
        (r.unit.display !== '' || r.unit.redirects.length > 0) && (!r.unit.shadow || r.verdict === 'deny'),
    )
    .map((r) => ({
      command: r.unit.display,
      decision: {
        behavior: r.verdict === 'allow' ? 'allow' : r.verdict === 'deny' ? 'deny' : 'ask',
        reason: r.reason,
        ...(r.rule ? { rule: ruleRef(r.rule) } : {}),
        ...(r.message ? { message: r.message } : {}),
        ...(r.gap ? { knownGap: r.gap } : {}),
      },
    }));
}

/** Version control that a cd anywhere in the line (before or after it, pushd too) refuses:
 * git only (`cd sub && hg status`, `cd sub && svn status` ask for their part: cd probes, both
 * versions). */
const VCS = new Set(['git']);

const CHANGES_DIR = new Set(['cd', 'pushd']);

const LOOPS = new Set(['for_statement', 'c_style_for_statement', 'while_statement']);

/** A pipe segment cut out of an if/for/while body that ends the construct without opening it
 * (`ls; fi`) is never approved, whatever it runs; one that opens it without the end (`if true;
 * then ls`) is judged by its commands (probed on both versions). */
function strayCloser(segment: string): boolean {
  const count = (re: RegExp) => [...segment.matchAll(re)].length;
  const at = (words: string) =>
    new RegExp(`(?:^|[;&|\\n(]|\\b(?:then|do|else)\\s)\\s*(?:${words})(?=$|[\\s;&|)])`, 'g');
  return (
    count(at('fi')) > count(at('if')) ||
    count(at('done')) > count(at('for|while|until|select')) ||
    count(at('esac')) > count(at('case'))
  );
}

/** Commands that may write the files they are given (sed through its w command). */
const WRITE_CAPABLE = new Set([
  ...[...FILE_COMMANDS.entries()].filter(([, c]) => c.op !== 'read').map(([n]) => n),
  'sed',
]);

/** A write-capable command given a glob (`rm f*.txt`, `sed -n 1p fo?.txt`). A glob among a
 * reading command's arguments is not one, even with an output redirection (bashperm 0232,
 * 0398: `grep -n x fo?.txt > out.txt` is judged by out.txt). */
function writesWithGlob(u: Unit): boolean {
  const words = strippedWords(u);
  return WRITE_CAPABLE.has(words[0]?.value ?? '') && words.slice(1).some((w) => w.glob);
}

/** An output redirection to a glob (`echo hi >> f*.txt`): refused as shell expansion in a path
 * (bashperm 0414, 0723, 1020). */
function redirectsToGlob(u: Unit): boolean {
  return u.redirects.some((r) => OUTPUT_OPS.has(r.op) && r.target?.glob === true);
}

/** What every stage of a line's judgement reads. */
export interface LineState {
  env: Env;
  command: string;
  /** The line as the model wrote it, which a denial names where it names the whole line (the
   * command judged may have had a trailing quote closed: `echo 'a` is named as written). */
  written: string;
  analysis: Analysis;
  results: UnitResult[];
  gate: GateRanks;
  /** Pipe segments whose bare assignments keep them from the read-only set. */
  bareAssignment: ReadonlySet<number>;
  /** The first known gap of the line's commands. */
  gap?: string;
  /** The gaps of the line's commands that go around a Read or Edit deny rule. */
  pathGaps: ReadonlySet<string>;
  subcommands: SubcommandDecision[];
  /** The part an ask rule names that the ask rule stages look at. */
  asked?: UnitResult;
  /** The commands that run (no brace alternatives, no shell -c script contents). */
  live: UnitResult[];
  cds: UnitResult[];
  cdWithVcs: boolean;
}

type Stage = (s: LineState) => Check | undefined;

const ask = (s: LineState, c: Omit<Check, 'behavior'>): Check => withGap(s, { behavior: 'ask', ...c });

function withGap(s: LineState, c: Check): Check {
  const pathGaps = c.pathGaps ?? s.pathGaps;
  return {
    ...c,
    subcommands: s.subcommands,
    ...(s.gap ? { knownGap: s.gap } : {}),
    ...(pathGaps.size > 0 ? { pathGaps } : {}),
  };
}

/** A denial names the whole line, or in a pipeline the denied segment; a pipe with nothing on
 * one side (`echo a |`, which bash refuses) is no pipeline to cut, so the line is named as
 * written (dt-shell-rules-26120702-947, both releases). */
const denyMessage = (s: LineState, r: UnitResult) => {
  const { segments } = s.analysis;
  const cut = segments.length > 1 && segments.every((x) => x.trim() !== '');
  return msg.bashDenied(cut ? (segments[r.unit.segment] ?? s.written) : s.written);
};

const anyGate = (g: GateRanks) => g.first ?? g.subshell ?? g.evaluates ?? g.late ?? g.background;

/** A Bash deny rule on any command of the line, however nested. A line the static gate refuses is
 * not cut into pipe segments: the whole line is named (perm-deny-bash-compound-and,
 * perm-deny-bash-compound-pipe, perm-deny-bash-subshell; gen-bashperm-0897). */
const bashDenyRule: Stage = (s) => {
  const r = s.results.find((x) => x.verdict === 'deny' && x.rule?.tool === 'Bash');
  if (!r?.rule) return undefined;
  return withGap(s, {
    behavior: 'deny',
    message: anyGate(s.gate) ? msg.bashDenied(s.written) : denyMessage(s, r),
    reason: r.reason,
    rule: ruleRef(r.rule),
  });
};

/** 2.1.332's removal inside a shell -c script prompts with its own text, in every mode
 * (perm-deny-bash-subshell, gen-bashperm-0779 on 2.1.332). */
const shellScriptRule: Stage = (s) => {
  const r = s.results.find((x) => x.verdict === 'shell-deny');
  return r?.rule
    ? ask(s, { ruleAsk: true, message: msg.SHELL_SCRIPT_DENIED, reason: r.reason, rule: ruleRef(r.rule) })
    : undefined;
};

/** A variable Claude Code will not let a command change, refused by its name before the static
 * gate (`LANG=$(id); cat a` names LANG; no corpus scenario: the assignment probes in
 * bash-lines.test.ts). */
const assignmentByName: Stage = (s) => {
  const byName = assignmentRefusal(s.env, s.analysis);
  if (!byName) return undefined;
  return ask(s, {
    ...(s.asked?.rule ? { ruleAsk: true, rule: ruleRef(s.asked.rule) } : {}),
    message: byName,
    reason: `the line assigns a variable Claude Code will not let a command change: ${byName}`,
  });
};

/** The gate's refusal, naming a path deny rule or an eval'd command it keeps from being checked;
 * an ask rule on a part it does not win over (inside a subshell) still prompts in every mode
 * (gen-bashperm-0184: `(echo hi > ./foo.txt)` under ask Bash(echo:*) in bypassPermissions). */
function gateRefusal(s: LineState, g: GateReason | undefined): Check | undefined {
  if (!g) return undefined;
  const { env, results } = s;
  const message = msg.gateMessage(g, env.behaviour.gateWording);
  const hidden = results.find((r) => r.verdict === 'deny' && r.use && r.rule);
  const evalRule =
    g.kind === 'evaluates'
      ? results
          .filter((r) => effectiveWords(env, r.unit)[0]?.value === g.command)
          .map((r) =>
            ruleFor(env, 'deny', [
              r.unit.words
                .slice(1)
                .map((w) => w.value ?? w.text)
                .join(' '),
            ]),
          )
          .find((r) => r !== undefined)
      : undefined;
  const gateGap = hidden?.rule
    ? `The static gate stops at this command's syntax before path rules are looked at, so ${hidden.rule.text} is not checked for \`${hidden.unit.display}\`: a mode that approves the prompt (bypassPermissions) runs it.`
    : evalRule && g.kind === 'evaluates'
      ? `${g.command} runs its arguments as a command that ${evalRule.text} denies, but Claude Code does not look into them: a mode that approves the prompt (bypassPermissions) runs it.`
      : undefined;
  const anyAsk = results.find((r) => r.verdict === 'ask-rule' && r.rule);
  return ask(s, {
    ...(anyAsk?.rule ? { ruleAsk: true, rule: ruleRef(anyAsk.rule) } : {}),
    ...(gateGap && !s.gap ? { knownGap: gateGap } : {}),
    ...(gateGap && !s.gap && hidden?.rule ? { pathGaps: new Set([...s.pathGaps, gateGap]) } : {}),
    message,
    reason: `the static analysis stops at this command's syntax: ${message}`,
  });
}

/** An ask rule on a part wins over the gate's ranks before the late one: the prompt is the
 * rule's (gen-bashperm-0117). */
const askRuleBeforeGate: Stage = (s) => {
  const { first, subshell, evaluates } = s.gate;
  if (!(first ?? subshell ?? evaluates) || !s.asked?.rule) return undefined;
  return ask(s, {
    ruleAsk: true,
    message: msg.askTool('Bash'),
    reason: s.asked.reason,
    rule: ruleRef(s.asked.rule),
  });
};

/** The gate's first rank: every construct below in source order (bash-perm-heredoc-substitution,
 * bash-heredoc-redirect-default-norule; on 2.1.273 eval too: gen-bashperm-0028, 0054). */
const gateFirst: Stage = (s) => gateRefusal(s, s.gate.first);
/** A `( )` subshell (gen-bashperm-0003, 0007, 1023). */
const gateSubshell: Stage = (s) => gateRefusal(s, s.gate.subshell);
/** eval and the like, where the release refuses them after path deny rules (2.1.332: `eval x >
 * foo.txt` under Edit(./foo.txt) is denied; eval lines gen-bashperm-0028, 0054 on 2.1.332). */
const gateEval: Stage = (s) => gateRefusal(s, s.gate.evaluates);
/** Tilde variants, `$` in a quoted path (not in the corpus: the probes in bash-order.test.ts). */
const gateLate: Stage = (s) => gateRefusal(s, s.gate.late);
/** A top-level `&`, refused only when every part would run unasked: a part that needs approval,
 * a path refusal or a cd rule is said instead (bash-background-*). */
const gateBackground: Stage = (s) => gateRefusal(s, s.gate.background);
/** A one-word quoted here-document substitution, refused only when every part would run unasked
 * and after `&` (2.1.335: a redirect that needs approval is said instead; heredoc probes). */
const gateHereDocWord: Stage = (s) => gateRefusal(s, s.gate.hereDocWord);

/** A cd with git is refused as such ahead of an ask rule on the git part (`cd sub && git push`
 * under ask Bash(git push:*), both releases; bash-perm-cd-git-redirect). */
const cdWithVcsAsk: Stage = (s) =>
  s.asked?.rule && s.cdWithVcs
    ? ask(s, {
        ruleAsk: true,
        message: msg.CD_BEFORE_VCS,
        reason: 'a version-control command runs with a cd',
        rule: ruleRef(s.asked.rule),
      })
    : undefined;

/** An ask rule prompts in every mode: its own prompt when only parts it names are open, the open
 * parts listed when others need approval too or the line is a pipeline (perm-ask-rule-bypass;
 * gen-bashperm-0448, 0467). */
const askRule: Stage = (s) => {
  const { asked, analysis, results } = s;
  if (!asked?.rule) return undefined;
  const parts = analysis.tops.filter((t) => t.runs);
  const open = [
    ...new Set(
      results.filter((r) => r.verdict === 'ask-rule' || r.verdict === 'approval').map((r) => r.unit.top),
    ),
  ].sort((a, b) => a - b);
  const others = results.some((r) => r.verdict === 'approval' || r.verdict === 'blocked');
  return ask(s, {
    ruleAsk: true,
    message:
      parts.length > 1 && (others || analysis.segments.length > 1)
        ? msg.bashPartsNeedApproval(open.map((i) => analysis.tops[i]?.text ?? ''))
        : msg.askTool('Bash'),
    reason: asked.reason,
    rule: ruleRef(asked.rule),
  });
};

const isCd = (r: UnitResult) => strippedWords(r.unit)[0]?.value === 'cd';

/** A path deny rule on a command's path. In a line that changes directory a file command's
 * denied path is named first (`ls from '<dir>' …`) and a denied cd target names the whole line;
 * 2.1.332 words a denial in a line with a subshell by command or redirection and path, and both
 * releases word a denied output redirection after a cd so (bash-cd-redirect-deny; perm-deny-read-bash-cat, perm-deny-read-bash-egrep; gen-bashperm-0172, 0214, 0459, 0471). */
const pathDenyRule: Stage = (s) => {
  const { env, results, cds } = s;
  const withSubshell = env.behaviour.subshellPathDeny && s.analysis.constructs.includes('subshell');
  const denied =
    (cds.length > 0 ? results.find((r) => r.verdict === 'deny' && r.use && !isCd(r)) : undefined) ??
    results.find((r) => r.verdict === 'deny');
  if (!denied?.rule) return undefined;
  const name = strippedWords(denied.unit)[0]?.value;
  const use = denied.use;
  const message =
    denied.message ??
    ((withSubshell || cds.length > 0) && use?.redirect === 'out'
      ? msg.redirectionDenied(use.path)
      : withSubshell && use?.redirect === 'in'
        ? msg.inputRedirectionDenied(use.path)
        : (cds.length > 0 || withSubshell) && use && name && name !== 'cd'
          ? msg.pathDeniedInCd(name, use.op, use.path)
          : denyMessage(s, denied));
  return withGap(s, { behavior: 'deny', message, reason: denied.reason, rule: ruleRef(denied.rule) });
};

/** A write-capable command given a glob (gen-bashperm-0046, 0129, 1023). */
const globInWrite: Stage = (s) => {
  const r = s.live.find((x) => writesWithGlob(x.unit));
  return (
    r &&
    ask(s, { message: msg.GLOB_IN_WRITE, reason: `${r.unit.display} writes and has a glob among its paths` })
  );
};

const expansionInPath = (s: LineState) =>
  msg.gateMessage({ kind: 'fixed', text: 'expansion-in-path' }, s.env.behaviour.gateWording);

/** An output redirection to a glob (gen-bashperm-0414, 0723, 1020). */
const globRedirect: Stage = (s) => {
  const r = s.live.find((x) => redirectsToGlob(x.unit));
  return r && ask(s, { message: expansionInPath(s), reason: `${r.unit.display} redirects output to a glob` });
};

/** More than one cd (gen-bashperm-0002, 0017, 0693). */
const multipleCd: Stage = (s) =>
  s.cds.length > 1
    ? ask(s, { message: msg.MULTIPLE_CD, reason: 'the command changes directory more than once' })
    : undefined;

/** An output redirection to `~…`, refused after the directory changes are counted
 * (gen-bashperm-0693). */
const tildeRedirect: Stage = (s) => {
  const r = s.live.find((x) =>
    x.unit.redirects.some((d) => OUTPUT_OPS.has(d.op) && d.target?.text.startsWith('~')),
  );
  return (
    r &&
    ask(s, {
      message: expansionInPath(s),
      reason: `${r.unit.display} redirects output to a path starting with ~`,
    })
  );
};

/** An input redirection from a glob, or from a relative path after a cd (gen-bashperm-0236). */
const inputUnknown: Stage = (s) => {
  const firstCd = s.cds[0]?.unit.index;
  const found = s.live
    .flatMap((r) => r.unit.redirects.filter((d) => d.op === '<' && d.target).map((d) => ({ r, d })))
    .find(
      ({ r, d }) =>
        d.target?.glob ||
        (firstCd !== undefined && r.unit.index > firstCd && !(d.target?.value ?? '/').startsWith('/')),
    );
  return found?.d.target
    ? ask(s, {
        message: msg.inputRedirectionUnknown(found.d.target.text),
        reason: 'an input redirection names a file only known when the command runs',
      })
    : undefined;
};

/** A file command's own `..` argument, judged after its output redirections (gen-bashperm-0178, 0488). */
const dotdot: Stage = (s) => {
  const r = s.live.find((x) => {
    const words = strippedWords(x.unit);
    const name = words[0]?.value;
    return (
      !x.redirectBlocked &&
      name != null &&
      FILE_COMMANDS.has(name) &&
      [...words.slice(1), ...x.unit.redirects.flatMap((d) => (d.target ? [d.target] : []))].some(
        (w) => w.value !== null && DOTDOT.test(w.value),
      )
    );
  });
  return (
    r &&
    ask(s, { message: msg.DOTDOT_TRAVERSAL, reason: `${r.unit.display} climbs out of a directory with '..'` })
  );
};

/** git with a cd anywhere in the line (bash-perm-cd-git-redirect; gen-bashperm-0228, 0293). */
const cdWithVcs: Stage = (s) =>
  s.cdWithVcs
    ? ask(s, { message: msg.CD_BEFORE_VCS, reason: 'a version-control command runs after a cd' })
    : undefined;

/** A command that writes files by itself: a file command that is not a reader, or `sed -i`. */
function writesFiles(u: Unit): boolean {
  const words = strippedWords(u);
  const name = words[0]?.value ?? '';
  if (name === 'sed') return words.slice(1).some((w) => w.value !== null && /^(-i|--in-place)/.test(w.value));
  const command = FILE_COMMANDS.get(name);
  return command !== undefined && command.op !== 'read';
}

/** A list with one cd inside the working directories and a command that writes files, in either
 * order, is refused as such before the glob and `..` checks (bash-cd-write-compound: rm, cp,
 * sed -i; `rm a.txt; cd sub` too). A cd out of them, a second cd and a pipeline are judged by
 * their own stages first (probed on both releases). */
const cdWithWrite: Stage = (s) => {
  const [cd, ...more] = s.cds;
  if (!cd || more.length > 0 || cd.verdict !== 'allow' || s.analysis.segments.length > 1) return undefined;
  const writer = s.live.find((r) => !isCd(r) && writesFiles(r.unit));
  return writer
    ? ask(s, {
        message: msg.CD_WITH_WRITE,
        reason: `${writer.unit.display} writes files in a command that changes directory, so the paths it writes are not known for sure`,
      })
    : undefined;
};

const redirectsOutput = (u: Unit): boolean =>
  u.redirects.some(
    (r) =>
      (OUTPUT_OPS.has(r.op) && r.target?.value !== '/dev/null') ||
      (r.op === '>&' && r.target?.value !== null && !/^\d+-?$|^-$/.test(r.target?.value ?? '')),
  );

/** A cd out of the working directories in a line that also writes (a file command or an output
 * redirection, before or after it) is not refused with the cd's own text: every part not
 * approved is listed (`cd .. && touch x`, `touch y && cd ..`, `cd .. && echo hi > x`; `cd .. &&
 * ls` keeps the cd's text: difftest probes, default and acceptEdits, both versions). */
const cdOutWithWrite = (s: LineState, blocked: UnitResult): boolean =>
  isCd(blocked) && s.live.some((r) => !isCd(r) && (writesFiles(r.unit) || redirectsOutput(r.unit)));

/** A compound command with cd that writes through a redirection; output thrown away in /dev/null
 * is no write (bash-perm-cd-git-redirect). A cd out of the working directories is judged by the
 * parts instead (cdOutWithWrite). */
const cdWithRedirect: Stage = (s) => {
  const { env, analysis } = s;
  if (s.cds.some((r) => r.verdict === 'blocked')) return undefined;
  const listed = analysis.units.filter((u) => !u.shadow && u.words.length > 0);
  const hasCd = listed.length > 1 && listed.some((u) => effectiveWords(env, u)[0]?.value === 'cd');
  const writesByRedirect = analysis.units.some(redirectsOutput);
  return hasCd && writesByRedirect
    ? ask(s, {
        message: msg.CD_WITH_REDIRECTION,
        reason:
          'a compound command with cd writes through a redirection, so the target directory is not known for sure',
      })
    : undefined;
};

/** A pipeline is judged segment by segment, each as a command of its own; the segments not
 * approved are listed, whatever each one's own message would be (gen-bashperm-0012). */
const pipelineParts: Stage = (s) => {
  const { analysis, results } = s;
  if (analysis.segments.length <= 1) return undefined;
  const open = analysis.segments.filter(
    (text, i) =>
      strayCloser(text) ||
      results.some((r) => r.unit.segment === i && (r.segmentVerdict ?? r.verdict) !== 'allow'),
  );
  if (open.length === 0) return undefined;
  return ask(s, {
    message: msg.bashPartsNeedApproval(open),
    reason: results
      .filter((r) => r.verdict !== 'allow')
      .map((r) => `${r.unit.display}: ${r.reason}`)
      .join('; '),
  });
};

/** A part refused with a text of its own keeps it when it is the only part not approved;
 * otherwise every top-level part not approved is listed (perm-default-bash-write,
 * perm-default-bash-cd-outside, bash-perm-time-env-noglob). */
const partsNeedApproval: Stage = (s) => {
  const { analysis, results } = s;
  const blocked = results.find((r) => r.verdict === 'blocked');
  const pending = results.filter((r) => r.verdict === 'approval' || r.verdict === 'blocked');
  // What follows a cd out of the working directories is not counted against a blocked cd.
  const others = pending.filter((r) => r !== blocked && r.reason !== AFTER_CD_OUT);
  const safety = pending.some((r) => r.safety) ? { safety: true } : {};
  if (blocked && others.every((r) => r.unit.top === blocked.unit.top) && !cdOutWithWrite(s, blocked))
    return ask(s, { message: blocked.message, reason: blocked.reason, ...safety });
  if (pending.length === 0) return undefined;
  const parts = analysis.tops.filter((t) => t.runs);
  // After a refused cd out, only what writes is named with it (`cd .. && ls && touch x` names
  // `cd .., touch x`: difftest probe, both versions; after `cd /` all is: `cd /, ls -d /`).
  const named =
    blocked && cdOutWithWrite(s, blocked)
      ? pending.filter((r) => r.reason !== AFTER_CD_OUT || writesFiles(r.unit) || redirectsOutput(r.unit))
      : pending;
  const open = [...new Set(named.map((r) => r.unit.top))].sort((a, b) => a - b);
  return ask(s, {
    message:
      parts.length > 1
        ? msg.bashPartsNeedApproval(open.map((i) => analysis.tops[i]?.text ?? ''))
        : msg.BASH_NEEDS_APPROVAL,
    reason: pending.map((r) => `${r.unit.display}: ${r.reason}`).join('; '),
    ...safety,
  });
};

/** Plan and auto mode, where the API's classifier flags the call, run it unasked only if an
 * allow rule approves it; the prompt says no more than the generic text, or that a loop needs
 * approval. Without a verdict read-only commands run (perm-plan-bash-readonly,
 * perm-auto-bash-unclassified). */
const classifierRulesOnly: Stage = (s) => {
  const { env, analysis } = s;
  const unruled = s.live.filter((r) => r.verdict === 'allow' && !r.rule && r.unit.words.length > 0);
  if (
    (env.mode !== 'plan' && env.mode !== 'auto') ||
    !env.behaviour.planRulesOnlyAllow ||
    !flags(env.ctx.classifier) ||
    unruled.length === 0
  )
    return undefined;
  return ask(s, {
    message:
      s.gate.usesAssigned || analysis.constructs.some((c) => LOOPS.has(c))
        ? msg.BASH_NEEDS_APPROVAL
        : msg.askTool('Bash'),
    reason: `plan mode asks the classifier about what no allow rule approves (${unruled.map((r) => r.unit.display).join('; ')})`,
  });
};

/** A line that reads a variable it set itself is not approved unasked where the release's gate
 * says so; whatever else needs approval is said first (gen-bashperm-0056, 0176 on 2.1.332). */
const setVariable: Stage = (s) =>
  (s.gate.usesAssigned || s.bareAssignment.size > 0) && s.env.behaviour.gateWording === 'cannot-check'
    ? ask(s, {
        message: msg.gateMessage({ kind: 'set-variable' }, s.env.behaviour.gateWording),
        reason: 'the command reads a variable it sets itself',
      })
    : undefined;

export const LINE_STAGES: Readonly<Record<BashLineStage, Stage>> = {
  'bash-deny-rule': bashDenyRule,
  'shell-script-rule': shellScriptRule,
  'assignment-by-name': assignmentByName,
  'ask-rule-before-gate': askRuleBeforeGate,
  'gate-first': gateFirst,
  'gate-subshell': gateSubshell,
  'gate-eval': gateEval,
  'gate-late': gateLate,
  'gate-background': gateBackground,
  'gate-heredoc-word': gateHereDocWord,
  'cd-with-vcs-ask': cdWithVcsAsk,
  'ask-rule': askRule,
  'path-deny-rule': pathDenyRule,
  'cd-with-write': cdWithWrite,
  'glob-in-write': globInWrite,
  'glob-redirect': globRedirect,
  'multiple-cd': multipleCd,
  'tilde-redirect': tildeRedirect,
  'input-unknown': inputUnknown,
  dotdot,
  'cd-with-vcs': cdWithVcs,
  'cd-with-redirect': cdWithRedirect,
  'pipeline-parts': pipelineParts,
  'parts-need-approval': partsNeedApproval,
  'classifier-rules-only': classifierRulesOnly,
  'set-variable': setVariable,
};

/** The line through the release's stages; what none refuses runs. */
export function judgeLine(s: LineState): Check {
  for (const name of s.env.behaviour.bashStages.line) {
    const c = LINE_STAGES[name](s);
    if (c) return c;
  }
  const byMode = s.results.some((r) => r.reason.startsWith('acceptEdits'));
  return withGap(s, {
    behavior: 'allow',
    // One reason said once: every part of `ls; pwd` in bypassPermissions has the same one.
    reason:
      s.results.length === 0 ? 'empty command' : [...new Set(s.results.map((r) => r.reason))].join('; '),
    ...(byMode ? { rule: modeRef('acceptEdits') } : {}),
  });
}

/** Ask rules are not matched inside a subshell, nor, where the release says so, a `{ }` group,
 * which is refused as such (`(echo hi)` under ask Bash(echo:*)). */
export function askedPart(env: Env, results: readonly UnitResult[]): UnitResult | undefined {
  return results.find(
    (r) =>
      r.verdict === 'ask-rule' &&
      r.unit.origin !== 'subshell' &&
      (r.unit.origin !== 'group' || env.behaviour.askRulesInGroups),
  );
}

export function lineParts(results: readonly UnitResult[]) {
  const live = results.filter((r) => !r.unit.shadow && !r.unit.strictOnly);
  const cdWithVcs =
    live.some((r) => CHANGES_DIR.has(strippedWords(r.unit)[0]?.value ?? '')) &&
    live.some((r) => VCS.has(strippedWords(r.unit)[0]?.value ?? ''));
  return { live, cds: live.filter(isCd), cdWithVcs };
}
