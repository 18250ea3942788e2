// The memfs workspace's change feed: every part of the workspace (the Vfs, just-bash's adapter,
// the ripgrep shim) works on one Volume, so wrapping the Volume's mutating methods sees every
// change before it happens. History (session/journal.ts) then keeps only what changed.
import type { Volume } from 'memfs';
import type { ChangeFeed, FileEntry } from '../../workspace/types';

type Listener = (path: string) => void;

/** Volume methods that change files (each in its Sync and callback form; isomorphic-git's
 * promises go through the callback form). */
const ONE_PATH = ['writeFile', 'appendFile', 'truncate'] as const;
const LINK = ['symlink', 'link', 'copyFile'] as const;
const SUBTREE = ['rm', 'rmdir', 'unlink'] as const;

function asPath(p: unknown): string | undefined {
  if (typeof p === 'string') return p;
  if (p instanceof Uint8Array) return new TextDecoder().decode(p);
  if (p instanceof URL) return p.pathname;
  return undefined;
}

export function volumeChangeFeed(vol: Volume): ChangeFeed {
  const listeners = new Set<Listener>();
  const list = (dir: string): string[] => {
    const out: string[] = [];
    const walk = (d: string): void => {
      let names: string[];
      try {
        names = (vol.readdirSync(d) as unknown[]).map(String);
      } catch {
        return;
      }
      for (const name of names) {
        const f = d === '/' ? `/${name}` : `${d}/${name}`;
        let st;
        try {
          st = vol.lstatSync(f);
        } catch {
          continue;
        }
        if (st.isDirectory()) {
          if (name !== '.git') walk(f);
        } else if (st.isFile() || st.isSymbolicLink()) out.push(f);
      }
    };
    walk(dir);
    return out;
  };
  const touch = (p: string | undefined): void => {
    if (p === undefined || listeners.size === 0) return;
    for (const l of listeners) l(p);
  };
  /** A path and, when it is a directory, everything under it. */
  const touchTree = (p: string | undefined): void => {
    if (p === undefined || listeners.size === 0) return;
    let isDir = false;
    try {
      isDir = vol.lstatSync(p).isDirectory();
    } catch {
      isDir = false;
    }
    if (isDir) for (const f of list(p)) touch(f);
    else touch(p);
  };

  const target = vol as unknown as Record<string, (...a: unknown[]) => unknown>;
  const wrap = (base: string, before: (args: unknown[]) => void): void => {
    for (const name of [`${base}Sync`, base]) {
      const original = target[name];
      if (typeof original !== 'function') continue;
      target[name] = function (this: unknown, ...args: unknown[]) {
        before(args);
        return original.apply(vol, args);
      };
    }
  };
  for (const name of ONE_PATH) wrap(name, (a) => touch(asPath(a[0])));
  for (const name of LINK) wrap(name, (a) => touch(asPath(a[1])));
  for (const name of SUBTREE) wrap(name, (a) => touchTree(asPath(a[0])));
  wrap('cp', (a) => {
    const from = asPath(a[0]);
    const to = asPath(a[1]);
    if (from === undefined || to === undefined) return;
    touchTree(to);
    for (const f of list(from)) touch(to + f.slice(from.length));
  });
  wrap('rename', (a) => {
    const from = asPath(a[0]);
    const to = asPath(a[1]);
    if (from === undefined || to === undefined) return;
    touchTree(to);
    let isDir = false;
    try {
      isDir = vol.lstatSync(from).isDirectory();
    } catch {
      isDir = false;
    }
    if (isDir)
      for (const f of list(from)) {
        touch(f);
        touch(to + f.slice(from.length));
      }
    else {
      touch(from);
      touch(to);
    }
  });
  // A file opened for writing may be changed in place through its descriptor.
  wrap('open', (a) => {
    const flags = a[1];
    if (
      typeof flags === 'number'
        ? (flags & 3) !== 0 || (flags & 0o1000) !== 0
        : /[wa+]/.test(String(flags ?? 'r'))
    )
      touch(asPath(a[0]));
  });

  return {
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readSync(path): FileEntry | undefined {
      try {
        const st = vol.lstatSync(path);
        if (st.isSymbolicLink()) return { symlink: String(vol.readlinkSync(path)) };
        if (!st.isFile()) return undefined;
        const b = vol.readFileSync(path) as Uint8Array;
        return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      } catch {
        return undefined;
      }
    },
    listSync: list,
  };
}
