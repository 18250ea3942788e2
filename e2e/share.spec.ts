import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { Playground, pickMenu } from './pages/playground';
import { goto, reload, saved } from './ready';

const b64url = (b: Buffer) => b.toString('base64url');
const link = (json: unknown) => `/#s1.${b64url(deflateRawSync(Buffer.from(JSON.stringify(json))))}`;

/** Every model call's tool-result texts, tab by tab. */
async function allResults(page: Page): Promise<string[][]> {
  const pg = new Playground(page);
  await expect(pg.calls.first()).toBeVisible();
  const n = await pg.calls.count();
  const out: string[][] = [];
  for (let i = 0; i < n; i++) {
    await pg.selectCall(i);
    out.push(await pg.pane('Tool results').locator('pre.model-text').allTextContents());
  }
  return out;
}

test('a copied link replays the same results in a fresh browser context', async ({ page, browser }) => {
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-crlf-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const recorded = await allResults(page);
  expect(recorded.length).toBeGreaterThan(1);

  await pickMenu(page, 'Copy link');
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#s1\.[A-Za-z0-9_-]+$/);
  expect(url.length).toBeLessThan(2000);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await goto(other, url);
  await expect(other.getByRole('heading', { name: 'edit-crlf-file' })).toBeVisible();
  expect(await allResults(other)).toEqual(recorded);
  // The address keeps the link while the session is as the link made it (it can be copied again).
  expect(new URL(other.url()).hash).toEqual(new URL(url).hash);
  await fresh.close();
});

test('a decompression bomb is refused in under a second and the session stays', async ({ page }) => {
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-curly-in-old-string');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const before = await allResults(page);
  const bomb = `#s1.${b64url(deflateRawSync(Buffer.alloc(150 * 1024 * 1024), { level: 9 }))}`;
  // Timed in the page: from setting the fragment to the message being in the document.
  const ms = await page.evaluate(
    (h) =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        const check = () =>
          document.querySelector('[role="alert"][aria-label="Link error"]')
            ? resolve(performance.now() - t0)
            : requestAnimationFrame(check);
        location.hash = h;
        check();
      }),
    bomb,
  );
  console.log(`bomb refused after ${Math.round(ms)} ms`);
  expect(ms).toBeLessThan(1000);
  const alert = page.getByRole('alert', { name: 'Link error' });
  await expect(alert).toContainText('decompresses to more than 4,194,304 bytes and was refused');
  await expect(page.getByRole('heading', { name: 'edit-curly-in-old-string' })).toBeVisible();
  expect(await allResults(page)).toEqual(before);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
});

test('malformed and truncated links say why on a fresh load', async ({ page }) => {
  await goto(page, '/#s1.not*base64');
  await expect(page.getByRole('alert', { name: 'Link error' })).toContainText(
    'its data contains characters that cannot appear in a scenario link',
  );
  const good = link({
    files: { 'a.txt': 'a\n' },
    turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
  });
  await goto(page, good.slice(0, good.length - 12));
  await expect(page.getByRole('alert', { name: 'Link error' })).toContainText('damaged or cut short');
  await goto(page, link({ turns: [], files: { big: { repeat: 'x', count: 1e12 } } }));
  await expect(page.getByRole('alert', { name: 'Link error' })).toContainText(
    'This link asks for 1,000,000,000,000 bytes of file content; the limit is 67,108,864.',
  );
});

test('nothing from a link is rendered as HTML', async ({ page }) => {
  const html = '<img src=x onerror="window.__pwned=1"><b>bold</b>\n';
  await goto(
    page,
    link({
      id: 'html-in-file',
      title: '<script>window.__pwned=2</script>',
      files: { 'x.html': html },
      turns: [[{ name: 'Read', input: { file_path: '$CWD/x.html' } }]],
    }),
  );
  const pg = new Playground(page);
  await expect(pg.pane('Tool results').locator('pre.model-text').first()).toHaveText(`1\t${html}2\t`);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('main img, .share-layer img')).toHaveCount(0);
});

