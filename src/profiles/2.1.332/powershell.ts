import type { PowerShellProfile, ToolDefinition } from '../types';
import { POWERSHELL_EXIT_SEMANTICS } from '../2.1.273/powershell';
import recorded from './powershell.json';

// The same exit-code table as 2.1.273 (psX-exit probe); the description gained a line.
export const POWERSHELL_2_1_332: PowerShellProfile = {
  definitions: { absent: recorded.absent as ToolDefinition, pwsh: recorded.pwsh as ToolDefinition },
  exitSemantics: POWERSHELL_EXIT_SEMANTICS,
};
