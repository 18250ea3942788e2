// `npm run bench -- dev`: the dev server's cold start. From createServer, with a fresh
// optimizeDeps cache of its own (a temporary cacheDir, removed after: node_modules/.vite, which
// other work trees may share, is left alone), to a first visit's lesson card visible in Chromium, the first pane
// of a model call (recorded or replayed), and the page ready (the lesson's replay landed)
// (reference: 5 s to the lesson card). CCP_DEV_PORT: another port.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.CCP_DEV_PORT ?? 5179);
// Inside the work tree: the pre-bundled deps import the polyfill shims by bare name, resolved
// from where the cache lies.
const cacheDir = mkdtempSync(join(root, '.ccp-dev-cache-'));
const t0 = performance.now();
const server = await createServer({
  root,
  configFile: join(root, 'vite.config.ts'),
  cacheDir,
  server: { port, strictPort: true, host: '127.0.0.1' },
  logLevel: 'error',
});
await server.listen();
const listening = performance.now() - t0;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
// Requests before the card: each module the dev server transforms on the way costs on a cold start.
let requests = 0;
page.on('request', () => requests++);
await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'commit', timeout: 120_000 });
await page.getByRole('region', { name: 'Lesson' }).waitFor({ timeout: 120_000 });
const card = performance.now() - t0;
const cardRequests = requests;
// The first pane of a model call: the recording (main[data-view="recorded"]) or the replay.
await page.locator('main#panes section.pane').first().waitFor({ timeout: 180_000 });
const recorded = performance.now() - t0;
await page.locator('html[data-ready="1"]').waitFor({ state: 'attached', timeout: 180_000 });
const ready = performance.now() - t0;
const panes = await page.getByRole('region', { name: 'Tool results', exact: true }).count();
console.log(
  `dev cold start (fresh deps cache): listening ${listening.toFixed(0)} ms, lesson card ${card.toFixed(0)} ms (${cardRequests} requests), first panes ${recorded.toFixed(0)} ms, ready (replayed) ${ready.toFixed(0)} ms, replayed Tool results panes ${panes}; load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
await browser.close();
await server.close();
rmSync(cacheDir, { recursive: true, force: true });
