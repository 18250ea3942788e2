// Test fixture: the same workspace layout on disk and in memfs, at the same absolute path, so
// the two shells can be compared byte for byte (paths in output included).
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Volume } from 'memfs';
import { deterministicClock } from '../clock';
import type { Shell, ShellRunOptions } from '../../workspace/types';
import { createDiskShell } from './disk';
import { createJustBashShell } from './justbash';

export interface TwinShells {
  root: string;
  cwd: string;
  vol: Volume;
  disk: Shell;
  mem: Shell;
  env: Record<string, string>;
  opts(extra?: Partial<ShellRunOptions>): ShellRunOptions;
  dispose(): void;
}

/** The oracle's environment (LANG, TZ, …) plus git's identity, as oracle/run.mjs sets them. */
export function twinShells(): TwinShells {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ccp-shell-')));
  const vol = new Volume();
  for (const d of ['project', 'home', 'tmp']) {
    mkdirSync(join(root, d), { recursive: true });
    vol.mkdirSync(join(root, d), { recursive: true });
  }
  const env: Record<string, string> = {
    PATH: '/usr/bin:/bin',
    HOME: join(root, 'home'),
    TMPDIR: join(root, 'tmp'),
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'UTC',
    GIT_AUTHOR_NAME: 'oracle',
    GIT_AUTHOR_EMAIL: 'oracle@example.invalid',
    GIT_COMMITTER_NAME: 'oracle',
    GIT_COMMITTER_EMAIL: 'oracle@example.invalid',
    GIT_AUTHOR_DATE: '2023-11-14T22:13:20Z',
    GIT_COMMITTER_DATE: '2023-11-14T22:13:20Z',
  };
  const cwd = join(root, 'project');
  return {
    root,
    cwd,
    vol,
    disk: createDiskShell(),
    mem: createJustBashShell(vol, deterministicClock()),
    env,
    opts: (extra) => ({ cwd, env, timeoutMs: 10000, ...extra }),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
