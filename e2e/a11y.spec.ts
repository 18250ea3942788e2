// axe-core over the page's main states: no serious or critical violation. Each failure lists
// the rule and the elements, so the report says what to fix.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { menuButton, pickMenu, Playground } from './pages/playground';
import { goto } from './ready';

// axe over a whole page takes a while on a loaded machine.
test.describe.configure({ timeout: 150_000 });

/** `within`: only that part of the page (a modal view, whose page behind is inert). */
async function serious(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const r = await (within ? builder.include(within) : builder).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

test.describe('a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('the first-run lesson', async ({ page }) => {
    await goto(page, '/');
    await expect(page.getByRole('region', { name: 'Lesson' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'agent-ledger-sub-read-edit' })).toBeVisible();
    expect(await serious(page)).toEqual([]);
  });
});

// A scenario on an Edit with its diff, and the settings and files open, are checked in both
// schemes by layout.spec.ts.

// Issue 29: the header's menus and the stacked phone layout, light and dark, at three widths.
for (const colorScheme of ['light', 'dark'] as const)
  for (const width of [390, 1280, 2560])
    test(`${width} px, ${colorScheme}: a scenario open, the Share menu open`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      const pg = new Playground(page);
      await pg.openScenario('edit', 'edit-crlf-file');
      await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
      // The menu is no modal: axe with it open checks the page behind it as well.
      await menuButton(page, 'Share').click();
      await expect(page.getByRole('menu', { name: 'Share' })).toBeVisible();
      expect(await serious(page)).toEqual([]);
    });

test('the keyboard help open', async ({ page }) => {
  await goto(page, '/');
  await page.locator('body').press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
});

// Issue 28: "Which releases" and the changelog, at phone and desktop widths, light and dark.
test('which releases and the changelog open, 390 and 1280 px, light and dark', async ({ page }) => {
  test.setTimeout(300_000);
  await goto(page, '/?scenario=write-to-directory');
  await pickMenu(page, 'Which releases', 'View');
  await expect(page.locator('.wr-body')).toHaveAttribute('data-sweep', 'done', { timeout: 0 });
  await page.locator('.wr-all summary').click();
  const views = async (within: string) => {
    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [390, 1280]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        expect(await serious(page, within), `${width} px, ${colorScheme}`).toEqual([]);
      }
  };
  await views('.wr-dialog');
  await page.keyboard.press('Escape');
  await pickMenu(page, 'Changelog of the tool layer', 'View');
  await expect(page.locator('.cl-body')).toHaveAttribute('data-changelog', 'done');
  await views('.cl-dialog');
});
