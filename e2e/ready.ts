// The one way the e2e tests wait for the page after a navigation: the page's own readiness
// signal, `<html data-ready="1">` (src/ui/ready.ts; the one-file export's viewer sets it too).
// It is set once the page listens for keys and the session it opens by itself at start (a link,
// the saved session, ?scenario=, the first-run lesson) has landed. Never a fixed time.
import { expect, type Page, type Response } from '@playwright/test';

/** Waits for the readiness signal, for as long as the test may run (a replay on a loaded machine
 * can take long; the test's own timeout bounds it). */
export async function pageReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-ready', '1', { timeout: 0 });
}

/** `page.goto`, then the readiness signal. */
export async function goto(
  page: Page,
  url: string,
  options?: Parameters<Page['goto']>[1],
): Promise<Response | null> {
  const r = await page.goto(url, options);
  await pageReady(page);
  return r;
}

/** `page.goto` to a page whose first session runs on purpose until the test stops it (a loop):
 * waits for the page to have started it and to hear keys (`<html data-started>`), not for it to land. */
export async function gotoStarted(page: Page, url: string): Promise<Response | null> {
  const r = await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-started', '1');
  return r;
}

/** Waits until `n` shell commands have begun to run on the page (`<html
 * data-commands-started>`, src/ui/ready.ts): a Stop from then on reaches the n-th as it runs. */
export async function commandsStarted(page: Page, n: number): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-commands-started', String(n));
}

/** `page.reload`, then the readiness signal. */
export async function reload(page: Page, options?: Parameters<Page['reload']>[0]): Promise<Response | null> {
  const r = await page.reload(options);
  await pageReady(page);
  return r;
}

/** Waits until the autosave has written session `id` with `turns` model calls and `edits`
 * outside edits since the last one (`<html data-saved>`, src/ui/ready.ts). */
export async function saved(page: Page, id: string, turns: number, edits = 0): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-saved', JSON.stringify([id, turns, edits]));
}

/** Waits until the page is idle (its own `requestIdleCallback`): what it had queued has run. */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );
}
