// PowerShell's own permission check. Claude Code reads a PowerShell command by asking pwsh to
// parse it; without pwsh on PATH (the playground's workspaces) that parse fails, and the
// decision is what 2.1.273 and 2.1.332 recorded then (ps-* probes of issue 16):
// - deny and ask rules still match, ignoring case: on the whole line and on every piece of it
//   between `;`, `|`, `&`, `(`, `)`, `{`, `}`, `$(` and newlines — quotes are not looked into,
//   so `Write-Output 'a;Remove-Item b'` is refused under `PowerShell(Remove-Item:*)` — each piece
//   without a leading `.` or `&` call operator, a module qualifier (`Microsoft.PowerShell.
//   Management\Remove-Item`) or `.exe`, and with a recorded alias read as its cmdlet;
// - an empty or blank command runs;
// - an allow rule lets the line through only when it names the whole line exactly (aliases read
//   as their cmdlet: `ls` under `PowerShell(Get-ChildItem)`); a prefix or wildcard allow rule
//   (`PowerShell(Write-Output:*)`) does not approve anything;
// - anything else asks with the parse failure as its text: bypassPermissions runs it, dontAsk
//   refuses it, plan and auto hand it to the classifier, -p mode's refusal shows the text.
// With pwsh present the rules judge pwsh's parse, which the playground cannot make: such a call
// asks (not recorded).
import type { Check, Env } from './check';
import { ruleRef } from './check';
import type { Rule } from './rules';
import { bashSpecifierMatches } from './bash';

export const PWSH_PARSE_UNAVAILABLE =
  'Command contains malformed syntax that cannot be parsed: PowerShell is not available';

export const powershellDenied = (command: string): string =>
  `Permission to use PowerShell with command ${command} has been denied.`;

/** Aliases the probes saw read as their cmdlet (psI, psM, psN); `curl` and `wget` are not
 * aliases there. PowerShell's other aliases were not recorded. */
const RECORDED_ALIASES: Readonly<Record<string, string>> = {
  ri: 'remove-item',
  del: 'remove-item',
  rm: 'remove-item',
  rmdir: 'remove-item',
  erase: 'remove-item',
  rd: 'remove-item',
  gc: 'get-content',
  cat: 'get-content',
  type: 'get-content',
  ls: 'get-childitem',
  dir: 'get-childitem',
  gci: 'get-childitem',
  iwr: 'invoke-webrequest',
};

/** One piece as the rules read it: lower-cased, ends trimmed, without a call operator, and its
 * first word without a module qualifier or `.exe`, an alias replaced by its cmdlet. */
function normalisePiece(piece: string): string {
  const t = piece.trim().toLowerCase().replace(/^[.&]\s+/, '');
  const m = /^(\S+)([\s\S]*)$/.exec(t);
  if (!m) return t;
  let name = m[1]!;
  name = name.slice(name.lastIndexOf('\\') + 1);
  if (name.endsWith('.exe')) name = name.slice(0, -4);
  return `${RECORDED_ALIASES[name] ?? name}${m[2]}`;
}

/** The whole line, then each piece of it, as the rules read them. */
export function powershellParts(command: string): string[] {
  const pieces = command.split(/\$\(|[;|&(){}\n]/).map(normalisePiece);
  return [...new Set([normalisePiece(command), ...pieces])].filter((p) => p !== '');
}

const covers = (r: Rule, text: string): boolean =>
  r.content !== undefined && bashSpecifierMatches(r.content.toLowerCase(), text);

function matching(env: Env, behavior: 'deny' | 'ask', parts: readonly string[]): Rule | undefined {
  return env.rules.find(
    (r) => r.tool === 'PowerShell' && r.behavior === behavior && parts.some((p) => covers(r, p)),
  );
}

export function checkPowerShell(env: Env, command: string, pwsh: boolean): Check {
  const parts = powershellParts(command);
  const deny = matching(env, 'deny', parts);
  if (deny)
    return {
      behavior: 'deny',
      reason: `${deny.text} denies this command (or a part of it)`,
      message: powershellDenied(command.trim()),
      rule: ruleRef(deny),
    };
  const ask = matching(env, 'ask', parts);
  if (ask) return { behavior: 'ask', ruleAsk: true, reason: `${ask.text} asks before this command`, rule: ruleRef(ask) };
  if (command.trim() === '') return { behavior: 'allow', reason: 'an empty command runs without a check' };
  const line = normalisePiece(command);
  const allow = env.rules.find(
    (r) => r.tool === 'PowerShell' && r.behavior === 'allow' && r.content !== undefined && normalisePiece(r.content) === line,
  );
  if (allow) return { behavior: 'allow', reason: `allowed by ${allow.text}`, rule: ruleRef(allow) };
  if (!pwsh)
    return {
      behavior: 'ask',
      reason:
        'Claude Code parses a PowerShell command with pwsh before its rules can approve it, and there is no pwsh here, so the command needs approval',
      message: PWSH_PARSE_UNAVAILABLE,
    };
  return {
    behavior: 'ask',
    reason:
      'pwsh would parse the command and the rules would judge its parts; the playground cannot parse PowerShell (not recorded)',
  };
}
