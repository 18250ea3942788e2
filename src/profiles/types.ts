// A behaviour version (DESIGN §3.5): what the binary sends the model and the switches in which
// versions and models differ. Tools read switches from here, never from version strings.
import type { PermissionBehaviour } from '../permissions/types';

export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface Profile {
  version: string;
  defaultModel: string;
  /** The tool definitions exactly as the binary sends them (default model). */
  toolDefinitions: readonly ToolDefinition[];
  /** Tools offered when a scenario gives no `tools` list (the binary's own default set). */
  defaultTools: readonly string[];
  /** Newer models may Edit/Write an unread file (read-before-edit relaxed). */
  relaxedReadBeforeEdit(model: string): boolean;
  /** Where notices (PARTIAL view, environment update) go for this model:
   * 'attachment' = a separate role:"system" message; 'inline' = appended to the tool_result
   * inside <system-reminder>. */
  noticePlacement(model: string): 'attachment' | 'inline';
  /** 2.1.273 refuses a second identical Read with an unchanged mtime. */
  repeatReadGuard: boolean;
  /** The permission engine's switches for this version. */
  permissions: PermissionBehaviour;
}
