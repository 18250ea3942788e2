// PowerShell outcome -> exactly what Claude Code sends the model (psX-exit, ps-nopwsh probes,
// both versions alike).
import type { Rendered } from '../types';
import { truncateError } from '../bash/output';
import type { PowerShellOutcome } from './powershell';

export const PWSH_UNAVAILABLE = 'PowerShell is not available on this system.';
export const NO_OUTPUT = '(PowerShell completed with no output)';

export function renderPowerShell(o: PowerShellOutcome): Rendered {
  // Not an error: the text comes as the command's stderr.
  if (o.kind === 'unavailable')
    return {
      content: PWSH_UNAVAILABLE,
      is_error: false,
      structured: { stdout: '', stderr: PWSH_UNAVAILABLE, interrupted: false, isImage: false },
    };
  const failed = o.exitCode !== 0 && !o.exitIsAnswer;
  if (failed) {
    const content = truncateError(o.output === '' ? `Exit code ${o.exitCode}` : `Exit code ${o.exitCode}\n${o.output}`);
    return { content, is_error: true, structured: `Error: ${content}` };
  }
  return {
    content: o.output === '' ? NO_OUTPUT : o.output,
    is_error: false,
    structured: {
      stdout: o.output,
      stderr: '',
      interrupted: o.interrupted,
      ...(o.exitMeaning !== undefined ? { returnCodeInterpretation: o.exitMeaning } : {}),
      isImage: false,
    },
  };
}
