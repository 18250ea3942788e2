// Layout (ui/layout): keyboard-resizable columns kept across a reload, the copy button on each
// exact result, and the dark theme the system setting picks (axe gate included).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Playground } from './pages/playground';
import { goto, reload } from './ready';

// Monaco and axe take a while on a loaded machine.
test.describe.configure({ timeout: 240_000 });

async function serious(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

const shots = process.env.UI_SHOTS ?? 'test-results';

test('the columns resize from the keyboard, and the sizes survive a reload', async ({ page }) => {
  await goto(page, '/', { waitUntil: 'domcontentloaded' });
  const side = page.getByRole('separator', { name: 'Resize the side column' });
  const middle = page.getByRole('separator', { name: 'Resize the session column' });
  await expect(side).toHaveAttribute('aria-valuenow', '300');
  await expect(middle).toHaveAttribute('aria-valuenow', '330');
  await side.focus();
  await page.keyboard.press('ArrowRight');
  await expect(side).toHaveAttribute('aria-valuenow', '316');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(side).toHaveAttribute('aria-valuenow', '252');
  await page.keyboard.press('Home');
  await expect(side).toHaveAttribute('aria-valuenow', '180');
  await middle.focus();
  await page.keyboard.press('End');
  await expect(middle).toHaveAttribute('aria-valuenow', '760');
  expect(Math.round((await page.locator('aside.side').boundingBox())?.width ?? 0)).toBe(180);
  expect(Math.round((await page.locator('section.middle').boundingBox())?.width ?? 0)).toBe(760);
  await reload(page, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('separator', { name: 'Resize the side column' })).toHaveAttribute('aria-valuenow', '180');
  await expect(page.getByRole('separator', { name: 'Resize the session column' })).toHaveAttribute('aria-valuenow', '760');
});

test('Copy puts a result’s exact text on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-crlf-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const results = pg.pane('Tool results');
  // Whitespace made visible on the page is not what is copied.
  await results.getByRole('button', { name: 'show whitespace' }).click();
  const article = results.locator('article').first();
  const id = (await article.getAttribute('aria-label'))?.split(' ')[1] ?? '';
  await article.getByRole('button', { name: `Copy the exact result of ${id}` }).click();
  await expect(article.getByRole('button', { name: `Copy the exact result of ${id}` })).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await results.getByRole('button', { name: 'show whitespace' }).click();
  const exact = await article.locator('pre.model-text').first().evaluate((e) => e.textContent);
  expect(copied).toBe(exact);
  expect(copied.length).toBeGreaterThan(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} colour scheme`, () => {
    test.use({ colorScheme: scheme });

    test('a scenario on an Edit with its diff passes axe; Monaco follows the scheme', async ({ page }) => {
      const pg = new Playground(page);
      await pg.openScenario('edit', 'edit-crlf-file');
      await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
      await pg.selectCall(1);
      const diff = page.locator('.monaco-diff-editor').first();
      await expect(diff).toBeVisible({ timeout: 60_000 });
      // Monaco names its theme on each inner editor.
      await expect(diff.locator('.monaco-editor:not(.gutter)').first()).toHaveClass(scheme === 'dark' ? /(^|\s)vs-dark(\s|$)/ : /(^|\s)vs(\s|$)/);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        scheme === 'dark' ? 'rgb(11, 18, 32)' : 'rgb(248, 250, 252)',
      );
      await page.screenshot({ path: `${shots}/ui-layout-desktop-${scheme}.png` });
      expect(await serious(page)).toEqual([]);
    });

    test('settings open and the files shown pass axe', async ({ page }) => {
      const pg = new Playground(page);
      await pg.openScenario('edit', 'edit-crlf-file');
      await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
      await page.locator('details.settings-box summary').click();
      await pg.showFiles();
      expect(await serious(page)).toEqual([]);
    });

    test('phone width, 390 px, passes axe', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const pg = new Playground(page);
      await pg.openScenario('edit', 'edit-crlf-file');
      await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
      await expect(page.getByRole('separator')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${shots}/ui-layout-390-${scheme}.png`, fullPage: true });
      expect(await serious(page)).toEqual([]);
    });
  });
}
