// Where `replay --out` writes: only regular files in real folders, opened so that nothing can
// block (a FIFO, a device or a kernel file would hang the CLI past every deadline).
import { closeSync, constants, fstatSync, ftruncateSync, mkdirSync, openSync, realpathSync, statfsSync, statSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Filesystems whose files are the kernel's, not data (statfs f_type: proc, sysfs). */
const KERNEL_FILESYSTEMS = new Set([0x9fa0, 0x62656572]);

export class OutError extends Error {}

/** Makes the folder and its missing parents one by one (Node's recursive mkdir loops for good
 * under /proc), refusing a parent that is not a folder or a folder on a kernel filesystem. */
export function makeOutDir(dir: string): void {
  const abs = resolve(dir);
  const parent = dirname(abs);
  let st;
  try {
    st = statSync(abs);
  } catch {
    if (parent !== abs) makeOutDir(parent);
    try {
      mkdirSync(abs);
    } catch (e) {
      throw new OutError(`--out: ${(e as Error).message}`);
    }
    st = statSync(abs);
  }
  if (!st.isDirectory()) throw new OutError(`--out: ${dir} is not a folder`);
  if (KERNEL_FILESYSTEMS.has(statfsSync(abs).type))
    throw new OutError(`--out: ${realpathSync(abs)} is on a kernel filesystem, not a place for results`);
}

/** Writes a result file: a new or regular file only, never through a link, never waiting. */
export function writeOutFile(dir: string, name: string, text: string): void {
  const path = join(dir, name);
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_NONBLOCK | constants.O_NOFOLLOW, 0o644);
  } catch (e) {
    throw new OutError(`cannot write ${path}: ${(e as Error).message}`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new OutError(`cannot write ${path}: not a regular file`);
    // Truncated only once it is known to be a plain file.
    const bytes = Buffer.from(text);
    ftruncateSync(fd, 0);
    for (let o = 0; o < bytes.length; ) o += writeSync(fd, bytes, o, bytes.length - o);
  } finally {
    closeSync(fd);
  }
}