test('a reload brings the session back from IndexedDB', async ({ page }) => {
  const scen = {
    id: 'persisted',
    files: { 'bin.dat': { base64: 'AAEC/w==' }, 'bom.txt': '\ufeffbom\r\nline\r\n' },
    turns: [
      [{ name: 'Read', input: { file_path: '$CWD/bom.txt' } }],
      [{ name: 'Bash', input: { command: 'od -An -tx1 bin.dat' } }],
    ],
  };
  await goto(page, link(scen));
  await expect(page.getByRole('heading', { name: 'persisted' })).toBeVisible();
  const before = await allResults(page);
  // The address keeps the link; the page without it opens the saved session.
  expect(new URL(page.url()).hash).toEqual(link(scen).slice(1));
  await saved(page, 'persisted', 2);
  await goto(page, '/');
  await expect(page.getByRole('heading', { name: 'persisted' })).toBeVisible();
  expect(await allResults(page)).toEqual(before);
  await pickMenu(page, 'Export scenario');
});

/** Replaces a.txt's text in the editor and saves it as an outside edit. */
async function editOutside(pg: Playground, text: string): Promise<void> {
  await pg.showFiles();
  await pg.workspace.getByRole('button', { name: 'project/a.txt' }).click();
  const editor = pg.workspace.getByTestId('code-editor').locator('.monaco-editor');
  await expect(editor).toBeVisible();
  await editor.locator('.view-lines').click();
  await pg.page.keyboard.press('ControlOrMeta+a');
  await pg.page.keyboard.insertText(text);
  await pg.workspace.getByRole('button', { name: 'Save as an outside edit' }).click();
  await expect(pg.workspace).toContainText('now: outside edits after model call 0');
}

/** Reads a.txt again in a new model call: its transcript and read ledger. An unchanged file
 * would get the "unchanged since last read" stub; an edited one (mtime moved) its new text. */
async function rereadA(pg: Playground): Promise<string[]> {
  await pg.compose('Read', { file_path: '/workspace/project/a.txt' });
  await expect(pg.calls).toHaveCount(2);
  await expect(pg.calls.nth(1)).toHaveAttribute('aria-selected', 'true');
  return [await pg.pane('Transcript').innerText(), await pg.pane('Read ledger').innerText()];
}

test('an outside edit with no model call after it survives a reload', async ({ page, browser }) => {
  const scen = {
    id: 'outside-edit',
    files: { 'a.txt': 'one\n', 'b.txt': 'bee\n' },
    turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
  };
  // What the session shows when the next model call follows the edit without a reload.
  const fresh = await browser.newPage();
  await goto(fresh, link(scen));
  const ref = new Playground(fresh);
  await expect(ref.calls).toHaveCount(1);
  await editOutside(ref, 'two\n');
  const expected = await rereadA(ref);
  await expect(ref.pane('Tool results').locator('pre.model-text').first()).toHaveText('1\ttwo\n2\t');
  await fresh.close();

  const pg = new Playground(page);
  await goto(page, link(scen));
  await expect(pg.calls).toHaveCount(1);
  await editOutside(pg, 'two\n');
  await saved(page, 'outside-edit', 1, 1);
  await reload(page);
  await expect(page.getByRole('heading', { name: 'outside-edit' })).toBeVisible();
  await expect(pg.calls).toHaveCount(1);
  await pg.showFiles();
  await expect(pg.workspace).toContainText('now: outside edits after model call 0');
  await expect(pg.workspace.locator('.mark.modified')).toHaveText('M');
  await pg.workspace.getByRole('button', { name: 'project/a.txt' }).click();
  await expect(pg.workspace.getByTestId('diff-editor')).toContainText('two');
  expect(await rereadA(pg)).toEqual(expected);
});

