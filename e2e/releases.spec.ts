// "Which releases" and the changelog of the tool layer (issue 28, item 4): a shared link swept
// under every release of the registry, its strip read whole, at phone and desktop widths, light
// and dark; the changelog opens a scenario under the release that changed it.
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { menuButton, pickMenu } from './pages/playground';
import { goto } from './ready';

const b64url = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const link = (json: unknown) => `/#s1.${b64url(deflateRawSync(Buffer.from(JSON.stringify(json))))}`;
const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const SHOTS = process.env.UI_SHOTS ?? 'test-results';

// Write to a directory: 2.1.273 answers with the raw EISDIR error, 2.1.332 with its own sentence
// (write-to-directory, recorded on both). The link carries 2.1.332's recording.
const SCENARIO = {
  ...(json('conformance/scenarios/write-to-directory.json') as object),
  version: '2.1.332',
  expect: json('conformance/results/2.1.332/write-to-directory.json'),
};

// The registry's releases, oldest first (the strip spans them all).
const registry = json('src/profiles/releases.json') as { corpus: string[]; tools: string[] };
const cmp = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  return (x[0]! - y[0]!) * 1e8 + (x[1]! - y[1]!) * 1e4 + (x[2]! - y[2]!);
};
const ALL = [...new Set([...registry.corpus, ...registry.tools])].sort(cmp);
const before = ALL.filter((v) => cmp(v, '2.1.332') < 0);
const since = ALL.filter((v) => cmp(v, '2.1.332') >= 0);

test.describe.configure({ timeout: 240_000 });

/** Waits for the sweep's own signal: `data-sweep` leaves `running`. */
async function swept(page: Page): Promise<void> {
  await expect(page.locator('.wr-body')).toHaveAttribute('data-sweep', 'done', { timeout: 0 });
}

test('a shared link swept under every release: the strip, the recording, the changelog', async ({ page }) => {
  await goto(page, link(SCENARIO));
  // From the keyboard: the View menu's last two items are the changelog and "Which releases".
  await menuButton(page, 'View').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Which releases' })).toBeFocused();
  await page.keyboard.press('Enter');
  const view = page.getByRole('dialog', { name: 'Which releases: write-to-directory' });
  await swept(page);
  await expect(view.getByRole('list', { name: 'Releases by outcome, oldest first' }).getByRole('listitem')).toHaveText([
    `Outcome A: ${before[0]} – ${before.at(-1)} (${before.length} releases)`,
    `Outcome B: 2.1.332 – ${since.at(-1)} (${since.length} releases)`,
  ]);
  await expect(view.locator('.wr-recordings li')).toHaveText(['2.1.332 replay matches its recording']);
  await expect(view.getByLabel('Outcome B: first difference')).toHaveText(
    'A: EISDIR: illegal operation on a directory, read\n' +
      'B: <tool_use_error>$CWD/sub is a directory, not a file. To create a file inside it, include the file name in file_path.</tool_use_error>',
  );
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [390, 1280]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: `${SHOTS}/which-releases-${width}-${colorScheme}.png` });
    }
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await expect(menuButton(page, 'View')).toBeFocused();

  await pickMenu(page, 'Changelog of the tool layer', 'View');
  const log = page.getByRole('dialog', { name: 'Changelog of the tool layer' });
  await expect(log.locator('.cl-body')).toHaveAttribute('data-changelog', 'done');
  await page.screenshot({ path: `${SHOTS}/changelog-${page.viewportSize()?.width}.png` });
  await log
    .getByRole('list', { name: 'Scenarios showing read: what the model sees' })
    .getByRole('button', { name: 'read-offset-edges', exact: true })
    .click();
  await expect(log).toBeHidden();
  await expect(page.getByRole('heading', { name: 'read-offset-edges', level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Release' })).toHaveValue('2.1.334');
});
