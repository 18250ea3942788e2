// Builders the permission tests share.
import type { PermissionRequest } from './types';

/** A Bash call as the session asks about it. */
export const bashRequest = (command: string): PermissionRequest => ({
  tool: 'Bash',
  kind: 'bash',
  paths: [],
  command,
  input: { command },
});
