import type { PowerShellOutcome } from './powershell';

export function explainPowerShell(o: PowerShellOutcome): string {
  if (o.kind === 'unavailable')
    return 'Claude Code runs PowerShell commands with pwsh from PATH; this workspace has none, so the call returns its "not available" text (not an error).';
  if (o.exitCode !== 0 && o.exitIsAnswer)
    return `Exit code ${o.exitCode} here means "no match" or "differences" (the PowerShell exit-code table), so it is not reported as a failure.`;
  if (o.exitCode !== 0)
    return `pwsh exited with ${o.exitCode}, so the result starts with "Exit code ${o.exitCode}" and is an error.`;
  return 'pwsh ran the command; its output and error streams come back as one text.';
}
