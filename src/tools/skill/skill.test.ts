// The Skill tool through the session, on memfs: whole results and attached texts as the
// recorded scenarios show them (conformance/scenarios/skill-*).
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createJustBashShell } from '../../backends/shell/justbash';
import type { Scenario } from '../../scenario/schema';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { ALL_TOOLS } from '../registry';
import { editDistance, splitArgs } from './skill';

const ws = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });

const skill = (skill: string, args?: string) => ({
  name: 'Skill',
  input: args === undefined ? { skill } : { skill, args },
});

async function replay(turns: Scenario['turns'], extra: Partial<Scenario> = {}) {
  const scenario: Scenario = {
    id: 't',
    area: 'skill',
    description: 't',
    tools: ['Skill', 'Read'],
    files: {},
    turns,
    ...extra,
  };
  const { result } = await replayScenario(ws(), scenario, 't', {
    tools: ALL_TOOLS,
    permissions: createPermissions,
  });
  return result;
}

const DEPLOY = {
  '.claude/skills/deploy/SKILL.md':
    '---\nname: deploy\ndescription: Deploy\n---\n\nRun the deploy steps.\nUse $ARGUMENTS here.\n',
};
const user = (text: string) => ({ role: 'user', type: 'text', text });
const err = (text: string) => ({
  content: `<tool_use_error>${text}</tool_use_error>`,
  is_error: true,
  structured: `Error: ${text}`,
});

describe('Skill', () => {
  it('launches a project skill and attaches its body with the arguments; again: the already-loaded note, then the re-invocation note', async () => {
    const r = await replay(
      [[skill('deploy', 'prod now')], [skill('/deploy', 'prod now')], [skill('deploy')]],
      { files: DEPLOY },
    );
    const call = r.turns[0]?.calls[0];
    expect([call?.content, call?.is_error, call?.structured]).toEqual([
      'Launching skill: deploy',
      false,
      { success: true, commandName: 'deploy' },
    ]);
    expect(r.turns[0]?.attachments).toEqual([
      user(
        'Base directory for this skill: $CWD/.claude/skills/deploy\n\nRun the deploy steps.\nUse prod now here.\n',
      ),
    ]);
    expect(r.turns[1]?.attachments).toEqual([
      user('Skill /deploy is already loaded above; instructions unchanged.'),
    ]);
    expect(r.turns[2]?.attachments).toEqual([
      user(
        '(Re-invocation of /deploy — the skill instructions were previously loaded; the arguments or dynamic output below are new.)\n',
      ),
      user(
        'Base directory for this skill: $CWD/.claude/skills/deploy\n\nRun the deploy steps.\nUse  here.\n',
      ),
    ]);
  });

  it('appends ARGUMENTS: to a body without a placeholder; a user skill wins over a project skill', async () => {
    const r = await replay([[skill('deploy', 'x y')]], {
      files: DEPLOY,
      home_files: { '.claude/skills/deploy/SKILL.md': '---\ndescription: home\n---\nHome body.' },
    });
    expect(r.turns[0]?.attachments).toEqual([
      user('Base directory for this skill: $HOME/.claude/skills/deploy\n\nHome body.\n\nARGUMENTS: x y'),
    ]);
  });

  it('refuses an empty name, a built-in command, a skill the model may not invoke, and suggests a close name', async () => {
    const r = await replay(
      [
        [
          skill(''),
          skill('clear'),
          skill('copy'),
          skill('doctor'),
          skill('deplo'),
          skill('xyz'),
          skill('//deploy'),
        ],
      ],
      { files: DEPLOY },
    );
    const got = r.turns[0]?.calls.map((c) => ({
      content: c.content,
      is_error: c.is_error,
      structured: c.structured,
    }));
    expect(got).toEqual([
      err('Invalid skill format: '),
      err(
        'clear is a built-in CLI command, not a skill. Ask the user to run /clear themselves — it cannot be invoked via the Skill tool.',
      ),
      err(
        'copy is a UI command, not a skill. Ask the user to run /copy themselves — it cannot be invoked via the Skill tool.',
      ),
      err(
        "Skill doctor cannot be used with Skill tool due to disable-model-invocation. Ask the user to run /doctor themselves — it cannot be invoked via the Skill tool. Do not replicate this skill's workflow by other means — it is reserved for explicit user invocation.",
      ),
      err('Unknown skill: deplo. Did you mean deploy?'),
      err('Unknown skill: xyz'),
      err('Unknown skill: /deploy. Did you mean deploy?'),
    ]);
  });

  it('asks for a skill with allowed-tools (refused in -p default mode, with the allow-rule hint in 2.1.332); a deny rule blocks one', async () => {
    const files = {
      '.claude/skills/tooled/SKILL.md': '---\ndescription: t\nallowed-tools: Read\n---\nT.\n',
      ...DEPLOY,
    };
    const turns = [[skill('tooled')], [skill('deploy')]];
    const settings = { permissions: { deny: ['Skill(deploy)'] } };
    const old = await replay(turns, { files, mode: 'default', settings });
    const neu = await replay(turns, { files, mode: 'default', settings, version: '2.1.332' });
    expect(old.turns.map((t) => t.calls[0]?.content)).toEqual([
      'Execute skill: tooled',
      'Skill execution blocked by permission rules',
    ]);
    expect(neu.turns.map((t) => t.calls[0]?.content)).toEqual([
      'Execute skill: tooled. The user can add the allow rule Skill(tooled) to .claude/settings.local.json to let it run without asking.',
      'Skill execution blocked by permission rules',
    ]);
  });

  it('joins two skill texts of one turn with a newline', async () => {
    const r = await replay([[skill('deploy', 'a'), skill('plain')]], {
      files: { ...DEPLOY, '.claude/skills/plain/SKILL.md': 'Plain.' },
    });
    expect(r.turns[0]?.attachments).toEqual([
      user(
        'Base directory for this skill: $CWD/.claude/skills/deploy\n\nRun the deploy steps.\nUse a here.\n\n',
      ),
      user('Base directory for this skill: $CWD/.claude/skills/plain\n\nPlain.'),
    ]);
  });

  it('splits arguments as words with quotes, and measures edit distance', () => {
    expect(splitArgs('alpha "beta gamma" delta')).toEqual(['alpha', 'beta gamma', 'delta']);
    expect([editDistance('nope', 'copy'), editDistance('caps', 'Caps'), editDistance('', 'ab')]).toEqual([
      2, 1, 2,
    ]);
  });
});
