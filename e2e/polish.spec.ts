import { expect, test } from '@playwright/test';
import { Playground } from './pages/playground';

test('the diff editor has its codicon font and moving off a diff reports no disposed TextModel', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const p = new Playground(page);
  await p.openScenario('edit', 'edit-after-outside-change-strict');
  await p.selectCall(1);
  const diff = p.pane('Tool results').getByTestId('diff-editor');
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible();
  // The +/- marks in the gutter are codicon glyphs: the font must load from the bundle.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.load('16px codicon');
        return [...document.fonts].some(
          (f) => f.family.replace(/"/g, '') === 'codicon' && f.status === 'loaded',
        );
      }),
    )
    .toBe(true);
  await p.selectCall(0);
  await expect(p.pane('Tool results').getByTestId('diff-editor')).toHaveCount(0);
  await p.selectCall(1);
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible();
  await p.selectCall(0);
  await expect(p.pane('Tool results').getByTestId('diff-editor')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(errors.filter((e) => /TextModel got disposed/.test(e))).toEqual([]);
});
