// Bisected (conformance/results/2.1.299): Read decodes UTF-16 and notes an encoding it cannot
// write (read-x-utf16be-bom, write-utf16le-preserved, edit-x-latin1), Write keeps the BOM, and
// CronCreate gives the next run (cron-*, tools-deferred-call-before-fetch).
import type { ProfileDelta } from '../chain';

export const delta_2_1_299: ProfileDelta = {
  readDecodesUtf16le: true,
  readEncodingNotes: true,
  writeKeepsBom: true,
  cron: { nextRun: true },
};
