// Issue 29 #8: the first view opens on the scenario's recorded result (the binary's own answers,
// marked as the recording) before its replay lands, then on the replayed session; a lesson step
// lets the person move on only once its replay has landed. The replay is held back by holding
// the tool layer's chunk (runtime-*.js) until the recorded view has been checked: the order is
// made by the test, never by a fixed wait.
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { pageReady } from './ready';

const shots = process.env.UI_SHOTS ?? 'test-results';
const LESSON_SCENARIO = 'agent-ledger-sub-read-edit';
const GALLERY_SCENARIO = 'edit-curly-in-old-string';

/** The text blocks the pinned release recorded for a scenario's first model call. */
function recordedTexts(id: string): string[] {
  const r = JSON.parse(readFileSync(`conformance/results/2.1.273/${id}.json`, 'utf8')) as {
    turns: { calls: { content: string | { type: string; text?: string }[] }[] }[];
  };
  return (r.turns[0]?.calls ?? []).flatMap((c) =>
    typeof c.content === 'string' ? [c.content] : c.content.flatMap((b) => (b.text ? [b.text] : [])),
  );
}

/** Holds the tool layer's chunk until `release()`: no replay can land before. */
async function holdRuntime(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/runtime-[^/]*\.js$/, (route) =>
    released ? route.continue() : held.push(route),
  );
  return {
    release: async () => {
      released = true;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

const panes = (page: Page) => page.locator('main#panes');

async function expectRecorded(page: Page, id: string) {
  await expect(panes(page)).toHaveAttribute('data-view', 'recorded');
  const results = page.getByRole('region', { name: 'Recorded results' });
  await expect(results).toBeVisible();
  // The note said once (it stood in the session head and over the panes: twice in a row at 390 px),
  // and the run status names the replay, not a bare "Running" over a result that is not running.
  await expect(page.getByText(/recorded by Claude Code 2\.1\.273/)).toHaveCount(1);
  await expect(page.getByText(/recorded by Claude Code 2\.1\.273/)).toBeVisible();
  await expect(page.locator('.run-status').getByRole('status')).toHaveText(
    `Replaying ${id}… Until it lands, you see what Claude Code 2.1.273 recorded.`,
  );
  for (const text of recordedTexts(id).filter((t) => t.trim() !== ''))
    await expect(results).toContainText(text.trim().split('\n')[0] as string);
  // The replay has not landed: the page is not ready, the replayed panes are not there.
  await expect(page.locator('html')).not.toHaveAttribute('data-ready', '1');
  await expect(page.getByRole('region', { name: 'Tool results', exact: true })).toHaveCount(0);
  // The first view counts as of use from here on.
  expect(await page.evaluate(() => performance.getEntriesByName('ccp:first-useful-view').length)).toBe(1);
}

async function expectReplayed(page: Page) {
  await pageReady(page);
  await expect(panes(page)).toHaveAttribute('data-view', 'replayed');
  await expect(page.getByRole('region', { name: 'Tool results', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recorded results' })).toHaveCount(0);
  await expect(page.getByText(/matches Claude Code|differs from Claude Code/).first()).toBeVisible();
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.describe('a first visit', () => {
      test.use({ storageState: { cookies: [], origins: [] }, viewport: { width, height: 800 } });

      test('shows the lesson’s recorded result before the replay lands, then the replay; Next waits for it', async ({
        page,
      }) => {
        const hold = await holdRuntime(page);
        await page.goto('/');
        const lesson = page.getByRole('region', { name: 'Lesson' });
        await expect(lesson).toBeVisible();
        await expectRecorded(page, LESSON_SCENARIO);
        await expect(lesson).toHaveAttribute('data-step-ready', '0');
        await expect(lesson.getByRole('button', { name: 'Next' })).toBeDisabled();
        await page.screenshot({ path: `${shots}/first-view-recorded-${width}.png`, fullPage: width < 800 });

        await hold.release();
        await expectReplayed(page);
        await expect(lesson).toHaveAttribute('data-step-ready', '1');
        await expect(lesson.getByRole('button', { name: 'Next' })).toBeEnabled();
        await page.screenshot({ path: `${shots}/first-view-replayed-${width}.png`, fullPage: width < 800 });
      });
    });

    test('a gallery scenario named in the address opens on its recording, then its replay', async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const hold = await holdRuntime(page);
      await page.goto(`/?scenario=${GALLERY_SCENARIO}`);
      await expectRecorded(page, GALLERY_SCENARIO);
      await hold.release();
      await expectReplayed(page);
    });
  });
}
