import { describe, expect, it } from 'vitest';
import { checkSettings } from './settings-check';

describe('checkSettings with hooks', () => {
  it('flags hooks the replay will not run, and keeps the settings usable', () => {
    const text = JSON.stringify({
      hooks: {
        PreToolUze: [],
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'prompt', prompt: 'ok?' }, { type: 'command', command: './h.sh', timeout: 'soon' }] }],
      },
    });
    expect(checkSettings(text)).toEqual({
      value: JSON.parse(text) as unknown,
      errors: [],
      warnings: [
        'hooks.PreToolUze: unknown hook event "PreToolUze".',
        'hooks.PreToolUse[0].hooks[0]: hooks of type "prompt" are not emulated (only "command").',
        "hooks.PreToolUse[0].hooks[1].timeout must be a positive number of seconds. The file's hooks are not used.",
      ],
    });
  });
});
