import type { PowerShellExitSemantics, PowerShellProfile, ToolDefinition } from '../types';
import recorded from './powershell.json';

/** Exit codes that are answers, not errors (psX-exit probe, both versions, pwsh stood in by a
 * script that exits as told): 1 for grep/egrep/fgrep/rg/findstr (any case, `.exe` or not), git
 * diff/grep, and where.exe, fc.exe, diff.exe (bare `where`, `fc`, `diff` are aliases and count
 * as errors); 1-7 for robocopy (8 is an error); 2 is an error for all. Select-String, test,
 * find, cmp exit 1: errors. The meanings are the structured result's returnCodeInterpretation
 * (powershell-exit-codes). */
export const POWERSHELL_EXIT_SEMANTICS: readonly PowerShellExitSemantics[] = [
  { command: 'grep', maxNotError: 1, meaning: 'No matches found' },
  { command: 'egrep', maxNotError: 1, meaning: 'No matches found' },
  { command: 'fgrep', maxNotError: 1, meaning: 'No matches found' },
  { command: 'rg', maxNotError: 1, meaning: 'No matches found' },
  { command: 'findstr', maxNotError: 1, meaning: 'No matches found' },
  { command: 'git', maxNotError: 1, subcommands: ['diff'], meaning: 'Files differ' },
  { command: 'git', maxNotError: 1, subcommands: ['grep'], meaning: 'No matches found' },
  { command: 'where', maxNotError: 1, exeOnly: true, meaning: 'No matching files found' },
  { command: 'fc', maxNotError: 1, exeOnly: true, meaning: 'Files differ' },
  { command: 'diff', maxNotError: 1, exeOnly: true, meaning: 'Files differ' },
  // 1, 3 and 7 read "copied", 4 "completed" (recorded); 2, 5 and 6 follow robocopy's copied bit.
  {
    command: 'robocopy',
    maxNotError: 7,
    meaning: 'Robocopy completed (no errors)',
    oddMeaning: 'Files copied successfully',
  },
];

export const POWERSHELL_2_1_273: PowerShellProfile = {
  definitions: { absent: recorded.absent as ToolDefinition, pwsh: recorded.pwsh as ToolDefinition },
  exitSemantics: POWERSHELL_EXIT_SEMANTICS,
};