test('Copy as GitHub issue writes the calls, expected vs actual and the link', async ({ page }) => {
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-crlf-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  await pickMenu(page, 'Copy as GitHub issue');
  const md = await page.getByRole('textbox', { name: 'GitHub issue markdown' }).inputValue();
  expect(md.split('\n')[0]).toEqual('## LF old\\_string on a CRLF file; line endings kept.');
  expect(md).toContain('Behaviour version: Claude Code **2.1.273**');
  expect(md).toMatch(/\nReplay it: http:\/\/127\.0\.0\.1:\d+\/#s1\.[A-Za-z0-9_-]+\n/);
  expect(md).toContain('2 of 2 calls match Claude Code 2.1.273.');
});

test('an exported scenario file imports back to the same session', async ({ page }) => {
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-crlf-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const before = await allResults(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pickMenu(page, 'Export scenario'),
  ]);
  expect(download.suggestedFilename()).toEqual('edit-crlf-file.scenario.json');
  const text = readFileSync(await download.path(), 'utf8');
  // The file carries what a link carries: format, behaviour version and model.
  const recorded = JSON.parse(readFileSync('conformance/scenarios/edit-crlf-file.json', 'utf8')) as {
    model?: string;
  };
  expect(JSON.parse(text)).toEqual({
    format: 'cc-playground/scenario@1',
    version: '2.1.273',
    model: recorded.model ?? 'claude-opus-5[1m]',
    ...recorded,
  });
  await goto(page, '/');
  await page
    .getByLabel('Scenario file')
    .setInputFiles({ name: 'bug.scenario.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByRole('heading', { name: 'edit-crlf-file' })).toBeVisible();
  expect(await allResults(page)).toEqual(before);
});

test('a Claude Code session transcript replays and shows where it diverges', async ({ page }) => {
  await goto(page, '/');
  await pickMenu(page, 'Import Claude Code session');
  const dialog = page.getByRole('dialog', { name: 'Import a Claude Code session' });
  await dialog
    .getByLabel('Session transcript')
    .setInputFiles('src/drivers/import/fixtures/real-2.1.273-oracle-session.jsonl');
  await expect(dialog).toContainText(
    '10 tool calls in 6 model calls, recorded with Claude Code 2.1.273 (claude-opus-5[1m])',
  );
  await expect(dialog.locator('textarea')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Replay session' }).click();
  const divergence = page.locator('details[aria-label="Divergence from the recording"]');
  await expect(divergence.locator('summary')).toHaveText('8 of 10 calls match the recording (2.1.273)');

  await pickMenu(page, 'Import Claude Code session');
  await dialog
    .getByLabel('Session transcript')
    .setInputFiles('src/drivers/import/fixtures/real-2.1.273-oracle-session.jsonl');
  // Picked from disk, CRLF and all, as the session's file was.
  await dialog.getByLabel('File for notes.txt').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('line one\r\nline two\r\n'),
  });
  await expect(dialog).toContainText('picked (text)');
  await dialog.getByLabel('Content of README.md').fill('# demo\n');
  await dialog.getByRole('button', { name: 'Replay session' }).click();
  await expect(divergence.locator('summary')).toHaveText('10 of 10 calls match the recording (2.1.273)');
});

test('a link over 2,000 characters says so and offers the file instead', async ({ page }) => {
  // Random bytes do not compress: about 2,700 characters of link.
  const noise = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 2654435761) >>> 24));
  await goto(
    page,
    link({
      id: 'long-link',
      files: { 'noise.bin': { base64: noise.toString('base64') } },
      turns: [[{ name: 'Glob', input: { pattern: '*' } }]],
    }),
  );
  await expect(page.getByRole('heading', { name: 'long-link' })).toBeVisible();
  await pickMenu(page, 'Copy link');
  const status = page.getByRole('status', { name: 'Share' });
  await expect(status).toContainText(
    /^This link is [\d,]+ characters, over the 2,000 that paste safely into issues and chats\. Share the scenario file instead\./,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    status.getByRole('button', { name: 'Export scenario file' }).click(),
  ]);
  expect(download.suggestedFilename()).toEqual('long-link.scenario.json');
});
