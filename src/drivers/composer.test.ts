import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { BLANK_SCENARIO, PlaygroundSession, settingsOf } from './composer';

const mk = () => createMemfsWorkspace();

describe('PlaygroundSession', () => {
  it('runs composed calls on a blank workspace, records outside edits in the scenario, and re-runs under new settings', async () => {
    const s = await PlaygroundSession.open(mk, 'blank', { ...BLANK_SCENARIO, model: 'claude-sonnet-4-5' });
    await s.outsideEdit('a.txt', 'one\n');
    const r0 = await s.run([
      {
        name: 'Edit',
        input: { file_path: '/workspace/project/a.txt', old_string: 'one', new_string: 'two' },
      },
    ]);
    expect(r0.calls.map((c) => [c.id, c.stage, c.rendered.is_error])).toEqual([
      ['toolu_oracle_0_0', 'validate', true],
    ]);
    await s.run([{ name: 'Read', input: { file_path: '/workspace/project/a.txt' } }]);
    const r2 = await s.run([
      {
        name: 'Edit',
        input: { file_path: '/workspace/project/a.txt', old_string: 'one', new_string: 'two' },
      },
    ]);
    expect(r2.calls.map((c) => [c.stage, c.decision?.behavior])).toEqual([['permission', 'ask']]);
    expect(s.scenario.turns).toEqual([
      [
        { touch: 'a.txt', content: 'one\n' },
        {
          name: 'Edit',
          input: { file_path: '/workspace/project/a.txt', old_string: 'one', new_string: 'two' },
        },
      ],
      [{ name: 'Read', input: { file_path: '/workspace/project/a.txt' } }],
      [
        {
          name: 'Edit',
          input: { file_path: '/workspace/project/a.txt', old_string: 'one', new_string: 'two' },
        },
      ],
    ]);
    const again = await s.rerun(mk, { ...settingsOf(s.scenario), mode: 'acceptEdits' });
    const last = again.history[2];
    expect(last?.calls.map((c) => [c.stage, c.decision?.behavior, c.rendered.is_error])).toEqual([
      ['call', 'allow', false],
    ]);
    const after = last?.files?.get('/workspace/project/a.txt');
    expect(after instanceof Uint8Array ? new TextDecoder().decode(after) : after).toEqual('two\n');
    const before = last?.filesBefore?.get('/workspace/project/a.txt');
    expect(before instanceof Uint8Array ? new TextDecoder().decode(before) : before).toEqual('one\n');
  });

  it('answers a composed call with a bad input or an unknown tool as the model would be answered', async () => {
    const s = await PlaygroundSession.open(mk, 'blank', BLANK_SCENARIO);
    const r = await s.run([
      { name: 'Edit', input: { file_path: '/workspace/project/a.txt', old_string: 'x', extra: 1 } },
      { name: 'Nope', input: {} },
    ]);
    expect(r.calls.map((c) => [c.stage, c.rendered.content])).toEqual([
      [
        'input',
        '<tool_use_error>InputValidationError: Edit failed due to the following 2 issues:\nThe parameter `new_string` type is expected as `string` but provided as `unknown`\nAn unexpected parameter `extra` was provided</tool_use_error>',
      ],
      ['unknown-tool', '<tool_use_error>Error: No such tool available: Nope</tool_use_error>'],
    ]);
  });
});
