// Hooks: every event a -p session reaches, matcher forms, exit codes with and without JSON on
// stdout, and the JSON fields each event reads.
import type { Dimension, Json, JsonObject } from '../types';
import { PROJECT, QUIET_NPM, bash } from './common';

const EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'UserPromptSubmit',
  'Stop',
  'SessionStart',
  'PermissionRequest',
];
const MATCHERS: (string | undefined)[] = [
  undefined,
  '',
  '*',
  'Bash',
  'Read',
  'Bash|Read',
  'Write|Edit',
  'Ba.*',
];

function output(event: string, pick: number): Json {
  const specific = (o: JsonObject): JsonObject => ({ hookSpecificOutput: { hookEventName: event, ...o } });
  const all: Json[] = [
    null,
    'plain text on stdout',
    { decision: 'block', reason: 'blocked by hook' },
    { continue: false, stopReason: 'stopped by hook' },
    { systemMessage: 'note from hook' },
    { suppressOutput: true },
    specific({ permissionDecision: 'deny', permissionDecisionReason: 'hook says no' }),
    specific({ permissionDecision: 'allow', permissionDecisionReason: 'hook says yes' }),
    specific({ permissionDecision: 'ask' }),
    specific({ additionalContext: 'extra context from hook' }),
    specific({ decision: { behavior: 'deny', message: 'request denied by hook' } }),
    specific({ decision: { behavior: 'allow' } }),
    '{not json',
  ];
  return all[pick % all.length] as Json;
}

const script = (out: Json, code: number, stderr: boolean): string =>
  '#!/bin/sh\ncat > /dev/null\n' +
  (out === null ? '' : `cat <<'JSON'\n${typeof out === 'string' ? out : JSON.stringify(out)}\nJSON\n`) +
  (stderr ? 'echo "hook stderr" >&2\n' : '') +
  `exit ${code}\n`;

export const hooks: Dimension = {
  name: 'hooks',
  varies: 'hook event x matcher form x exit code (0, 1, 2, 3) x JSON on stdout x the calls it sees',
  combinable: true,
  sample(rng) {
    const event = rng.pick(EVENTS);
    const matcher = rng.pick(MATCHERS);
    const code = rng.pick([0, 0, 1, 2, 2, 3]);
    const out = output(event, rng.int(13));
    const entry: JsonObject = { hooks: [{ type: 'command', command: '$CWD/hk.sh' }] };
    if (matcher !== undefined) entry.matcher = matcher;
    const calls = [
      bash('echo hi'),
      bash('cat missing.txt'),
      bash('touch new.txt'),
      { name: 'Read', input: { file_path: '$CWD/a.txt' } },
      { name: 'Write', input: { file_path: '$CWD/w.txt', content: 'w\n' } },
    ];
    const mode = rng.pick(['default', 'bypassPermissions', 'acceptEdits']);
    return {
      env: QUIET_NPM,
      files: { ...PROJECT, 'hk.sh': { text: script(out, code, rng.chance(0.5)), mode: '0755' } },
      settings: { hooks: { [event]: [entry] } },
      trust: true,
      mode,
      turns: Array.from({ length: 1 + rng.int(2) }, () => [rng.pick(calls)]),
      note: `${event} matcher=${JSON.stringify(matcher)} exit ${code} out=${JSON.stringify(out)} ${mode}`,
    };
  },
};
