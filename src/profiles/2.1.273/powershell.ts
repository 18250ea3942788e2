import type { PowerShellExitSemantics, PowerShellProfile, ToolDefinition } from '../types';
import recorded from './powershell.json';

/** Exit codes that are answers, not errors (psX-exit probe, both versions, pwsh stood in by a
 * script that exits as told): 1 for grep/egrep/fgrep/rg/findstr (any case, `.exe` or not), git
 * diff/grep, and where.exe, fc.exe, diff.exe (bare `where`, `fc`, `diff` are aliases and count
 * as errors); 1-7 for robocopy (8 is an error); 2 is an error for all. Select-String, test,
 * find, cmp exit 1: errors. */
export const POWERSHELL_EXIT_SEMANTICS: readonly PowerShellExitSemantics[] = [
  { command: 'grep', maxNotError: 1 },
  { command: 'egrep', maxNotError: 1 },
  { command: 'fgrep', maxNotError: 1 },
  { command: 'rg', maxNotError: 1 },
  { command: 'findstr', maxNotError: 1 },
  { command: 'git', maxNotError: 1, subcommands: ['diff', 'grep'] },
  { command: 'where', maxNotError: 1, exeOnly: true },
  { command: 'fc', maxNotError: 1, exeOnly: true },
  { command: 'diff', maxNotError: 1, exeOnly: true },
  { command: 'robocopy', maxNotError: 7 },
];

export const POWERSHELL_2_1_273: PowerShellProfile = {
  definitions: { absent: recorded.absent as ToolDefinition, pwsh: recorded.pwsh as ToolDefinition },
  exitSemantics: POWERSHELL_EXIT_SEMANTICS,
};
