import { BARE_ASSIGNMENTS_2_1_273 } from '../2.1.273/bare-assignments';
import type { BareAssignmentTable } from '../../permissions/types';

/** 2.1.332's shell also has OLDPWD: `OLDPWD=x; cat foo.txt` asked after a first command, on
 * 2.1.273 it ran; every other probed name was judged the same. */
export const BARE_ASSIGNMENTS_2_1_332: BareAssignmentTable = {
  ...BARE_ASSIGNMENTS_2_1_273,
  shellNames: [...BARE_ASSIGNMENTS_2_1_273.shellNames, 'OLDPWD'],
};
