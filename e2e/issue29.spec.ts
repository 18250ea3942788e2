// Issue 29's defects, each at the width where it appeared (1280 px unless said): a link in the
// address wins over the first-visit lesson (#1), a damaged link leaves the address once a
// scenario is chosen, and the smaller ones (#9).
import { expect, test, type Page } from '@playwright/test';
import { deflateRawSync } from 'node:zlib';
import { pickMenu, Playground } from './pages/playground';
import { goto, reload } from './ready';

const link = (json: unknown) =>
  `/#s1.${Buffer.from(deflateRawSync(Buffer.from(JSON.stringify(json)))).toString('base64url')}`;
const lesson = (page: Page) => page.getByRole('region', { name: 'Lesson' });

test.describe('a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a link put in the address while the first-run lesson is open opens the link (#1)', async ({
    page,
  }) => {
    await goto(page, '/');
    await expect(page.getByRole('heading', { name: 'agent-ledger-sub-read-edit' })).toBeVisible();
    await expect(lesson(page)).toBeVisible();
    // Pasted into the address: a new search and fragment, so the page loads again.
    await goto(
      page,
      link({
        id: 'pasted-link',
        files: { 'a.txt': 'a\n' },
        turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
      }),
    );
    await expect(page.getByRole('heading', { level: 2, name: 'pasted-link' })).toBeVisible();
    await expect(lesson(page)).toHaveCount(0);
    await expect(new Playground(page).pane('Tool results').locator('pre.model-text')).toHaveText([
      '1\ta\n2\t',
    ]);
  });
});

test('a damaged link leaves the address once a scenario is chosen, so a reload does not show it again (#9)', async ({
  page,
}) => {
  await goto(page, '/#s1.@@@@');
  await expect(page.getByRole('alert', { name: 'Link error' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Gallery' })
    .locator('summary', { hasText: /^edit / })
    .click();
  await page.getByRole('button', { name: 'edit-crlf-file', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'edit-crlf-file' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  await reload(page);
  await expect(page.getByRole('heading', { name: 'edit-crlf-file' })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Link error' })).toHaveCount(0);
});

test('Enter in the gallery filter opens the first match (#9)', async ({ page }) => {
  await goto(page, '/');
  const filter = page.getByRole('searchbox', { name: 'Filter scenarios' });
  await filter.fill('read-image-png');
  await filter.press('Enter');
  // The first match in the gallery's order (by id), explained with its article (#9: "an image/png").
  await expect(page.getByRole('heading', { level: 2, name: 'read-image-png' })).toBeVisible();
  await expect(new Playground(page).pane('Tool results').locator('p.explain').first()).toHaveText(
    'The file is an image/png image (by its magic number, not its extension) within the size limits and of at most 512,000 bytes, sent unchanged as an image block.',
  );
});

test('the composer starts on a tool the session offers, and the Live model field on the session’s model (#9)', async ({
  page,
}) => {
  const pg = new Playground(page);
  await pg.openBlank();
  // The blank session offers the file tools: the composer starts on the first of them, not on
  // the first tool the release defines (Agent, not offered).
  await expect(pg.composer.getByLabel('tool', { exact: true })).toHaveValue('Bash');
  await pg.applySettings({ model: 'claude-sonnet-4-5' });
  await page.getByRole('tablist', { name: 'Driver' }).getByRole('tab', { name: 'Live' }).click();
  const live = page.getByRole('region', { name: 'Live model' });
  await expect(live.getByRole('textbox', { name: 'Model' })).toHaveValue('claude-sonnet-4-5');
  // A new session on the default model: the kept panel follows it.
  await pickMenu(page, 'Live model');
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(live.getByRole('textbox', { name: 'Model' })).toHaveValue('claude-opus-5');
});

for (const scheme of ['light', 'dark'] as const)
  test(`the "Opened from a shared link" line reads at 7:1 (${scheme}) (#9)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await goto(page, link({ id: 'shared', title: 'A shared scenario', turns: [] }));
    const note = page
      .getByRole('complementary', { name: 'Opened link' })
      .getByText('Opened from a shared link.');
    await expect(note).toBeVisible();
    const ratio = await note.evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      const card = el.closest('.share-card') as Element;
      const fg = lum(rgb(getComputedStyle(el).color));
      const bg = lum(rgb(getComputedStyle(card).backgroundColor));
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(7);
  });
