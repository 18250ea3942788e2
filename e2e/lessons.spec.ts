// Issue 18: the first-run lesson, the Lessons menu, the keyboard help, the imported session's
// inline comparison (#9) and the running-tasks line with Stop all (#5).
import { expect, test, type Page } from '@playwright/test';
import { Playground, pickMenu } from './pages/playground';
import { goto } from './ready';

const lesson = (page: Page) => page.getByRole('region', { name: 'Lesson' });
const shots = process.env.UI_SHOTS ?? 'test-results';

test.describe('a first visit', () => {
  // No dismissal stored: this is the page as a new visitor meets it.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('opens on the guided lesson, steps through its model calls and panes, and once closed stays closed', async ({
    page,
  }) => {
    const pg = new Playground(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await goto(page, '/');
    await expect(lesson(page).getByRole('heading')).toHaveText('Getting started: read before you edit');
    await expect(page.getByRole('heading', { name: 'agent-ledger-sub-read-edit' })).toBeVisible();
    await expect(pg.calls).toHaveCount(4);
    await expect(pg.calls.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('body')).toHaveAttribute('data-lesson-pane', 'Transcript');
    await page.screenshot({ path: `${shots}/lesson-first-run-1440.png` });
    // DOCS_SHOT=1 writes the README's screenshot.
    if (process.env.DOCS_SHOT) await page.screenshot({ path: 'docs/screenshot.png' });

    await lesson(page).getByRole('button', { name: 'Next' }).click();
    await expect(pg.calls.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText([
      '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
    ]);
    await lesson(page).getByRole('button', { name: 'Next' }).click();
    await expect(pg.calls.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('body')).toHaveAttribute('data-lesson-pane', 'Read ledger');
    await lesson(page).getByRole('button', { name: 'Next' }).click();
    await expect(pg.calls.nth(3)).toHaveAttribute('aria-selected', 'true');
    await expect(pg.pane('Tool results').locator('pre.model-text').first()).toContainText(
      'has been updated successfully',
    );
    await expect(lesson(page)).toContainText('Try changing this:');
    await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/lesson-first-run-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await lesson(page).getByRole('button', { name: 'Close lesson' }).click();
    await expect(lesson(page)).toHaveCount(0);
    await goto(page, '/');
    await expect(page.getByRole('navigation', { name: 'Gallery' })).toBeVisible();
    await expect(lesson(page)).toHaveCount(0);

    // Reachable again from the menu.
    await pickMenu(page, 'Getting started: read before you edit');
    await expect(lesson(page).locator('.lesson-where')).toHaveText(
      'Step 1 of 4 · agent-ledger-sub-read-edit, model call 0',
    );
  });
});

test('a lesson from the menu opens each step’s scenario at its model call', async ({ page }) => {
  const pg = new Playground(page);
  await goto(page, '/');
  await pickMenu(page, 'Uniqueness and replace_all');
  await expect(page.getByRole('heading', { name: 'edit-multiple-no-replace-all' })).toBeVisible();
  await expect(pg.calls.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(pg.pane('Tool results').locator('pre.model-text')).toContainText([
    'Found 2 matches of the string to replace, but replace_all is false.',
  ]);
  await lesson(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'edit-replace-all' })).toBeVisible();
  await expect(pg.calls.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(pg.pane('Tool results').locator('pre.model-text')).toContainText([
    'All occurrences were successfully replaced.',
  ]);
  await expect(lesson(page)).toContainText('Try changing this:');
});

test('? opens the keyboard map and Escape closes it', async ({ page }) => {
  await goto(page, '/');
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('row')).toHaveCount(9);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});

test('an imported session: one badge, the call-by-call comparison, inline and folded (issue 18 #9)', async ({
  page,
}) => {
  await goto(page, '/');
  await pickMenu(page, 'Import Claude Code session');
  const dialog = page.getByRole('dialog', { name: 'Import a Claude Code session' });
  await dialog
    .getByLabel('Session transcript')
    .setInputFiles('src/drivers/import/fixtures/real-2.1.273-oracle-session.jsonl');
  await dialog.getByRole('button', { name: 'Replay session' }).click();
  const session = page.getByRole('region', { name: 'Session' });
  const divergence = session.locator('details[aria-label="Divergence from the recording"]');
  await expect(divergence.locator('summary')).toHaveText('8 of 10 calls match the recording (2.1.273)');
  await expect(page.getByText('not compared with a recording')).toHaveCount(0);
  // Folded, in the column's flow: the panes are not covered.
  await expect(divergence).not.toHaveAttribute('open', '');
  expect(await divergence.evaluate((d) => getComputedStyle(d).position)).toBe('static');
  await divergence.locator('summary').click();
  await expect(divergence.locator('li', { hasText: 'differs' })).toHaveCount(2);
});

test('a background command is said at the top of the session column with Stop all (issue 18 #5)', async ({
  page,
}) => {
  const pg = new Playground(page);
  await pg.openBlank();
  await pg.composer.getByLabel('tool', { exact: true }).selectOption('Bash');
  await pg.composer.locator('#field-command').fill('while true; do :; done');
  await pg.composer.locator('#field-run_in_background').selectOption('true');
  await pg.composer.getByRole('button', { name: /^Run/ }).click();
  const prompt = page.getByRole('alertdialog', { name: 'ask Bash wants permission' });
  await expect(prompt.or(page.locator('.calls button'))).toBeVisible();
  if (await prompt.isVisible()) await page.keyboard.press('1');
  const running = page.getByRole('group', { name: 'Running background tasks' });
  await expect(running).toContainText('1 background task runs');
  // In view with the settings open and the column scrolled to its end.
  await page.locator('details.settings-box summary').click();
  await page.locator('.middle').evaluate((m) => m.scrollTo(0, m.scrollHeight));
  await expect(running).toBeInViewport();
  await running.getByRole('button', { name: 'Stop all' }).click();
  await expect(running).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Tasks' }).getByRole('listitem').first().locator('.task-state'),
  ).toHaveText('stopped by you');
});
