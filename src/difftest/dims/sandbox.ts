// The sandbox settings: enabled or not, auto-allow, unsandboxed fallback, excludedCommands forms,
// and filesystem rules (allowRead inside denyRead, grants of writes, protected folders).
import type { Dimension, JsonObject } from '../types';
import { PROJECT, QUIET_NPM, bash } from './common';

const EXCLUDED = [['git'], ['git:*'], ['git *'], ['npm run build'], ['touch'], ['./tool.sh']];
const COMMANDS = [
  'touch new.txt && echo made',
  'cat locked/x.txt',
  'cat locked/open.txt',
  'echo hi > locked/y.txt',
  'echo hi > ../out.txt',
  'git status --short',
  'npm run build',
  './tool.sh',
  'echo hi > .claude/z.txt',
  'echo hi > .git/z',
  'ls',
];

export const sandbox: Dimension = {
  name: 'sandbox',
  varies:
    'sandbox enabled/auto-allow/unsandboxed x excludedCommands forms x filesystem rules x dangerouslyDisableSandbox',
  combinable: false,
  needs: ['bwrap', 'socat'],
  unprivilegedOnly: (profile) => profile.permissions.sandbox.unprivilegedOnly === true,
  sample(rng) {
    const sb: JsonObject = { enabled: rng.chance(0.9) };
    if (rng.chance(0.6)) sb.autoAllowBashIfSandboxed = rng.chance(0.7);
    if (rng.chance(0.4)) sb.allowUnsandboxedCommands = rng.chance(0.5);
    if (rng.chance(0.4)) sb.excludedCommands = rng.pick(EXCLUDED);
    const fs: JsonObject = {};
    if (rng.chance(0.4)) fs.denyRead = ['$CWD/locked'];
    if (rng.chance(0.3)) fs.allowRead = ['$CWD/locked/open.txt'];
    if (rng.chance(0.3)) fs.allowWrite = [rng.pick(['$ROOT', '$CWD/locked', '~/'])];
    if (rng.chance(0.3)) fs.denyWrite = [rng.pick(['$CWD/locked', './a.txt'])];
    if (Object.keys(fs).length) sb.filesystem = fs;
    const mode = rng.pick(['default', 'acceptEdits', 'bypassPermissions']);
    const turns = Array.from({ length: 1 + rng.int(3) }, () => {
      const c = bash(rng.pick(COMMANDS));
      if (rng.chance(0.2)) c.input.dangerouslyDisableSandbox = true;
      return [c];
    });
    return {
      files: { ...PROJECT, 'locked/x.txt': 'x\n', 'locked/open.txt': 'open\n' },
      user_settings: { sandbox: sb },
      // Its commands include `npm run`, whose update notice depends on the registry and the day.
      env: QUIET_NPM,
      trust: true,
      git: true,
      mode,
      turns,
      note: `${mode} ${JSON.stringify(sb)}`,
    };
  },
};
