// Bisected (conformance/results/2.1.326): acceptEdits no longer lets an in-place command through
// without the classifier (perm-auto-bash-rm-inside), Read denials come a call late
// (perm-bare-edit-deny-acceptedits, perm-rule-other-file-tools-acceptedits).
import type { ProfileDelta } from '../chain';

export const delta_2_1_326: ProfileDelta = {
  permissions: { autoAcceptEditsFastPath: false, readDenialsLag: true },
  // workflow-stop
  text: {
    workflowResume: {
      lead: 'To resume after editing the script, with the same args if this run had any',
      tail: 'agent() calls return cached results up to the first one that failed, no longer matches (edited, added, removed, or in a different call order) or never started. Cached results may themselves be empty: inspect journal.jsonl before assuming there is something to recover.',
    },
  },
};
