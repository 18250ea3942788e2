// The seam between the session and the permission engine (src/permissions). The whole decision
// travels on to the UI; the session itself only needs the behaviour, the model-facing text of a
// refusal, and whether -p mode lists it as a permission denial.
import type { ReadBatch } from '../permissions/filter';
import type { SandboxPolicy } from '../permissions/sandbox';
import type { Decision } from '../permissions/types';
import type { PermissionRequest, RuleSuggester } from '../tools/types';
import type { PermissionUpdate } from './ask';

export type SessionDecision = Decision;

export interface SessionPermissions {
  decide(req: PermissionRequest): Promise<SessionDecision>;
  /** The deny checks Read, Edit and Write make in their input validation, before the tool's own
   * checks (a request without `validation` gets undefined). */
  precheck?(req: PermissionRequest): SessionDecision | undefined;
  /** Glob/Grep's result filter as one batch (src/permissions/filter.ts readDeniedPaths). */
  readDenied?(batch: ReadBatch): Promise<Set<string>>;
  /** The working directories: the project, --add-dir, additionalDirectories in force. */
  workingDirectories?(): string[];
  /** Tools the model is offered, and the text a call to a withheld tool gets. */
  offered(allTools: readonly string[]): { offered: string[]; removed: Record<string, string> };
  /** The permission mode in force (a scenario without --permission-mode takes defaultMode). */
  mode?: string;
  /** The sandbox policy a Bash call runs under; null when it runs outside the sandbox. */
  sandbox?(command: string, dangerouslyDisableSandbox: boolean): SandboxPolicy | null;
  /** Whether the settings in force turn the sandbox on. */
  sandboxEnabled?(): boolean;
  /** What "always allow" at a prompt would add for this asked call, from the rules its tool
   * suggests (the bare tool without). */
  suggest?(req: PermissionRequest, decision: SessionDecision, rules?: RuleSuggester): PermissionUpdate[];
  /** Applies an update the person accepted; later decisions see it. */
  apply?(update: PermissionUpdate): void;
}

/** Everything allowed: what bypassPermissions does without rules. */
export const allowAll: SessionPermissions = {
  decide: () => Promise.resolve({ behavior: 'allow', reason: 'no permission engine' }),
  offered: (all) => ({ offered: [...all], removed: {} }),
};
