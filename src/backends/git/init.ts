// Scenario setup for `"git": true`: what the oracle runs before the conversation starts
// (`git init -q -b main`, write the files, `git add -A`, `git commit -q -m init` as
// oracle <oracle@example.invalid> at 2023-11-14T22:13:20Z). Same bytes in, same commit id out.
import type { Volume } from 'memfs';
import type { Clock } from '../../workspace/types';
import { init, repoAt, stage, statusRows, unstage, writeCommit, type Identity } from './repo';

export const ORACLE_IDENTITY: Identity = {
  name: 'oracle',
  email: 'oracle@example.invalid',
  timestamp: 1700000000,
  timezoneOffset: 0,
};

/** `git init -q -b main` in `dir`. */
export async function gitInit(vol: Volume, dir: string, clock?: Clock): Promise<void> {
  await init(repoAt(vol, dir), 'main', clock);
}

/** `git add -A && git commit -q -m init` with the oracle's identity and date. */
export async function gitCommitAll(vol: Volume, dir: string, message = 'init', clock?: Clock): Promise<string> {
  const repo = repoAt(vol, dir);
  for (const [path, head, workdir, stg] of await statusRows(repo)) {
    if (workdir === 0) {
      if (stg !== 0) await unstage(repo, path);
    } else if (!(head === 1 && workdir === 1 && stg === 1)) await stage(repo, path, clock);
  }
  return writeCommit(repo, `${message}\n`, ORACLE_IDENTITY, ORACLE_IDENTITY, clock);
}

/** Both steps, for a workspace whose files are already written. The clock orders the files'
 * mtimes as git writes them; the commit date is the oracle's fixed one. */
export async function gitInitAndCommit(vol: Volume, dir: string, clock?: Clock): Promise<string> {
  await gitInit(vol, dir, clock);
  return gitCommitAll(vol, dir, 'init', clock);
}
