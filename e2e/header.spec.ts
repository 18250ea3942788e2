// The header (issue 29): the name and what it is at every width, the menus with keyboard access,
// the release picker, Start over, skip links, the phone layout and the wide screen.
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { menuButton, pickMenu, Playground } from './pages/playground';
import { goto, reload } from './ready';

const MENUS = ['Session', 'Share', 'Import', 'View', 'Help'];
const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
};

for (const width of [390, 1280, 2560]) {
  test(`at ${width} px the name, what it is, every menu and the release are in view`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await goto(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('cc-playground');
    await expect(page.locator('.tagline')).toBeVisible();
    const toolbar = page.getByRole('toolbar', { name: 'Playground' });
    const controls = [...MENUS.map((m) => menuButton(page, m)), toolbar.getByLabel('Release')];
    for (const c of controls) {
      const b = await c.boundingBox();
      expect(b && b.x >= 0 && b.x + b.width <= width).toBe(true);
    }
    // One row of menus under the name at phone width, all in one row on a wide screen.
    const header = await box(page, 'header.top');
    expect(header.height).toBeLessThan(width === 390 ? 110 : 60);
  });
}

test('the menus in the menu button pattern: Enter, arrows, Escape back to the button', async ({ page }) => {
  await goto(page, '/');
  const share = menuButton(page, 'Share');
  await share.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Share' });
  await expect(menu).toBeVisible();
  // No session: Copy link and the other session actions are off; the first enabled item has focus.
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Copy link',
    'Copy as GitHub issue',
    'Export scenario',
    'Export HTML',
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(share).toBeFocused();

  const importButton = menuButton(page, 'Import');
  await importButton.focus();
  await page.keyboard.press('ArrowDown');
  const items = page.getByRole('menu', { name: 'Import' }).getByRole('menuitem');
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menu', { name: 'Import' }).getByRole('menuitemcheckbox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(importButton).toBeFocused();
  await page.keyboard.press(' ');
  await expect(items.nth(0)).toBeFocused();
  await expect(items.nth(0)).toHaveText('Import scenario');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('menu', { name: 'Import' })).toBeHidden();
});

test('a skip link is the first Tab stop and lands in the session column', async ({ page }) => {
  await goto(page, '/');
  await expect(page.getByRole('navigation', { name: 'Gallery' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the lesson and session' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Session' })).toBeFocused();
  expect(new URL(page.url()).hash).toBe('');
});

test('the release picker re-runs the session under the release picked; Start over leaves it', async ({
  page,
}) => {
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-crlf-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const release = page.getByRole('toolbar', { name: 'Playground' }).getByLabel('Release');
  await expect(release).toHaveValue('2.1.273');
  await release.selectOption('2.1.332');
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(release).toHaveValue('2.1.332');
  await page.locator('details.settings-box summary').click();
  await expect(page.getByRole('region', { name: 'Session settings' }).getByLabel('version')).toHaveValue(
    '2.1.332',
  );

  await pickMenu(page, 'Start over');
  await expect(page.getByRole('heading', { name: 'edit-crlf-file' })).toHaveCount(0);
  await expect(pg.calls).toHaveCount(0);
  await expect(release).toBeDisabled();
  expect(new URL(page.url()).search).toBe('');
  await reload(page);
  await expect(page.getByRole('navigation', { name: 'Gallery' })).toBeVisible();
  await expect(page.getByText('Choose a scenario from the gallery')).toBeVisible();
});

test('the import status does not move the toolbar', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'ccp-header-'));
  writeFileSync(join(dir, 'a.txt'), 'one\n');
  writeFileSync(join(dir, 'b.txt'), 'two\n');
  await goto(page, '/');
  const before = await box(page, 'header.top');
  await page.getByLabel('Import folder').setInputFiles(dir);
  await expect(page.getByRole('status', { name: 'Import result' })).toContainText('Imported 2 files');
  expect(await box(page, 'header.top')).toEqual(before);
});

test('phone width: the panes stacked under the session, the Import items reachable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-crlf-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const middle = await box(page, 'section.middle');
  const panes = await box(page, 'main.panes');
  expect([panes.x, panes.y >= middle.y + middle.height - 1, panes.width <= 390]).toEqual([
    middle.x,
    true,
    true,
  ]);
  await menuButton(page, 'Import').click();
  for (const item of await page.getByRole('menu', { name: 'Import' }).getByRole('menuitem').all()) {
    const b = await item.boundingBox();
    expect(b && b.x >= 0 && b.x + b.width <= 390).toBe(true);
  }
});

test('at 2560 px the panes fill the height', async ({ page }) => {
  await page.setViewportSize({ width: 2560, height: 1300 });
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-crlf-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const header = await box(page, 'header.top');
  const pane = await pg.pane('Transcript').boundingBox();
  expect(pane && pane.y + pane.height).toBeGreaterThan(1300 - header.height - 40);
});

test('phone width: Next in a lesson brings the pane it outlines into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await goto(page, '/');
  await pickMenu(page, 'Uniqueness and replace_all');
  const lesson = page.getByRole('region', { name: 'Lesson' });
  await expect(page.getByRole('heading', { name: 'edit-multiple-no-replace-all' })).toBeVisible();
  await lesson.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'edit-replace-all' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tool results' })).toBeVisible();
  const name = await page.evaluate(() => document.body.dataset.lessonPane ?? '');
  await expect(page.getByRole('region', { name, exact: true })).toBeInViewport();
});
