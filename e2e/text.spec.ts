// Issue 29 #4: no text of the panes, the permission prompt or Versions side by side is clipped
// or broken inside a word, at phone (390 px) and laptop (1280 px) widths: long lines wrap (a
// toggle, remembered, scrolls them sideways instead), tables reflow.
import { expect, test } from '@playwright/test';
import { unreadable } from './pages/clipping';
import { PANES, pickMenu, Playground } from './pages/playground';
import { reload } from './ready';

test.describe.configure({ timeout: 150_000 });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the refusal, the ledger and the subagent’s calls read whole in every pane', async ({ page }) => {
      const pg = new Playground(page);
      await pg.openScenario('agent', 'agent-ledger-sub-read-edit');
      await expect(pg.calls).toHaveCount(4);
      for (const call of [0, 1, 2, 3]) {
        await pg.selectCall(call);
        for (const pane of PANES) expect([call, pane, await unreadable(pg.pane(pane))]).toEqual([call, pane, []]);
      }
      await pg.selectCall(1);
      await expect(pg.pane('Tool results').locator('pre.model-text')).toContainText(
        'File has not been read yet. Read it first before writing to it.',
      );
    });

    test('a Bash call refused for want of a prompt reads whole', async ({ page }) => {
      const pg = new Playground(page);
      await pg.openScenario('hooks', 'hook-pre-allow-vs-deny-rule');
      await pg.selectCall(1);
      await expect(pg.pane('Tool results')).toContainText('Claude requested permissions to use Bash, but you haven');
      for (const pane of PANES) expect([pane, await unreadable(pg.pane(pane))]).toEqual([pane, []]);
    });

    test('Versions side by side reads whole, the struck text too', async ({ page }) => {
      const pg = new Playground(page);
      await pg.openScenario('agent', 'agent-ledger-sub-read-edit');
      await expect(pg.calls).toHaveCount(4);
      await pickMenu(page, 'Versions side by side');
      const dialog = page.getByRole('dialog', { name: 'Versions side by side: agent-ledger-sub-read-edit' });
      await expect(dialog.locator('pre del').first()).toBeVisible();
      expect(await unreadable(dialog)).toEqual([]);
    });

    test('an Edit’s permission prompt shows its diff and reads whole (#9)', async ({ page }) => {
      const pg = new Playground(page);
      await pg.openBlank();
      await pg.applySettings({ mode: 'default' });
      const file = '/workspace/project/notes-with-a-rather-long-name-for-a-phone.txt';
      await pg.compose('Write', { file_path: file, content: 'one\ntwo\nthree\n' });
      const prompt = (tool: string) => page.getByRole('alertdialog', { name: `ask ${tool} wants permission` });
      await expect(prompt('Write').locator('.prompt-diff')).toHaveText(
        `the new file: ${file}@@ -0,0 +1,3 @@\n+one\n+two\n+three\n`,
      );
      expect(await unreadable(prompt('Write'))).toEqual([]);
      await prompt('Write').getByRole('button', { name: /^Allow once/ }).click();
      await expect(pg.calls).toHaveCount(1);
      await pg.compose('Edit', { file_path: file, old_string: 'two', new_string: 'TWO' });
      await expect(prompt('Edit').locator('.prompt-diff')).toHaveText(
        `the change to the file: ${file}@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n`,
      );
      expect(await unreadable(prompt('Edit'))).toEqual([]);
      await prompt('Edit').getByRole('button', { name: /^Deny/ }).click();
      await expect(pg.calls).toHaveCount(2);
    });
  });
}

test('wrapping long lines is a toggle the page remembers; off, a long line scrolls sideways', async ({ page }) => {
  const pg = new Playground(page);
  await pg.openScenario('agent', 'agent-ledger-sub-read-edit');
  await pg.selectCall(1);
  const results = pg.pane('Tool results');
  const toggle = results.getByRole('button', { name: 'wrap long lines' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const pre = results.locator('pre.model-text').first();
  expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await reload(page);
  await pg.selectCall(1);
  await expect(pg.pane('Tool results').getByRole('button', { name: 'wrap long lines' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await pg.pane('Tool results').getByRole('button', { name: 'wrap long lines' }).click();
  expect(await unreadable(pg.pane('Tool results'))).toEqual([]);
});
