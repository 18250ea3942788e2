import { expect, test } from '@playwright/test';
import { goto } from './ready';

test('replays a gallery scenario and shows the exact result text in the four panes', async ({ page }) => {
  await goto(page, '/');
  await page
    .getByRole('navigation', { name: 'Gallery' })
    .locator('summary', { hasText: /^edit / })
    .click();
  await page.getByRole('button', { name: 'edit-curly-in-old-string' }).click();
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Model calls' }).getByRole('tab');
  await expect(tabs).toHaveCount(2);
  const results = page.getByRole('region', { name: 'Tool results' });
  await expect(results.locator('pre.model-text').first()).toHaveText("1\tIt's here\n2\t");
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(results.locator('pre.model-text').first()).toHaveText(
    'The file /workspace/project/q.txt has been updated successfully. (file state is current in your context — no need to Read it back)',
  );
  await expect(page.getByRole('region', { name: 'Read ledger' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('tool_use toolu_oracle_1_0');
  await expect(page.getByRole('region', { name: 'Permission decisions' })).toContainText('Edit');
  await page.screenshot({ path: 'test-results/replay.png' });
});

test('Read renders PDF pages in the page (pdf.js with its worker under cross-origin isolation)', async ({
  page,
}) => {
  await goto(page, '/?scenario=read-pdf-pages');
  const results = page.getByRole('region', { name: 'Tool results' });
  await expect(results.locator('pre.model-text').first()).toHaveText(
    'PDF pages extracted: 2 page(s) from /workspace/project/doc.pdf (1.1KB)',
    { timeout: 30_000 },
  );
  await expect(results.getByText('[image block: image/jpeg', { exact: false })).toHaveCount(2);
});
