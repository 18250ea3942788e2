// The project tree as the oracle records it (collectTree): sorted names, empty directories as
// "dir/", .git collapsed, symlinks, FIFOs, file bytes described by describeBytes. A file or
// folder the workspace refuses to read (`chmod 000` in memory; on disk for a user other than
// root, which the oracle runs as) is recorded as `{ unreadable: 'EACCES' }` rather than ending
// the replay.
import { isFsError, type Vfs } from '../workspace/types';
import { describeBytes } from './normalise';

export async function collectTree(
  fs: Vfs,
  dir: string,
  skip: (rel: string) => boolean,
): Promise<Record<string, unknown>> {
  // Null prototype: a file named `__proto__` is a key like any other.
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const walk = async (d: string, relDir: string): Promise<void> => {
    let names: string[];
    try {
      names = await fs.readdir(d);
    } catch (e) {
      if (relDir !== '' && refused(e)) out[relDir + '/'] = UNREADABLE;
      return;
    }
    names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (names.length === 0 && relDir !== '') out[relDir + '/'] = { dir: true };
    for (const name of names) {
      const f = `${d}/${name}`;
      const rel = relDir ? `${relDir}/${name}` : name;
      if (skip(rel)) continue;
      const st = await fs.lstat(f);
      if (st.type === 'symlink') out[rel] = { symlink: await fs.readlink(f) };
      else if (st.type === 'dir') {
        if (rel === '.git') out['.git/'] = { git: true };
        else await walk(f, rel);
      } else if (st.type === 'fifo') out[rel] = { fifo: true };
      else if (st.type !== 'file') out[rel] = { special: true };
      else out[rel] = await fs.readFile(f).then(describeBytes, (e: unknown) => {
        if (refused(e)) return UNREADABLE;
        throw e;
      });
    }
  };
  await walk(dir, '');
  return out;
}

const UNREADABLE = { unreadable: 'EACCES' };
const refused = (e: unknown) => isFsError(e, 'EACCES') || isFsError(e, 'EPERM');

/** Every regular file's bytes under dir (for time travel in the UI). */
export async function snapshotFiles(
  fs: Vfs,
  dir: string,
): Promise<Map<string, Uint8Array | { symlink: string }>> {
  const out = new Map<string, Uint8Array | { symlink: string }>();
  const walk = async (d: string): Promise<void> => {
    let names: string[];
    try {
      names = await fs.readdir(d);
    } catch {
      return;
    }
    for (const name of names) {
      const f = `${d}/${name}`;
      const st = await fs.lstat(f);
      if (st.type === 'symlink') out.set(f, { symlink: await fs.readlink(f) });
      else if (st.type === 'dir') {
        if (name !== '.git') await walk(f);
      } else if (st.type === 'file') {
        const bytes = await fs.readFile(f).catch((e: unknown) => {
          if (refused(e)) return undefined;
          throw e;
        });
        if (bytes !== undefined) out.set(f, bytes);
      }
    }
  };
  await walk(dir);
  return out;
}
