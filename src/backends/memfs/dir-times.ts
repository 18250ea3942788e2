// memfs stamps a directory with the real time when an entry is added or removed; the workspace's
// clock owns every time in the workspace (so `ls -l`, `find -newer` and Glob's mtime order see
// one clock). Each mutation re-stamps the directories it changed.
import type { Volume } from 'memfs';
import type { Clock } from '../../workspace/types';

function parentOf(path: string): string | undefined {
  const i = path.lastIndexOf('/');
  if (i < 0 || path === '/') return undefined;
  return i === 0 ? '/' : path.slice(0, i);
}

/** The directories whose entries `f` changes, re-stamped with the clock once it has run: the
 * parent of each path, and any directory it creates on the way (mkdir -p). */
export function withDirTimes<T>(vol: Volume, clock: Clock, paths: readonly string[], f: () => T): T {
  const missing = new Set<string>();
  const parents = new Set<string>();
  for (const p of paths) {
    let dir = parentOf(p);
    if (dir !== undefined) parents.add(dir);
    for (let q: string | undefined = p; q !== undefined && !vol.existsSync(q); q = parentOf(q))
      missing.add(q);
    while (dir !== undefined && missing.has(dir)) dir = parentOf(dir);
    if (dir !== undefined) parents.add(dir);
  }
  const out = f();
  const t = clock.now() / 1000;
  for (const d of [...parents, ...missing]) {
    try {
      if (vol.statSync(d).isDirectory()) vol.utimesSync(d, t, t);
    } catch {
      // Gone again (rm of what was just made) or never made: nothing to stamp.
    }
  }
  return out;
}
