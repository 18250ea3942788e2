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
import { createWorkerShell, type WorkerLike } from './worker/host';
import { serveShell } from './worker/serve';
import type { Port } from './worker/protocol';

/** A shell "worker" on this thread: the real worker code behind a MessageChannel, so every file
 * and git call crosses a structured-clone boundary as in the page. It cannot stop a busy loop. */
export function channelWorker(): WorkerLike {
  const { port1, port2 } = new MessageChannel();
  serveShell(port2 as unknown as Port);
  port1.start();
  port2.start();
  return {
    postMessage: (m) => port1.postMessage(m),
    addEventListener: (type: string, l: (e: never) => void) => {
      if (type === 'message') port1.addEventListener('message', l as (e: MessageEvent) => void);
    },
    terminate: () => {
      port1.close();
      port2.close();
    },
  };
}

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

/** The oracle's environment (LANG, TZ, …) plus git's identity, as oracle/run.mjs sets them.
 * `mem` is the in-process just-bash shell, or the worker shell over a channel. */
export function twinShells(mem: 'in-process' | 'worker' = 'in-process'): TwinShells {
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
    mem:
      mem === 'worker'
        ? createWorkerShell(vol, deterministicClock(), { spawn: channelWorker })
        : createJustBashShell(vol, deterministicClock()),
    env,
    opts: (extra) => ({ cwd, env, timeoutMs: 10000, ...extra }),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
