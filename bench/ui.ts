// `npm run bench -- ui`: builds the app, serves it with `vite preview`, and measures in Chromium
// (Playwright, /usr/bin/chromium or CHROMIUM_PATH):
//  - initial JavaScript: the entry script of dist/index.html and everything it imports
//    statically (what must load before anything paints; import() chunks excluded), gzip -9 sizes
//    (reference: 500 KB);
//  - first pane painted: navigation start to the gallery on screen (first contentful paint too);
//  - a gallery scenario replayed: from the click to the "matches Claude Code" badge, cold (the
//    runtime and backend not loaded yet) and warm; and a URL-opened scenario from navigation
//    start (reference: 1 s each);
//  - first visit (nothing stored: the first-run lesson opens): navigation start to the page's own
//    mark `ccp:first-useful-view` (src/ui/ready.ts: the lesson's recorded result on screen), and
//    the page's `ccp:gallery-click-to-panes` (replayed) and `ccp:gallery-click-to-recorded`
//    measures for the gallery clicks above (reference: 1 s).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const PORT = 4179;
const base = `http://127.0.0.1:${PORT}`;
const SCENARIO = 'edit-curly-in-old-string';
const OTHER = 'read-crlf-file';

if (!process.argv.includes('--no-build')) {
  const b = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const server = spawn(
  'npx',
  ['vite', 'preview', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'],
  { cwd: root, stdio: 'ignore', detached: true },
);
const stop = () => {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
};

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('vite preview did not start');
}

const gz = (urlPath: string) => gzipSync(readFileSync(join(root, 'dist', urlPath)), { level: 9 }).length;
/** The entry scripts of index.html and their static imports, transitively. */
function staticGraph(): string[] {
  const html = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
  const todo = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const seen = new Set<string>();
  while (todo.length) {
    const p = todo.pop() as string;
    if (seen.has(p)) continue;
    seen.add(p);
    const code = readFileSync(join(root, 'dist', p), 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g))
      todo.push(join('/assets', m[1] as string));
  }
  return [...seen].sort();
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const initial = staticGraph();
  const initialGz = initial.reduce((s, p) => s + gz(p), 0);

  // Each round on a fresh page (fresh module cache): the gallery painted, then a click replays
  // one scenario (the runtime preloading since the paint), then another (warm); and a scenario
  // opened by URL from navigation start. The machine is shared: the median of the rounds counts.
  const ROUNDS = 3;
  const rounds: {
    gallery: number;
    cold: number;
    warm: number;
    byUrl: number;
    firstVisit: number;
    clickMark: number;
    recordedMark: number;
  }[] = [];
  const mark = (page: import('@playwright/test').Page, name: string, kind: 'mark' | 'measure') =>
    page.evaluate(
      ([n, k]) => {
        const e = performance.getEntriesByName(n as string, k as string);
        return e.length
          ? k === 'mark'
            ? (e[0] as PerformanceEntry).startTime
            : (e.at(-1) as PerformanceEntry).duration
          : NaN;
      },
      [name, kind],
    );
  for (let r = 0; r < ROUNDS; r++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(base + '/', { waitUntil: 'commit' });
    await page.getByRole('navigation', { name: 'Gallery' }).waitFor();
    const paint = await page.evaluate(() => ({ gallery: performance.now() }));
    const replay = async (id: string, area: string) => {
      const nav = page.getByRole('navigation', { name: 'Gallery' });
      const summary = nav.locator('summary', { hasText: new RegExp(`^${area} `) });
      if (!(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open)))
        await summary.click();
      const t0 = await page.evaluate(() => performance.now());
      await nav.getByRole('button', { name: id, exact: true }).click();
      await page.locator('h2', { hasText: id }).waitFor();
      await page.getByText(/matches Claude Code|differs from Claude Code/).waitFor();
      await page.getByRole('region', { name: 'Tool results' }).waitFor();
      return (await page.evaluate(() => performance.now())) - t0;
    };
    const cold = await replay(SCENARIO, 'edit');
    const warm = await replay(OTHER, 'read');
    await page.locator('html[data-ready="1"]').waitFor({ state: 'attached' });
    const clickMark = await mark(page, 'ccp:gallery-click-to-panes', 'measure');
    const recordedMark = await mark(page, 'ccp:gallery-click-to-recorded', 'measure');
    await page.close();

    // A first visit: a context with nothing stored, so the first-run lesson opens.
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const first = await ctx.newPage();
    await first.goto(base + '/', { waitUntil: 'commit' });
    await first.locator('html[data-ready="1"]').waitFor({ state: 'attached', timeout: 60_000 });
    const firstVisit = await mark(first, 'ccp:first-useful-view', 'mark');
    await ctx.close();

    const fresh = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh.goto(`${base}/?scenario=${SCENARIO}`, { waitUntil: 'commit' });
    await fresh.getByText(/matches Claude Code|differs from Claude Code/).waitFor();
    await fresh.getByRole('region', { name: 'Tool results' }).waitFor();
    const byUrl = await fresh.evaluate(() => performance.now());
    await fresh.close();
    rounds.push({ ...paint, cold, warm, byUrl, firstVisit, clickMark, recordedMark });
  }
  await browser.close();
  const median = (k: keyof (typeof rounds)[number]) => {
    const v = rounds.map((x) => x[k]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)] as number;
  };
  const all = (k: keyof (typeof rounds)[number]) => rounds.map((x) => x[k].toFixed(0)).join(', ');

  console.log(
    `initial JavaScript (entry + static imports): ${(initialGz / 1024).toFixed(1)} KB gzip in ${initial.length} files (reference 500 KB)`,
  );
  for (const p of initial) console.log(`  ${p}: ${(gz(p) / 1024).toFixed(1)} KB gzip`);
  console.log(`median of ${ROUNDS} rounds (each round: ms):`);
  console.log(`first pane painted (gallery on screen): ${ms(median('gallery'))} [${all('gallery')}]`);
  console.log(
    `gallery scenario replayed, click to badge: ${ms(median('cold'))} [${all('cold')}] first (${SCENARIO}), ${ms(median('warm'))} [${all('warm')}] second (${OTHER}) (reference 1000 ms)`,
  );
  console.log(`opened by URL, navigation to replayed panes: ${ms(median('byUrl'))} [${all('byUrl')}]`);
  console.log(
    `first visit, navigation to the page's mark ccp:first-useful-view: ${ms(median('firstVisit'))} [${all('firstVisit')}] (reference 1000 ms)`,
  );
  console.log(
    `the page's own measure ccp:gallery-click-to-panes (second click): ${ms(median('clickMark'))} [${all('clickMark')}]`,
  );
  console.log(
    `the page's own measure ccp:gallery-click-to-recorded (second click; NaN: the replay landed first): ${ms(median('recordedMark'))} [${all('recordedMark')}]`,
  );
  console.log(`load average while measuring: ${loadavg()[0]?.toFixed(1)}`);
} finally {
  stop();
}
