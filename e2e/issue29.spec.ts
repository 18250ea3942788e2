// Issue 29's defects, each at the width where it appeared (1280 px unless said): a link in the
// address wins over the first-visit lesson (#1), a damaged link leaves the address once a
// scenario is chosen, and the smaller ones (#9).
import { expect, test, type Page } from '@playwright/test';
import { deflateRawSync } from 'node:zlib';
import { pickMenu, Playground } from './pages/playground';
import { goto, reload } from './ready';

const link = (json: unknown) =>
  `/#s1.${Buffer.from(deflateRawSync(Buffer.from(JSON.stringify(json)))).toString('base64url')}`;
const lesson = (page: Page) => page.getByRole('region', { name: 'Lesson' });

test.describe('a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a link put in the address while the first-run lesson is open opens the link (#1)', async ({
    page,
  }) => {
    await goto(page, '/');
    await expect(page.getByRole('heading', { name: 'agent-ledger-sub-read-edit' })).toBeVisible();
    await expect(lesson(page)).toBeVisible();
    // Pasted into the address: a new search and fragment, so the page loads again.
    await goto(
      page,
      link({
        id: 'pasted-link',
        files: { 'a.txt': 'a\n' },
        turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
      }),
    );
    await expect(page.getByRole('heading', { level: 2, name: 'pasted-link' })).toBeVisible();
    await expect(lesson(page)).toHaveCount(0);
    await expect(new Playground(page).pane('Tool results').locator('pre.model-text')).toHaveText([
      '1\ta\n2\t',
    ]);
  });
});

