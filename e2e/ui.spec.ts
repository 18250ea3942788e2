import { expect, test } from '@playwright/test';
import { PANES, Playground } from './pages/playground';

const FILE = '/workspace/project/notes.txt';

test('steps through a gallery scenario with the keyboard, four named panes on every call', async ({
  page,
}) => {
  const p = new Playground(page);
  await p.openScenario('edit', 'edit-after-outside-change-strict');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const n = await p.calls.count();
  expect(n).toBeGreaterThan(1);
  await page.locator('body').click({ position: { x: 1000, y: 790 } });
  for (let i = 0; i < n; i++) {
    await expect(p.calls.nth(i)).toHaveAttribute('aria-selected', 'true');
    for (const name of PANES) await expect(p.pane(name)).toBeVisible();
    await expect(p.pane('Transcript')).toContainText(`tool_use toolu_oracle_${i}_0`);
    await expect(p.pane('Tool results').locator('p.explain').first()).not.toBeEmpty();
    await p.shot(`gallery-call-${i}`);
    await page.keyboard.press(']');
  }
  await page.keyboard.press('4');
  await expect(p.pane('Tool results')).toBeFocused();
});

test('composes a failing and a succeeding Edit, time-travels, and sees a decision change with the mode', async ({
  page,
}) => {
  const p = new Playground(page);
  await p.openBlank();
  // A strict model (read-before-edit enforced) in acceptEdits mode.
  await p.applySettings({ model: 'claude-sonnet-4-5', mode: 'acceptEdits' });

  // An outside edit: create the file in the workspace, type into the editor, save.
  await p.showFiles();
  await p.workspace.getByLabel('New file path').fill('notes.txt');
  await p.workspace.getByRole('button', { name: 'Create' }).click();
  await p.workspace.getByRole('button', { name: 'project/notes.txt' }).click();
  const editor = p.workspace.getByTestId('code-editor').locator('.monaco-editor');
  await expect(editor).toBeVisible();
  await editor.locator('.view-lines').click();
  await page.keyboard.insertText("It's here\n");
  await p.workspace.getByRole('button', { name: 'Save as an outside edit' }).click();
  await expect(p.workspace.getByRole('button', { name: 'Save as an outside edit' })).toBeDisabled();
  await p.shot('outside-edit');

  // Curly quotes, file not read yet: refused as the model would be told.
  await p.compose('Edit', { file_path: FILE, old_string: 'It’s here', new_string: 'It’s there' });
  await expect(p.calls).toHaveCount(1);
  const results = p.pane('Tool results');
  await expect(results.locator('pre.model-text').first()).toHaveText(
    '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
  );
  await expect(p.pane('Permission decisions')).toContainText(
    'stopped by the tool’s own checks before the permission check',
  );
  await p.shot('edit-refused');

  // Read and Edit in one model call: the Edit matches by quote folding and shows a diff.
  await p.compose('Read', { file_path: FILE }, true);
  await p.compose('Edit', { file_path: FILE, old_string: 'It’s here', new_string: 'It’s there' }, true);
  await p.runDraft();
  await expect(p.calls).toHaveCount(2);
  await expect(p.calls.nth(1)).toHaveText(/model call 1 · Read, Edit/);
  await expect(results.locator('pre.model-text').nth(1)).toHaveText(
    `The file ${FILE} has been updated successfully. (file state is current in your context — no need to Read it back)`,
  );
  await expect(results.getByTestId('diff-editor')).toBeVisible();
  await expect(results.getByTestId('diff-editor')).toContainText('It’s there');
  await expect(p.pane('Read ledger').locator('tbody tr')).toHaveCount(1);
  await expect(p.pane('Read ledger').locator('tbody tr.changed, tbody tr.added')).toHaveCount(1);
  await expect(p.pane('Permission decisions')).toContainText('allow');
  await p.shot('edit-succeeded');

  // Time travel: after call 0 the file is as the outside edit left it and the ledger is empty.
  await p.selectCall(0);
  await expect(p.pane('Read ledger')).toContainText('Empty: the model has read nothing yet.');
  await p.workspace.getByRole('button', { name: 'project/notes.txt' }).click();
  await expect(p.workspace).toContainText('after model call 0');
  // Call 0 changed nothing: the file is shown as it was, no diff.
  await expect(p.workspace.getByTestId('diff-editor')).toHaveCount(0);
  await expect(p.workspace.getByTestId('code-editor')).toContainText("It's here");
  await expect(p.workspace.getByTestId('code-editor')).not.toContainText('It’s there');
  await p.shot('time-travel-call-0');
  await p.selectCall(1);
  await expect(p.workspace.locator('.mark.modified')).toHaveText('M');
  await expect(p.workspace.getByTestId('diff-editor')).toContainText("It's here");
  await expect(p.workspace.getByTestId('diff-editor')).toContainText('It’s there');
  await p.shot('time-travel-call-1');

  // The same history in default mode: the Edit now needs approval.
  await p.applySettings({ mode: 'default' });
  await p.selectCall(1);
  const decisions = p.pane('Permission decisions');
  await expect(decisions.locator('.badge.ask')).toHaveCount(1);
  await expect(decisions).toContainText('(mode default)');
  await expect(results.locator('article').nth(1).locator('.badge.deny')).toHaveText('is_error');
  await p.shot('mode-default');
});

test('settings flag unknown keys and refuse bad JSON; the raw JSON composer runs what it is given', async ({
  page,
}) => {
  // The raw JSON is read off the editor's view, where a wrapped line would read as two.
  await page.addInitScript(() => localStorage.setItem('ccp.wrapLongLines', 'off'));
  const p = new Playground(page);
  await p.openBlank();
  await page.locator('details.settings-box summary').click();
  const panel = page.getByRole('region', { name: 'Session settings' });
  const project = panel.getByLabel('project settings (JSON)');
  await project.fill('{"permissions":{"deny":["Read"],"alow":[]},"colour":1}');
  await expect(panel.locator('.warning')).toHaveText([
    'Unknown key "colour".',
    'Unknown key "permissions.alow".',
  ]);
  await project.fill('{"permissions":');
  await expect(panel.locator('.error')).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Apply and re-run' })).toBeDisabled();
  await project.fill('{"permissions":{"deny":["Read"]}}');
  await panel.getByRole('button', { name: 'Apply and re-run' }).click();
  await expect(page.getByRole('status')).toHaveCount(0);

  // The raw JSON starts from the form's input.
  await p.composer.getByLabel('tool', { exact: true }).selectOption('Read');
  await p.composer.locator('#field-file_path').fill('/workspace/project/x.txt');
  await p.composer.getByLabel('raw JSON').check();
  await expect(p.composer.getByTestId('code-editor').locator('.view-lines')).toHaveText(
    '{··"file_path":·"/workspace/project/x.txt"}'.replace(/·/g, '\u00a0'),
  );
  await p.composer.getByRole('button', { name: /^Run/ }).click();
  await expect(p.calls).toHaveCount(1);
  await expect(p.pane('Tool results').locator('pre.model-text').first()).toHaveText(
    '<tool_use_error>Error: No such tool available: Read. Read is disabled for this session, in subagents as well as here.</tool_use_error>',
  );
  await expect(p.pane('Permission decisions')).toContainText('not offered');
  await p.shot('settings-raw-json');
});
