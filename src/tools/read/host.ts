// The host's /dev, /proc and /sys as Read met them on the machine the corpus was recorded on
// (D probes of issue 13): the workspace filesystem has none of them. Which of them a version
// refuses by name is the profile's (readRefusedDevices); this is what the rest are.
export type HostFile = { kind: 'empty' } | { kind: 'dir'; realpath: string };

const DIRS = ['/dev', '/dev/shm', '/dev/pts', '/dev/fd', '/proc', '/sys', '/sys/kernel'];

/** `path` absolute; `cwd` the process's directory (what /proc/self/cwd leads to). */
export function hostFile(path: string, cwd: string): HostFile | undefined {
  const p = path.replace(/(.)\/+$/, '$1');
  // Character devices that read as empty files (the block device /dev/loop0 did too).
  if (p === '/dev/null') return { kind: 'empty' };
  // Links to directories: the EISDIR text is then rewritten through the link's target.
  if (p === '/proc/self/root') return { kind: 'dir', realpath: '/' };
  if (p === '/proc/self/cwd') return { kind: 'dir', realpath: cwd };
  if (DIRS.includes(p)) return { kind: 'dir', realpath: p };
  return undefined;
}
