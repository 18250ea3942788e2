// Issue 18: versions side by side (the same calls under 2.1.273 and 2.1.332, the differences
// marked, n / p between them, stacked at phone width) and fork from here (a branch up to a model
// call, its next call edited and run, the original a click away, a link that reproduces the fork).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { menuButton, Playground, pickMenu } from './pages/playground';
import { goto, saved } from './ready';

test.describe.configure({ timeout: 150_000 });
const shots = process.env.UI_SHOTS ?? 'test-results';

async function serious(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

const EMPTY = '<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>';
const WASTED = 'Wasted call — file unchanged since your last Read. Refer to that earlier tool_result instead.';

test('versions side by side: both recordings matched, the one difference marked and reached by keyboard', async ({
  page,
}) => {
  const pg = new Playground(page);
  await pg.openScenario('read', 'read-repeat-empty-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  await pickMenu(page, 'Versions side by side');
  const dialog = page.getByRole('dialog', { name: 'Versions side by side: read-repeat-empty-file' });
  await expect(dialog.locator('.vs-count')).toHaveText('1 difference');
  await expect(dialog.locator('.vs-side-head')).toHaveText([
    'Claude Code 2.1.273 model claude-opus-5[1m] (this release’s default: the scenario names no model) matches its recording',
    'Claude Code 2.1.332 model claude-opus-5-5 (this release’s default: the scenario names no model) matches its recording',
  ]);
  const same = dialog.getByRole('region', { name: 'model call 0, tool call 0: same' });
  await expect(same.locator('pre')).toHaveText([EMPTY, EMPTY]);
  const differs = dialog.getByRole('region', { name: 'model call 1, tool call 0: differs' });
  // 2.1.273's repeat-read guard stops the call before the permission check; 2.1.332 reads again.
  await expect(differs.locator('.vs-row-head')).toHaveText(
    'differs: exact text, permission decision (the texts share little: each marked whole)',
  );
  await expect(differs.locator('.vs-cell-head')).toHaveText([
    '2.1.273 Read toolu_oracle_1_0 decision: stopped by the tool’s own checks before the permission check',
    '2.1.332 Read toolu_oracle_1_0 decision: allow',
  ]);
  await expect(differs.locator('pre')).toHaveText([WASTED, EMPTY]);
  await expect(differs.locator('pre del')).toHaveText([WASTED]);
  await expect(differs.locator('pre ins')).toHaveText([EMPTY]);

  await page.keyboard.press('n');
  await expect(differs).toBeFocused();
  await expect(dialog.locator('.vs-count')).toHaveText('1 difference · at 1 of 1');
  await page.keyboard.press('p');
  await expect(differs).toBeFocused();
  // The page's own keys stay quiet under the view: ] does not move the model call behind it.
  await page.keyboard.press(']');
  await expect(pg.calls.nth(0)).toHaveAttribute('aria-selected', 'true');
  expect(await serious(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/versions-1280.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  const [left, right] = [differs.locator('.vs-cell').first(), differs.locator('.vs-cell').nth(1)];
  const a = await left.boundingBox();
  const b = await right.boundingBox();
  expect(a && b && b.y >= a.y + a.height - 1 && b.width > 300).toBe(true);
  await expect(right.locator('.vs-version')).toBeVisible();
  await page.screenshot({ path: `${shots}/versions-390.png` });
  expect(await serious(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Focus is back where the dialog was opened from: the View menu's button.
  await expect(menuButton(page, 'View')).toBeFocused();
});

test('fork from here: a branch up to a call, its next call edited and run, the original kept, a link that reproduces it', async ({
  page,
  browser,
}) => {
  const pg = new Playground(page);
  await pg.openScenario('read', 'read-repeat-empty-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  await pg.selectCall(0);
  // By keyboard: the button is in the Transcript's head.
  await pg.pane('Transcript').getByRole('button', { name: 'Fork from here' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'read-repeat-empty-file · fork 1' })).toBeVisible();
  await expect(pg.calls).toHaveCount(1);
  await expect(pg.calls.nth(0)).toHaveAttribute('aria-selected', 'true');
  const branches = page.getByRole('navigation', { name: 'Branches' });
  await expect(branches.getByRole('button')).toHaveText(['original', 'fork 1: original up to model call 0']);
  await expect(branches.getByRole('button', { name: /^fork 1/ })).toHaveAttribute('aria-current', 'true');
  // The next call waits in the composer, as it ran.
  await expect(pg.composer.getByLabel('tool', { exact: true })).toHaveValue('Read');
  const path = pg.composer.locator('#field-file_path');
  const cwd = ((await pg.composer.locator('.hint').textContent()) ?? '').replace('Paths: the project is ', '');
  await expect(path).toHaveValue(`${cwd}/e.txt`);
  // The workspace is as it was after model call 0 (the file and the ledger's entry).
  await expect(pg.pane('Read ledger')).toContainText('e.txt');

  await path.fill(`${cwd}/zzz.md`);
  await pg.composer.getByRole('button', { name: 'Run as one model call' }).click();
  await expect(pg.calls).toHaveCount(2);
  const missing = `File does not exist. Note: your current working directory is ${cwd}.`;
  await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText([missing]);
  expect(await serious(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/fork-1280.png` });

  // The original stays: opened again from the gallery, compared with its recording.
  await branches.getByRole('button', { name: 'original', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'read-repeat-empty-file', exact: true })).toBeVisible();
  await expect(pg.calls).toHaveCount(2);
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  await pg.selectCall(1);
  await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText([WASTED]);
  // And the fork as it grew.
  await branches.getByRole('button', { name: /^fork 1/ }).click();
  await expect(page.getByRole('heading', { name: 'read-repeat-empty-file · fork 1' })).toBeVisible();
  await expect(pg.calls).toHaveCount(2);
  await pg.selectCall(1);
  await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText([missing]);

  // A reload keeps the branch list (this tab's sessionStorage) and reopens the fork as it grew.
  await saved(page, 'read-repeat-empty-file · fork 1', 2);
  await goto(page, '/');
  await expect(page.getByRole('heading', { name: 'read-repeat-empty-file · fork 1' })).toBeVisible();
  await expect(branches.getByRole('button')).toHaveText(['original', 'fork 1: original up to model call 0']);
  await expect(pg.calls).toHaveCount(2);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/fork-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Its link reproduces the fork in a fresh browser.
  await pickMenu(page, 'Copy link');
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await goto(other, url);
  const po = new Playground(other);
  await expect(po.calls).toHaveCount(2);
  await po.selectCall(0);
  await expect(po.pane('Tool results').locator('pre.model-text')).toHaveText([EMPTY]);
  await po.selectCall(1);
  await expect(po.pane('Tool results').locator('pre.model-text')).toHaveText([missing]);
  await fresh.close();
});
