// What 2.1.334's corpus shows differs from 2.1.332, checked against the recordings
// (conformance/results/2.1.334; the rest of the intake's proposal is not applied yet, see
// conformance/known-failures.txt).
import type { ProfileDelta } from '../chain';

export const delta_2_1_334: ProfileDelta = {
  // glob-x-dot-slash-and-prefix, glob-x-literal-prefix (bisected: 2.1.333 as 2.1.332): `./src/*.ts`
  // finds src/a.ts and `./[a-` under `path` is refused as '/[a-'.
  globDotSlashAnchored: true,
  // lsp-x-call-item-line, lsp-operations (bisected: 2.1.333 records as 2.1.332): `late` declared
  // as `export\nfunction late` under a JSDoc is named at its name's line, as a symbol and as a call
  // hierarchy item.
  lsp: { namesAtName: true },
  readOffsetZeroAsOne: true,
  // bash-x-dds-echo (bisected: 2.1.333 records as 2.1.332): a background call's structured
  // result names its output file.
  bashStructuredOutputPath: true,
  notebookReportsOldCellType: true,
  text: {
    // skill-invalid-format: `//deploy` is refused with this instead of "Did you mean deploy?";
    // a misspelt name still gets the suggestion (skill-unknown-suggestions, recorded alike).
    skillStrippedNameHint: 'Remove any leading slash or outer spaces.',
  },
};
