// Shared pieces of the dimensions: a small project tree, and a Bash call.
import type { Call, JsonObject } from '../types';

export const PROJECT: JsonObject = {
  'a.txt': 'alpha\nbeta\ngamma\n',
  'sub/b.txt': 'bee\n',
  'tool.sh': { text: '#!/bin/sh\necho tool "$@"\n', mode: '0755' },
  'package.json':
    '{\n  "name": "proj",\n  "version": "1.0.0",\n  "scripts": {\n    "build": "echo built",\n    "test": "echo tested && exit 0"\n  }\n}\n',
  'secret.txt': 'TOKEN=1\n',
  'x.tmp': 'tmp\n',
};

/** npm's update check prints a notice that depends on the registry and the day. */
export const QUIET_NPM = { npm_config_update_notifier: 'false' };

/** Who commits: without it git's "Author identity unknown" names the recording host's user and
 * host name, which no emulation can know, and every commit stops before the rules it leads to
 * (hooks, a branch switch). */
export const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'A',
  GIT_AUTHOR_EMAIL: 'a@x',
  GIT_COMMITTER_NAME: 'A',
  GIT_COMMITTER_EMAIL: 'a@x',
  GIT_AUTHOR_DATE: '@1700000000 +0000',
  GIT_COMMITTER_DATE: '@1700000000 +0000',
};

export const bash = (command: string): Call => ({ name: 'Bash', input: { command } });
