import { expect, test } from '@playwright/test';
import { goto } from './ready';

// Each replays a recorded scenario in the page; a loaded machine needs longer than the default.
test.describe.configure({ timeout: 240_000 });

test('a WebFetch of a scripted page: the page the small model read and the answer the model got', async ({ page }) => {
  await goto(page, '/?scenario=web-answer-scripted');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible({ timeout: 180_000 });
  const result = page.getByRole('region', { name: 'Tool results' }).getByRole('article', { name: 'WebFetch toolu_oracle_0_0' });
  await expect(result.locator('pre.model-text').first()).toHaveText('The title is "Title".\n\nIt says hello.');
  const fetched = result.getByLabel('Fetched page');
  await expect(fetched.locator('.people-head')).toHaveText('https://example.com/a: 200 OK, 253 bytes');
  // The scenario's HTML as the Markdown the small model was given: title, headings, list, code.
  await expect(fetched.locator('pre')).toHaveText(
    'Doc\n\nTitle\n=====\n\nHello **world** and _you_.\n\nList\n----\n\n*   one\n*   two [link](/x)\n\n    let a = 1;\n    \n\n* * *\n\nc',
  );
  await page.screenshot({ path: 'test-results/web-fetch.png' });
});

test('ReportFindings: the findings listed by file and line', async ({ page }) => {
  await goto(page, '/?scenario=tools-findings-results');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible({ timeout: 180_000 });
  const results = page.getByRole('region', { name: 'Tool results' });
  const two = results.getByRole('article', { name: 'ReportFindings toolu_oracle_0_12' });
  await expect(two.locator('pre.model-text').first()).toHaveText('2 findings reported.');
  await expect(two.locator('.people-head')).toHaveText('2 findings, review level max');
  const items = two.getByRole('list', { name: 'Findings' }).locator('li');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveText('a.ts:1 sFails when: f');
  await expect(items.nth(1)).toHaveText('b/c.py:7 efficiency sstwo\nlinesFails when: g');
  const none = results.getByRole('article', { name: 'ReportFindings toolu_oracle_0_0' });
  await expect(none.locator('pre.model-text').first()).toHaveText('No findings reported.');
  await expect(none.getByRole('list', { name: 'Findings' })).toHaveCount(0);
  await two.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/report-findings.png' });
});
