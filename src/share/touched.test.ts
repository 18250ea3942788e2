import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { BLANK_SCENARIO, PlaygroundSession } from '../drivers/composer';
import { parseScenario } from '../scenario/schema';

const P = '/workspace/project';

describe('a link of a session on an imported project', () => {
  it('carries the files the session read, changed or named, as they were at its start, and says what it leaves out', async () => {
    const ws = createMemfsWorkspace();
    for (const [rel, text] of Object.entries({
      'a.txt': 'alpha\n',
      'b.txt': 'beta\n',
      'c.txt': 'gamma\n',
      'd/e.bin': '\0\x01',
    }))
      await ws.fs
        .mkdir(`${P}/${rel}`.replace(/\/[^/]+$/, ''), { recursive: true })
        .then(() => ws.fs.writeFile(`${P}/${rel}`, new TextEncoder().encode(text)));
    const s = await PlaygroundSession.open(() => ws, 'imported', {
      ...BLANK_SCENARIO,
      mode: 'bypassPermissions',
    });
    await s.run([{ name: 'Read', input: { file_path: `${P}/a.txt` } }]);
    await s.run([{ name: 'Write', input: { file_path: `${P}/a.txt`, content: 'changed\n' } }]);
    await s.run([{ name: 'Write', input: { file_path: `${P}/new.txt`, content: 'new\n' } }]);
    const { scenarioOfTouched } = await import('./touched');
    const start = s.history[0]?.filesBefore;
    if (!start) throw new Error('history keeps the files');
    const t = scenarioOfTouched(s.scenario, s.history, start, P);
    expect({
      files: t.scenario.files,
      carried: t.carried,
      left: t.left,
      description: t.scenario.description,
    }).toEqual({
      files: { 'a.txt': { text: 'alpha\n' } },
      carried: 1,
      left: 3,
      description:
        'A blank workspace. Imported project: this link carries the 1 of 4 files the session read, wrote, searched or found; the other 3 are left out, so a Grep, Glob or Bash over the whole project replays on these files only.',
    });
    // It is a valid scenario, and it replays to the same results on a blank workspace.
    const again = await PlaygroundSession.open(
      () => createMemfsWorkspace(),
      'link',
      parseScenario(t.scenario, 'link'),
    );
    expect(again.history.map((r) => r.calls.map((c) => c.rendered.content))).toEqual(
      s.history.map((r) => r.calls.map((c) => c.rendered.content)),
    );
  });
});
