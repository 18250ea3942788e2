// The worker's side: just-bash runs here, off the page's thread, so a busy loop cannot freeze
// the page and the page can always stop it (by ending the worker). Files and git live in the
// page; each call for them is a request over the port.
import type { CustomCommand, FsStat, IFileSystem } from 'just-bash';
import { resolveAgainst } from '../../../text/paths';
import type { GitResult } from '../../git/command';
import { extraCommands } from '../commands';
import { pythonCommand } from '../fixes';
import { gitCommand } from '../git-hooks';
import { runJustBash, shellCommandNames, type ShellTime } from '../run';
import {
  fromWire,
  TICK_MS,
  toWire,
  type FromWorker,
  type FsMethod,
  type Port,
  type ToWorker,
} from './protocol';

type Request =
  | { t: 'fs'; method: FsMethod; args: unknown[] }
  | { t: 'git'; args: string[]; cwd: string; env: Record<string, string>; hooksDone: string[] };
type Ask = (r: Request) => Promise<unknown>;

/** just-bash's filesystem, answered by the page. */
class RemoteFs implements IFileSystem {
  /** Set for each command (see RunRequest.allPaths). */
  allPaths: string[] = [];
  workspaceNow = (): Promise<number> => this.call('workspaceNow');
  constructor(private readonly ask: Ask) {}
  private call<T>(method: FsMethod, ...args: unknown[]): Promise<T> {
    return this.ask({ t: 'fs', method, args }) as Promise<T>;
  }
  readFile: IFileSystem['readFile'] = (...a) => this.call('readFile', ...a);
  readFileBytes: NonNullable<IFileSystem['readFileBytes']> = (...a) => this.call('readFileBytes', ...a);
  readFileBuffer: IFileSystem['readFileBuffer'] = (...a) => this.call('readFileBuffer', ...a);
  writeFile: IFileSystem['writeFile'] = (...a) => this.call('writeFile', ...a);
  appendFile: IFileSystem['appendFile'] = (...a) => this.call('appendFile', ...a);
  exists: IFileSystem['exists'] = (...a) => this.call('exists', ...a);
  stat: IFileSystem['stat'] = (...a) => this.call<FsStat>('stat', ...a);
  lstat: IFileSystem['lstat'] = (...a) => this.call<FsStat>('lstat', ...a);
  mkdir: IFileSystem['mkdir'] = (...a) => this.call('mkdir', ...a);
  readdir: IFileSystem['readdir'] = (...a) => this.call('readdir', ...a);
  readdirWithFileTypes: NonNullable<IFileSystem['readdirWithFileTypes']> = (...a) =>
    this.call('readdirWithFileTypes', ...a);
  rm: IFileSystem['rm'] = (...a) => this.call('rm', ...a);
  cp: IFileSystem['cp'] = (...a) => this.call('cp', ...a);
  mv: IFileSystem['mv'] = (...a) => this.call('mv', ...a);
  chmod: IFileSystem['chmod'] = (...a) => this.call('chmod', ...a);
  symlink: IFileSystem['symlink'] = (...a) => this.call('symlink', ...a);
  link: IFileSystem['link'] = (...a) => this.call('link', ...a);
  readlink: IFileSystem['readlink'] = (...a) => this.call('readlink', ...a);
  realpath: IFileSystem['realpath'] = (...a) => this.call('realpath', ...a);
  utimes: IFileSystem['utimes'] = (...a) => this.call('utimes', ...a);
  resolvePath(base: string, path: string): string {
    return resolveAgainst(base, path);
  }
  getAllPaths(): string[] {
    return this.allPaths;
  }
}

/** `python`: python3/python through just-bash's CPython WASM (it starts threads of its own: a
 * Node worker thread can, the page's worker cannot). */
export function serveShell(port: Port, options: { python?: boolean } = {}): void {
  const post = (m: FromWorker) => port.postMessage(m);
  let nextCall = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const ask: Ask = (r) =>
    new Promise((resolve, reject) => {
      const call = ++nextCall;
      waiting.set(call, { resolve, reject });
      post({ ...r, call });
    });
  /** A wait on the page's clock; `done` runs when it is over, unless the returned function
   * cancelled it first. */
  const waitOnPage = (ms: number, idle: boolean, done: () => void): (() => void) => {
    const call = ++nextCall;
    let over = false;
    const end = () => {
      if (over) return false;
      over = true;
      waiting.delete(call);
      return true;
    };
    const fire = () => {
      if (end()) done();
    };
    waiting.set(call, { resolve: fire, reject: fire });
    post({ t: 'wait', call, ms, idle });
    return () => {
      if (end()) post({ t: 'cancel', call });
    };
  };
  // The command's timeout, `timeout`'s limit and `sleep` run on the workspace clock, so a
  // replay's sleeps are skipped here as in the in-process shell.
  const time: ShellTime = {
    timer: (fn, ms) => waitOnPage(ms, false, fn),
    elapsed: () => performance.now(),
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const stop = () => {
          cancel();
          resolve();
        };
        const cancel = waitOnPage(ms, true, () => {
          signal.removeEventListener('abort', stop);
          resolve();
        });
        signal.addEventListener('abort', stop, { once: true });
      }),
  };
  const fs = new RemoteFs(ask);
  const git = gitCommand(
    (args, cwd, env, hooksDone) => ask({ t: 'git', args, cwd, env, hooksDone }) as Promise<GitResult>,
  );
  const python = options.python === true;
  const commands: CustomCommand[] = [
    git,
    ...extraCommands,
    ...(python ? [pythonCommand('python3'), pythonCommand('python')] : []),
  ];
  const running = new Map<number, AbortController>();
  // While a command runs, a tick every TICK_MS: the page counts the gaps as busy time.
  let ticking: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    if (running.size > 0) ticking ??= setInterval(() => post({ t: 'tick' }), TICK_MS);
    else {
      clearInterval(ticking);
      ticking = undefined;
    }
  };

  port.addEventListener('message', (e: MessageEvent) => {
    const m = e.data as ToWorker;
    if (m.t === 'reply') {
      const w = waiting.get(m.call);
      waiting.delete(m.call);
      if (m.ok) w?.resolve(m.value);
      else w?.reject(fromWire(m.error));
    } else if (m.t === 'abort') {
      running.get(m.id)?.abort();
    } else {
      const stop = new AbortController();
      running.set(m.id, stop);
      tick();
      fs.allPaths = m.allPaths ?? [];
      runJustBash({ fs, commands, python, time }, m.command, {
        cwd: m.cwd,
        env: m.env,
        timeoutMs: m.timeoutMs,
        mergeStderr: m.mergeStderr,
        budget: m.budget,
        signal: stop.signal,
      })
        .then(
          (result) => post({ t: 'done', id: m.id, result }),
          (err: unknown) => post({ t: 'failed', id: m.id, error: toWire(err) }),
        )
        .finally(() => {
          running.delete(m.id);
          tick();
        });
    }
  });
  post({ t: 'ready', commandNames: [...shellCommandNames(commands)] });
}
