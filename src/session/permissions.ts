// The seam between the session and the permission engine (src/permissions). The session only
// needs a behaviour, the model-facing text of a refusal, and whether -p mode lists it as a
// permission denial; the whole decision travels on to the UI untouched.
import type { PermissionRequest } from '../tools/types';

export interface SessionDecision {
  behavior: 'allow' | 'deny' | 'ask';
  /** Exact model-facing text when the call does not run. */
  message?: string;
  permissionDenial?: boolean;
  reason?: string;
}

export interface SessionPermissions {
  decide(req: PermissionRequest): Promise<SessionDecision>;
  /** Tools the model is offered, and the text a call to a withheld tool gets. */
  offered(allTools: readonly string[]): { offered: string[]; removed: Record<string, string> };
}

/** Everything allowed: what bypassPermissions does without rules. */
export const allowAll: SessionPermissions = {
  decide: () => Promise.resolve({ behavior: 'allow', reason: 'no permission engine' }),
  offered: (all) => ({ offered: [...all], removed: {} }),
};
