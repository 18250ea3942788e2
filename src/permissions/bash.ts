// Bash permission check. The command line is parsed with just-bash's parser and every simple
// command it runs is judged on its own by the release's command stages (bash-unit.ts: deny rules
// after env assignments and wrappers, path rules for recognised file commands and redirections,
// ask rules, allow rules, the working directories, the built-in read-only set); the line is then
// judged from those verdicts by the release's line stages (bash-line.ts). 2.1.273's known misses
// (`/bin/rm`, `bash -c`) are reproduced and flagged as knownGap.
import type { Check, Env } from './check';
import { ruleRef } from './check';
import * as msg from './messages';
import type { Analysis } from './shell/analyze';
import { analyze } from './shell/analyze';
import { parseCommand } from './shell/parse';
import { hasUnclosedExpansion } from './shell/unclosed';
import { hasHiddenControl } from '../text/controls';
import { recoverLine } from './shell/recover';
import { assignedValues, gateReason } from './shell/gate';
import { denyForms, formTexts, ruleFor } from './bash-match';
import type { Walk } from './bash-uses';
import { checkUnit } from './bash-unit';
import { askedPart, bareAssignmentBlocks, judgeLine, lineParts, subcommandDecisions } from './bash-line';

export { bashSpecifierMatches } from './bash-match';

export const MAX_COMMAND_LENGTH = 10_000;

/** A deny rule that matches the whole line, naming it as `named`. */
function wholeDeny(env: Env, command: string, named: string): Check | undefined {
  const deny = ruleFor(env, 'deny', [command.trim()]);
  if (!deny) return undefined;
  return {
    behavior: 'deny',
    message: msg.bashDenied(named),
    reason: `${deny.text} denies the command`,
    rule: ruleRef(deny),
  };
}

/** Whole-command rule checks for command lines the analyser cannot take apart. */
function wholeCommand(
  env: Env,
  command: string,
  message: string,
  reason: string,
  analysis: Analysis | undefined,
): Check {
  const trimmed = command.trim();
  const denied = wholeDeny(env, command, command);
  if (denied) return denied;
  if (analysis) {
    // Nothing is run unchecked: a deny rule on any part still wins here.
    for (const u of analysis.units) {
      const r = ruleFor(env, 'deny', formTexts(denyForms(u), true));
      if (r)
        return {
          behavior: 'deny',
          message: msg.bashDenied(command),
          reason: `${r.text} denies ${u.display}`,
          rule: ruleRef(r),
        };
    }
  }
  const ask = ruleFor(env, 'ask', [trimmed]);
  if (ask)
    return {
      behavior: 'ask',
      ruleAsk: true,
      message: msg.askTool('Bash'),
      reason: `${ask.text} asks before this command`,
      rule: ruleRef(ask),
    };
  return { behavior: 'ask', message, reason };
}

/** The command as Claude Code's parser reads it when a quote is left open at its end: the open
 * string runs to the end less its last character (`rm 'x.tmp` is judged as `rm x.tm`, `echo
 * 'unclosed` runs; difftest probes), for the quotes the release's parser reads so. */
function closeTrailingQuote(command: string, quotes: readonly string[]): string | undefined {
  let open: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (c === '\\' && open !== "'") i++;
    else if (open === undefined && (c === "'" || c === '"')) open = c;
    else if (c === open) open = undefined;
  }
  return open !== undefined && quotes.includes(open) ? command.slice(0, -1) + open : undefined;
}

const RECOVERED_TEXT = {
  'parse-error': msg.PARSE_ERROR,
  'trailing-input': msg.TRAILING_INPUT,
  'redirect-shape': msg.REDIRECT_SHAPE,
} as const;

export function checkBash(
  env: Env,
  written: string,
  shellCwd: string | undefined,
  shellEnv?: readonly string[],
): Check {
  const first = parseCommand(written);
  const recovered = recoverLine(written);
  const closed = recovered?.kind === 'closed' ? recovered.text : first.ok ? undefined : closeTrailingQuote(written, env.behaviour.unclosedQuotesRead);
  const reparsed = closed === undefined ? undefined : parseCommand(closed);
  const parsed = reparsed?.ok ? reparsed : first;
  const command = reparsed?.ok && closed !== undefined ? closed : written;
  if (command.length > MAX_COMMAND_LENGTH) {
    const analysis = parsed.ok ? analyze(parsed.script, env.ctx.home) : undefined;
    return wholeCommand(
      env,
      command,
      msg.PARSER_ABORTED,
      `the command is over ${MAX_COMMAND_LENGTH} characters, so Claude Code does not parse it`,
      analysis,
    );
  }
  if (env.behaviour.hiddenControlsAsk && hasHiddenControl(command))
    return wholeCommand(
      env,
      command,
      msg.CONTROL_CHARACTERS,
      'the command holds a control character the approval dialog would not show',
      parsed.ok ? analyze(parsed.script, env.ctx.home) : undefined,
    );
  if (env.behaviour.unclosedExpansionAsks && hasUnclosedExpansion(command)) {
    // A deny rule on the line as written still refuses it (`echo $(ls sub` under deny
    // Bash(echo:*): dt-shell-rules-26120702-947 on 2.1.332).
    const denied = wholeDeny(env, command, written);
    if (denied) return denied;
    return {
      behavior: 'ask',
      ruleAsk: true,
      message: msg.UNSURE_READING,
      reason:
        'a $( ), $(( )), ${ } or $[ ] expansion is not closed, so Claude Code cannot be sure how the shell reads the command',
    };
  }
  if (recovered && recovered.kind !== 'closed')
    return wholeCommand(
      env,
      command,
      RECOVERED_TEXT[recovered.kind],
      `Claude Code's parser cannot read the command (${recovered.why})`,
      undefined,
    );
  if (!parsed.ok)
    return wholeCommand(
      env,
      command,
      msg.PARSE_ERROR,
      `the command does not parse (${parsed.error})`,
      undefined,
    );

  const analysis = analyze(parsed.script, env.ctx.home, assignedValues(parsed.script), command);
  const start = shellCwd ?? env.ctx.cwd;
  const bareAssignment = bareAssignmentBlocks(env, analysis.bareNames, shellEnv);
  const walk: Walk = {
    cwd: start,
    cwdUnknown: false,
    denyCwds: [start],
    cwdLost: false,
    bareAssignment,
    line: command,
  };
  const results = analysis.units.map((u) => checkUnit(env, u, walk));
  // Bash rules see every command the line runs, however nested; path rules only what the
  // static gate lets through. A release that lists eval's own stage refuses it there rather
  // than with the gate's first rank.
  const gate = gateReason(parsed.script, command, env.behaviour.bashStages.line.includes('gate-eval'));
  return judgeLine({
    env,
    command,
    written,
    analysis,
    results,
    gate,
    bareAssignment,
    gap: results.find((r) => r.gap)?.gap,
    pathGaps: new Set(results.flatMap((r) => (r.gap && r.gapOnPaths ? [r.gap] : []))),
    subcommands: subcommandDecisions(results),
    asked: askedPart(env, results),
    ...lineParts(results),
  });
}
