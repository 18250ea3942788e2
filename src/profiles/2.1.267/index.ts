// Backward delta: 2.1.268 (conformance/changelog.json) began asking PermissionRequest hooks about
// an ask rule's call in bypassPermissions mode and sending an environment update when a worktree
// is entered or left; this release and the older ones do neither (hook-permreq-bypass-ask-rule,
// worktree-name-64).
import type { ProfileDelta } from '../chain';

export const delta_2_1_267: ProfileDelta = {
  hooks: { noPermissionRequestInBypass: true },
  worktree: { noEnvironmentUpdate: true },
};
