import { expect, test } from '@playwright/test';
import { deflateRawSync } from 'node:zlib';
import { Playground } from './pages/playground';
import { gotoStarted } from './ready';

const link = (json: unknown) =>
  `/#s1.${Buffer.from(deflateRawSync(Buffer.from(JSON.stringify(json)))).toString('base64url')}`;

/** Milliseconds the page takes to run a task posted to it and paint the next frame. */
const frameDelay = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        setTimeout(() => requestAnimationFrame(() => resolve(performance.now() - t0)), 0);
      }),
  );

test('runaway commands are stopped by their timeout while the page stays responsive', async ({ page }) => {
  test.setTimeout(60_000);
  const pg = new Playground(page);
  await gotoStarted(
    page,
    link({
      id: 'runaway',
      env: { CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '1' },
      turns: [
        // A loop of builtins (just-bash's own deadline stops it) and a loop inside one command
        // (only ending the shell's worker stops it), then a command on a fresh worker.
        [{ name: 'Bash', input: { command: 'while true; do :; done', timeout: 3000 } }],
        [{ name: 'Bash', input: { command: "awk 'BEGIN { while (1) {} }'", timeout: 3000 } }],
        [{ name: 'Bash', input: { command: 'echo after > after.txt; cat after.txt' } }],
      ],
    }),
  );
  await expect(page.getByRole('heading', { name: 'runaway' })).toBeVisible();
  // While the loops spin (about 7 s in all), the page answers within a frame or two and a
  // person's click opens the settings.
  const delays: number[] = [];
  const started = Date.now();
  while (Date.now() - started < 5000) delays.push(await frameDelay(page));
  await page.locator('details.settings-box summary').click();
  await expect(page.getByRole('region', { name: 'Session settings' })).toBeVisible();
  expect(delays.length).toBeGreaterThan(20);
  expect(Math.max(...delays)).toBeLessThan(250);

  await expect(pg.calls).toHaveCount(3, { timeout: 20_000 });
  const results: string[] = [];
  for (let i = 0; i < 3; i++) {
    await pg.selectCall(i);
    results.push(...(await pg.pane('Tool results').locator('pre.model-text').allTextContents()));
  }
  expect(results).toEqual([
    'Exit code 143\nCommand timed out after 3s',
    'Exit code 143\nCommand timed out after 3s',
    'after',
  ]);
  await pg.shot('runaway-stopped');
});
