// The one-file HTML export (ui/export) and the redaction step of the session import (ui/redact).
import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { Playground, pickMenu } from './pages/playground';
import { goto } from './ready';

const link = (json: unknown) => `/#s1.${Buffer.from(deflateRawSync(Buffer.from(JSON.stringify(json)))).toString('base64url')}`;
// A replay loads the tool layer first: on a loaded machine that takes a while.
test.describe.configure({ timeout: 180_000 });

const HOSTILE = '</script><script>window.pwned = 1; document.title = "pwned"</script><img src=x onerror="window.pwned = 2">\n';

test('a session exported as one HTML file replays offline from file://, fetching nothing', async ({ page, browser }) => {
  const pg = new Playground(page);
  await goto(
    page,
    link({
      id: 'hostile-export',
      files: { 'page.html': HOSTILE },
      turns: [[{ name: 'Read', input: { file_path: '$CWD/page.html' } }], [{ name: 'Glob', input: { pattern: '*.html' } }]],
    }),
  );
  await expect(page.getByRole('heading', { name: 'hostile-export' })).toBeVisible({ timeout: 90_000 });
  await expect(pg.calls).toHaveCount(2);
  // Each model call's one result, as the page shows it.
  const results: string[] = [];
  for (const i of [0, 1]) {
    await pg.selectCall(i);
    results.push((await pg.pane('Tool results').locator('pre.model-text').first().textContent()) ?? '');
  }

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pickMenu(page, 'Export HTML'),
  ]);
  expect(download.suggestedFilename()).toBe('hostile-export.html');
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-export-')), 'hostile-export.html');
  await download.saveAs(file);
  const html = readFileSync(file, 'utf8');

  // The only web address in the file is the link that re-runs the session.
  const rerun = /"link":"(http:\/\/127\.0\.0\.1:\d+\/#s1\.[A-Za-z0-9_-]+)"/.exec(html)?.[1];
  expect(rerun).toBeDefined();
  expect(html.split(rerun as string).join('')).not.toMatch(/https?:/i);
  // Monaco and React are not in it.
  expect(html).not.toMatch(/monaco|react-dom/i);

  const offline = await browser.newContext({ offline: true });
  const requests: string[] = [];
  // Every request but the file itself is refused (and counted).
  await offline.route((url) => url.protocol !== 'file:', (r) => {
    requests.push(r.request().url());
    return r.abort();
  });
  const view = await offline.newPage();
  view.on('request', (r) => requests.push(r.url()));
  await goto(view, pathToFileURL(file).href);
  await expect(view.getByRole('heading', { level: 1 })).toHaveText('hostile-export');
  await expect(view.getByRole('navigation', { name: 'Model calls' }).getByRole('button')).toHaveText([
    'model call 0 · Read',
    'model call 1 · Glob',
  ]);
  // The tool result holding </script> is text, exactly as the model received it.
  const pre = view.getByRole('region', { name: 'Model call 0' }).locator('pre');
  await expect(pre.nth(1)).toHaveText(results[0] as string);
  expect(results[0]).toContain('</script><script>window.pwned = 1;');
  expect(await view.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  expect(await view.title()).toBe('hostile-export · cc-playground');
  await expect(view.locator('img')).toHaveCount(0);
  await expect(view.getByRole('link')).toHaveAttribute('href', rerun as string);
  await view.keyboard.press(']');
  await expect(view.getByRole('region', { name: 'Model call 1' }).locator('pre').nth(1)).toHaveText(results[1] as string);
  expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
  await view.screenshot({ path: `${process.env.UI_SHOTS ?? 'test-results'}/ui-export-offline.png` });
  await offline.close();
});

test('the session import masks secrets it finds, except those unticked, before the session is stored or shared', async ({
  page,
}) => {
  await goto(page, '/');
  await pickMenu(page, 'Import Claude Code session');
  const dialog = page.getByRole('dialog', { name: 'Import a Claude Code session' });
  await dialog.getByLabel('Session transcript').setInputFiles('src/drivers/import/fixtures/real-2.1.273-oracle-session.jsonl');
  await expect(dialog).toContainText('No secrets found by pattern');
  const key = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
  await dialog.getByLabel('Content of README.md').fill(`# demo\nANTHROPIC_API_KEY=${key}\nmail ops@example.org\n`);
  const preview = dialog.getByRole('group', { name: /^Masked before anything is stored or shared/ });
  await expect(preview.locator('li')).toHaveText([
    `Anthropic API key sk-ant-${'*'.repeat(key.length - 7)}… demo⏎ANTHROPIC_API_KEY=sk-ant-${'*'.repeat(key.length - 7)}⏎mail o**@*******.org⏎in files["README.md"]`,
    `e-mail address o**@*******.org…${'*'.repeat(18)}⏎mail o**@*******.org⏎in files["README.md"]`,
  ]);
  await preview.getByRole('checkbox', { name: /e-mail address/ }).uncheck();
  await expect(preview.locator('legend')).toHaveText('Masked before anything is stored or shared (1 of 2)');
  // The person's own paste holds the key; the preview shows it only masked.
  await expect(preview).not.toContainText(key);
  await dialog.getByRole('button', { name: 'Replay session' }).click();
  await expect(page.getByRole('tablist', { name: 'Model calls' }).getByRole('tab').first()).toBeVisible({ timeout: 90_000 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pickMenu(page, 'Export scenario'),
  ]);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { files: Record<string, unknown> };
  expect(saved.files['README.md']).toBe(`# demo\nANTHROPIC_API_KEY=sk-ant-${'*'.repeat(key.length - 7)}\nmail ops@example.org\n`);
});
