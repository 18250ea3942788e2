// Builds the permission engine for a replayed scenario. Kept apart from replay.ts so the engine
// can be swapped (and so the UI and the CLI wire it the same way).
import { allowAll, type SessionPermissions } from './permissions';
import type { PermissionSetup } from './replay';

export function createPermissions(_setup: PermissionSetup): SessionPermissions {
  return allowAll;
}
