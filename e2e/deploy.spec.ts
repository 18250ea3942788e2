// A static build under a sub-path (GitHub Pages: https://<owner>.github.io/cc-playground/),
// served by a plain static server that sends no COOP/COEP headers, opens a share link made by
// the page at the root; the service worker then makes the page cross-origin isolated.
// The build (CCP_BASE=/cc-playground/ into dist-sub/) is made here when dist-sub/ is missing;
// CCP_SUB_REBUILD=1 makes it again.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { Playground, pickMenu } from './pages/playground';
import { goto } from './ready';

const BASE = '/cc-playground/';
const DIST = 'dist-sub';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

let server: Server;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(900_000);
  if (!existsSync(join(DIST, 'index.html')) || process.env.CCP_SUB_REBUILD)
    execFileSync('npx', ['vite', 'build', '--outDir', DIST], {
      env: { ...process.env, CCP_BASE: BASE },
      stdio: 'inherit',
      timeout: 900_000,
    });
  // The plainest static host: files by path, no special headers.
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(BASE)) {
      res.writeHead(404).end();
      return;
    }
    let file = normalize(join(DIST, path.slice(BASE.length)));
    if (!file.startsWith(DIST)) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((ok) => server?.close(ok));
});

test('a share link made at the root opens on a sub-path build served statically', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-crlf-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  await pg.selectCall(1);
  const results = await pg.pane('Tool results').locator('pre.model-text').allTextContents();
  await pickMenu(page, 'Copy link');
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  const root = new URL(url);
  expect(root.pathname).toBe('/');

  const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await fresh.newPage();
  await goto(other, `${origin}${BASE}${root.hash}`);
  await expect(other.getByRole('heading', { name: 'edit-crlf-file' })).toBeVisible();
  const there = new Playground(other);
  await there.selectCall(1);
  await expect(there.pane('Tool results').locator('pre.model-text')).toHaveText(results);
  // Links made there start with the sub-path.
  await pickMenu(other, 'Copy link');
  expect(await other.getByRole('textbox', { name: 'Share link' }).inputValue()).toMatch(
    new RegExp(`^${origin.replace(/[.]/g, '\\.')}/cc-playground/#s1\\.`),
  );

  // No headers from the host: the service worker adds them, and from the next load on the page
  // is cross-origin isolated (what the WebContainer option needs).
  expect(await other.evaluate(() => crossOriginIsolated)).toBe(false);
  await other.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await goto(other, `${origin}${BASE}`);
  expect(await other.evaluate(() => crossOriginIsolated)).toBe(true);
  await expect(other.getByRole('navigation', { name: 'Gallery' })).toBeVisible();
  await fresh.close();
});