test('a damaged link leaves the address once a scenario is chosen, so a reload does not show it again (#9)', async ({
  page,
}) => {
  await goto(page, '/#s1.@@@@');
  await expect(page.getByRole('alert', { name: 'Link error' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Gallery' })
    .locator('summary', { hasText: /^edit / })
    .click();
  await page.getByRole('button', { name: 'edit-crlf-file', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'edit-crlf-file' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  await reload(page);
  await expect(page.getByRole('heading', { name: 'edit-crlf-file' })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Link error' })).toHaveCount(0);
});

test('Enter in the gallery filter opens the first match (#9)', async ({ page }) => {
  await goto(page, '/');
  const filter = page.getByRole('searchbox', { name: 'Filter scenarios' });
  await filter.fill('read-image-png');
  await filter.press('Enter');
  // The first match in the gallery's order (by id), explained with its article (#9: "an image/png").
  await expect(page.getByRole('heading', { level: 2, name: 'read-image-png' })).toBeVisible();
  await expect(new Playground(page).pane('Tool results').locator('p.explain').first()).toHaveText(
    'The file is an image/png image (by its magic number, not its extension) within the size limits and of at most 512,000 bytes, sent unchanged as an image block.',
  );
});

test('the composer starts on a tool the session offers, and the Live model field on the session’s model (#9)', async ({
  page,
}) => {
  const pg = new Playground(page);
  await pg.openBlank();
  // The blank session offers the file tools: the composer starts on the first of them, not on
  // the first tool the release defines (Agent, not offered).
  await expect(pg.composer.getByLabel('tool', { exact: true })).toHaveValue('Bash');
  await pg.applySettings({ model: 'claude-sonnet-4-5' });
  await page.getByRole('tablist', { name: 'Driver' }).getByRole('tab', { name: 'Live' }).click();
  const live = page.getByRole('region', { name: 'Live model' });
  await expect(live.getByRole('textbox', { name: 'Model' })).toHaveValue('claude-sonnet-4-5');
  // A new session on the default model: the kept panel follows it.
  await pickMenu(page, 'Live model');
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(live.getByRole('textbox', { name: 'Model' })).toHaveValue('claude-opus-5');
});

for (const scheme of ['light', 'dark'] as const)
  test(`the "Opened from a shared link" line reads at 7:1 (${scheme}) (#9)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await goto(page, link({ id: 'shared', title: 'A shared scenario', turns: [] }));
    const note = page
      .getByRole('complementary', { name: 'Opened link' })
      .getByText('Opened from a shared link.');
    await expect(note).toBeVisible();
    const ratio = await note.evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      const card = el.closest('.share-card') as Element;
      const fg = lum(rgb(getComputedStyle(el).color));
      const bg = lum(rgb(getComputedStyle(card).backgroundColor));
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(7);
  });

test('Copy as GitHub issue gives the results of calls composed in the page and compares the recorded ones (#2)', async ({
  page,
}) => {
  const pg = new Playground(page);
  await pg.openScenario('edit', 'edit-crlf-file');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  await pg.compose('Write', { file_path: '/workspace/project/b.txt', content: 'b' });
  await expect(pg.calls).toHaveCount(3);
  await pickMenu(page, 'Copy as GitHub issue');
  const md = await page.getByRole('textbox', { name: 'GitHub issue markdown' }).inputValue();
  expect(md.slice(md.indexOf('### Expected vs actual'))).toEqual(
    [
      '### Expected vs actual',
      '',
      '2 of 2 recorded calls match Claude Code 2.1.273. One call was run after the recording: it has no recording to compare with.',
      '',
      '#### Read `toolu_oracle_0_0` — matches',
      '',
      'Result:',
      '',
      '```text',
      '1\tone',
      '2\ttwo',
      '3\tthree',
      '4\t',
      '```',
      '',
      '#### Edit `toolu_oracle_1_0` — matches',
      '',
      'Result:',
      '',
      '```text',
      'The file $CWD/win.txt has been updated successfully. (file state is current in your context — no need to Read it back)',
      '```',
      '',
      '#### Write `toolu_oracle_2_0` — no recording',
      '',
      'Actual (cc-playground):',
      '',
      '```text',
      'File created successfully at: $CWD/b.txt (file state is current in your context — no need to Read it back)',
      '```',
      '',
    ].join('\n'),
  );
});

test('a lesson links its terms to the glossary, and Permission precedence step 2 names the hook (#9)', async ({
  page,
}) => {
  await goto(page, '/');
  await pickMenu(page, 'Permission precedence: deny, ask, allow');
  await lesson(page).getByRole('button', { name: 'bypassPermissions' }).click();
  const glossary = page.getByRole('dialog', { name: 'Glossary' });
  await expect(glossary).toBeVisible();
  await expect(glossary.locator('#glossary-bypass-permissions')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(glossary).toBeHidden();
  await lesson(page).getByRole('button', { name: 'Next' }).click();
  await expect(lesson(page).locator('.lesson-text')).toHaveText(
    'A PreToolUse hook (hk.sh, named in the project settings) answers allow for touch, yet the ask rule Bash(touch:*) still asks, even in bypassPermissions mode: the hook’s allow does not get past an ask rule. With -p there is nobody to ask, so the call is refused; the hook’s step shows in Permission decisions.',
  );
  await pickMenu(page, 'Glossary');
  await expect(glossary).toBeVisible();
});

test('an archive holding one top folder (GitHub’s Download ZIP) is unwrapped, and the page says so (#9)', async ({
  page,
}) => {
  const { zipSync } = await import('fflate');
  await goto(page, '/');
  const zip = zipSync({ 'repo-main/': new Uint8Array(), 'repo-main/a.txt': new TextEncoder().encode('a\n') });
  await page.getByLabel('Import archive').setInputFiles({
    name: 'repo-main.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  });
  await expect(page.getByRole('status', { name: 'Import result' })).toHaveText(
    'Imported 1 files (2 B) from repo-main.zip; the archive holds one folder, repo-main/, whose files are the project',
  );
});

test('the ledger says why a file edited in the session sits in 2027 beside seeded 2023 ones, and why an Edit after a partial Read leaves a partial view (#9)', async ({
  page,
}) => {
  await goto(
    page,
    link({
      id: 'ledger-times',
      files: { 'a.txt': 'a\nb\nc\n', 'z.txt': 'z\n' },
      turns: [
        [
          { name: 'Read', input: { file_path: '$CWD/a.txt', limit: 1 } },
          { name: 'Read', input: { file_path: '$CWD/z.txt' } },
        ],
        [{ name: 'Edit', input: { file_path: '$CWD/a.txt', old_string: 'c', new_string: 'C' } }],
      ],
    }),
  );
  const pg = new Playground(page);
  await pg.selectCall(1);
  const ledger = pg.pane('Read ledger');
  await expect(ledger.locator('td[data-label="mtime"]')).toHaveText([/^2027-01-15 /, '2023-11-14 22:14:20Z']);
  await expect(ledger.locator('.ledger-notes li')).toHaveText([
    'mtime: the files a scenario lays out carry fixed times from 2023-11-14 22:13:20Z on, a minute apart, as the oracle’s runner sets them; a file written in the session (by a tool, a command or an outside edit) takes the session’s clock, which starts at 2027-01-15 08:00:00Z and moves 1 ms at each reading, so every replay gives the same times.',
    'partial, by Edit: the ledger keeps the file’s whole text (the tool had all of it), but the model had not read the whole file, so Claude Code does not count it as in the model’s context: an Edit of it does not end with “(file state is current in your context …)” on the releases that add that note.',
  ]);
});

test('a scenario with no description is said from its model calls (#9)', async ({ page }) => {
  await goto(
    page,
    link({
      id: 'undescribed',
      files: { 'a.txt': 'a\n' },
      turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
    }),
  );
  await expect(page.locator('.scenario-head > p').last()).toHaveText(
    'No description. Its model calls: Read a.txt.',
  );
});
