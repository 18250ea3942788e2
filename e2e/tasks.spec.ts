import { expect, test, type Page } from '@playwright/test';
import { Playground, pickMenu } from './pages/playground';

/** Composes one Bash call with run_in_background and answers its prompt (default mode). */
async function background(page: Page, pg: Playground, command: string): Promise<void> {
  await pg.composer.getByLabel('tool', { exact: true }).selectOption('Bash');
  await pg.composer.locator('#field-command').fill(command);
  await pg.composer.locator('#field-run_in_background').selectOption('true');
  await pg.composer.getByRole('button', { name: /^Run/ }).click();
  const prompt = page.getByRole('alertdialog', { name: 'ask Bash wants permission' });
  await expect(prompt.or(page.locator('.calls button'))).toBeVisible();
  if (await prompt.isVisible()) await page.keyboard.press('1');
  await expect(page.getByRole('status').filter({ hasText: /^Running / })).toHaveCount(0);
}

const tasks = (page: Page) => page.getByRole('region', { name: 'Tasks' });
const row = (page: Page, n: number) => tasks(page).getByRole('listitem').nth(n);

test('a background Bash task is listed in the Tasks panel with its output, and Stop ends it', async ({
  page,
}) => {
  const pg = new Playground(page);
  await pg.openBlank();
  await expect(tasks(page).getByRole('heading')).toHaveText('Tasks 0 running');
  await background(page, pg, 'echo started; sleep 30; echo never');
  await expect(pg.pane('Tool results').locator('pre.model-text')).toContainText([
    'Command running in background with ID: b00000001.',
  ]);
  await expect(row(page, 0).locator('.task-state')).toHaveText('running');
  await expect(row(page, 0).locator('.task-what')).toHaveText('echo started; sleep 30; echo never');
  await expect(row(page, 0).locator('pre')).toHaveText('started\n');
  await pg.shot('tasks-running');
  await row(page, 0).getByRole('button', { name: 'Stop b00000001' }).click();
  await expect(row(page, 0).locator('.task-state')).toHaveText('stopped by you');
  await expect(row(page, 0).getByRole('button')).toHaveCount(0);
  await expect(row(page, 0).locator('pre')).toHaveText('started\n\n[killed]\n');
  await expect(tasks(page).getByRole('heading')).toHaveText('Tasks 0 running');
});

test('a runaway background loop is listed and stopped from the Tasks panel; the page stays responsive', async ({
  page,
}) => {
  const pg = new Playground(page);
  await pg.openBlank();
  await background(page, pg, 'echo spin; while true; do :; done');
  await expect(row(page, 0).locator('.task-state')).toHaveText('running');
  await expect(row(page, 0).locator('pre')).toHaveText('spin\n');
  // The loop runs in a shell worker (its output above says it started): the page still answers
  // while it spins.
  await pg.compose('Bash', { command: 'echo alive' });
  const prompt = page.getByRole('alertdialog', { name: 'ask Bash wants permission' });
  if (await prompt.isVisible()) await page.keyboard.press('1');
  await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText(['alive']);
  await pg.shot('tasks-runaway');
  await page.setViewportSize({ width: 390, height: 844 });
  await tasks(page).scrollIntoViewIfNeeded();
  await pg.shot('tasks-runaway-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  const pressed = Date.now();
  await row(page, 0).getByRole('button', { name: 'Stop b00000001' }).click();
  // The worker does not hear an abort while it spins: it is ended a second later.
  await expect(row(page, 0).locator('.task-state')).toHaveText('stopped by you', { timeout: 5000 });
  await expect(row(page, 0).locator('pre')).toHaveText('spin\n\n[killed]\n');
  test.info().annotations.push({ type: 'stopped after', description: `${Date.now() - pressed} ms` });
  await pg.shot('tasks-stopped');
});

test('leaving a session stops its background tasks', async ({ page }) => {
  const pg = new Playground(page);
  await pg.openBlank();
  await background(page, pg, 'while true; do :; done');
  await expect(row(page, 0).locator('.task-state')).toHaveText('running');
  await pickMenu(page, 'Blank workspace');
  await expect(pg.calls).toHaveCount(0);
  await expect(tasks(page).getByRole('heading')).toHaveText('Tasks 0 running');
  await expect(tasks(page).getByRole('listitem')).toHaveCount(0);
});
