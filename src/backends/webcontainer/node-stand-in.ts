// Tests only (Node): a ContainerLike over a temp directory, so the adapter's sync, shell and
// search paths run for real offline. `jsh` is /bin/sh, `node` is this Node; like WebContainer,
// process output is one terminal stream (stdout and stderr merged, LF as CRLF) and fs API paths
// are relative to the workdir.
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContainerLike, ContainerProcess, ContainerSpawnOptions } from './container';

export interface StandIn extends ContainerLike {
  spawned: string[];
}

export function nodeStandIn(): StandIn {
  const workdir = realpathSync(mkdtempSync(join(tmpdir(), 'cc-wc-')));
  const at = (p: string) => (p.startsWith(workdir) ? p : join(workdir, p));
  const spawned: string[] = [];
  return {
    workdir,
    path: '/usr/local/bin:/usr/bin:/bin',
    spawned,
    fs: {
      readFile: async (p) => new Uint8Array(await fsp.readFile(at(p))),
      writeFile: (p, d) => fsp.writeFile(at(p), d),
      mkdir: async (p, o) => (await fsp.mkdir(at(p), o)) ?? at(p),
      rm: (p, o) => fsp.rm(at(p), o),
    },
    spawn(command: string, args: string[], options: ContainerSpawnOptions = {}): Promise<ContainerProcess> {
      spawned.push(command);
      const bin = command === 'jsh' ? '/bin/sh' : command === 'node' ? process.execPath : command;
      const child = spawn(bin, args, { cwd: at(options.cwd ?? '/'), env: options.env ?? { PATH: '/usr/bin:/bin' }, detached: true });
      let push: (s: string) => void = () => undefined;
      let close: () => void = () => undefined;
      const output = new ReadableStream<string>({
        start(c) {
          push = (s) => c.enqueue(s.replace(/\n/g, '\r\n'));
          close = () => c.close();
        },
      });
      child.stdout.on('data', (b: Buffer) => push(b.toString()));
      child.stderr.on('data', (b: Buffer) => push(b.toString()));
      const exit = new Promise<number>((resolve) =>
        child.on('close', (code, signal) => {
          close();
          resolve(code ?? (signal ? 128 + 9 : 1));
        }),
      );
      return Promise.resolve({ exit, output, kill: () => process.kill(-child.pid!, 'SIGKILL') });
    },
    teardown: () => rmSync(workdir, { recursive: true, force: true }),
  };
}
