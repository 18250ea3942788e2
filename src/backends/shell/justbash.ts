// The in-memory workspace's Shell, in process: just-bash over the workspace's own memfs Volume
// (the CLI and tests; the page runs the same runner in a worker, ./worker). No node:* imports.
import type { CustomCommand } from 'just-bash';
import type { Volume } from 'memfs';
import type { Clock, Shell } from '../../workspace/types';
import { runGit } from '../git/command';
import { gitCommand } from './git-hooks';
import { MemfsShellFs } from './memfs-fs';
import { extraCommands } from './commands';
import { pythonCommand } from './fixes';
import { clockTime, runJustBash, shellCommandNames } from './run';

export { rewriteShellErrors } from './run';
export { SIGTERM_EXIT } from './messages';

export interface JustBashShellOptions {
  /** Extra commands (tests, the session's own). git and yes are always there. */
  commands?: CustomCommand[];
  /** python3/python through just-bash's CPython WASM: Node only (it needs worker threads), and
   * about 3 s per start. Off: `python3` is "command not found", as on a host without it. */
  python?: boolean;
}

export function createJustBashShell(vol: Volume, clock: Clock, options: JustBashShellOptions = {}): Shell {
  const commands: CustomCommand[] = [
    gitCommand((args, cwd, env, hooksDone) =>
      runGit({ vol, clock, cwd, env: new Map(Object.entries(env)), hooksDone }, args),
    ),
    ...extraCommands,
    ...(options.python ? [pythonCommand('python3'), pythonCommand('python')] : []),
    ...(options.commands ?? []),
  ];
  const fs = new MemfsShellFs(vol, clock, shellCommandNames(commands));
  const setup = { fs, commands, python: options.python ?? false, time: clockTime(clock) };
  return {
    run: (command, opts) => {
      opts.onStart?.();
      return runJustBash(setup, command, opts);
    },
  };
}
