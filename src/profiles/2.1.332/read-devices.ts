// Paths 2.1.332's Read refuses ("Cannot read '<path>': this path names a device or process file
// that this tool does not read."), as recorded on the probe host (D probe of issue 13): 2.1.273's
// list and more character devices and process files. Read as usual there: /dev/null and
// /dev/loop0 (empty), /proc/version, /proc/cpuinfo, /proc/self/mounts.
import { READ_REFUSED_DEVICES_2_1_273 } from '../2.1.273/read-devices';

export const READ_REFUSED_DEVICES_2_1_332: readonly string[] = [
  ...READ_REFUSED_DEVICES_2_1_273,
  '/dev/ptmx',
  '/dev/core',
  '/proc/self/environ',
  '/proc/self/status',
];
