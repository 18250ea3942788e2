import { expect, test, type Page } from '@playwright/test';
import { Playground } from './pages/playground';
import { goto, idle } from './ready';

test('the diff editor has its codicon font and moving off a diff reports no disposed TextModel', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const p = new Playground(page);
  await p.openScenario('edit', 'edit-after-outside-change-strict');
  await p.selectCall(1);
  const diff = p.pane('Tool results').getByTestId('diff-editor');
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible();
  // The +/- marks in the gutter are codicon glyphs: the font must load from the bundle.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.load('16px codicon');
        return [...document.fonts].some(
          (f) => f.family.replace(/"/g, '') === 'codicon' && f.status === 'loaded',
        );
      }),
    )
    .toBe(true);
  await p.selectCall(0);
  await expect(p.pane('Tool results').getByTestId('diff-editor')).toHaveCount(0);
  await p.selectCall(1);
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible();
  await p.selectCall(0);
  await expect(p.pane('Tool results').getByTestId('diff-editor')).toHaveCount(0);
  // The editor's disposal runs in tasks of its own: what was queued has run once the page idles.
  await idle(page);
  expect(errors.filter((e) => /TextModel got disposed/.test(e))).toEqual([]);
});

/** WCAG contrast of an element's text colour on the nearest ancestor with a background. */
async function contrast(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.slice(0, 3).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      let bgEl: Element | null = el;
      while (
        bgEl &&
        (rgb(getComputedStyle(bgEl).backgroundColor)[3] === 0 ||
          getComputedStyle(bgEl).backgroundColor === 'transparent')
      )
        bgEl = bgEl.parentElement;
      const fg = lum(rgb(getComputedStyle(el).color));
      const bg = lum(rgb(bgEl ? getComputedStyle(bgEl).backgroundColor : 'rgb(255,255,255)'));
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    });
}

test('exact text does not wrap with wrapping off, and the terminal and link-error texts have 4.5:1 contrast', async ({
  page,
}) => {
  const p = new Playground(page);
  await p.openScenario('bash', 'bash-output-just-under-30000');
  const exact = p.pane('Tool results').locator('pre.model-text').first();
  await expect(exact).toBeVisible();
  // With wrapping off, one line of 29,999 characters stays one line (it scrolls sideways).
  const toggle = p.pane('Tool results').getByRole('button', { name: 'wrap long lines' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const lines = await exact.evaluate((el) => {
    const cs = getComputedStyle(el);
    const inner = el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    return Math.round(inner / parseFloat(cs.lineHeight === 'normal' ? '15' : cs.lineHeight));
  });
  expect(lines).toBeLessThanOrEqual(2);
  await expect(page.locator('.terminal').first()).toBeVisible();
  expect(await contrast(page, '.terminal .muted, .terminal .error')).toBeGreaterThanOrEqual(4.5);

  await goto(page, '/#s1.@@@@');
  await expect(page.getByRole('alert', { name: 'Link error' })).toBeVisible();
  expect(await contrast(page, '.share-card.error .muted')).toBeGreaterThanOrEqual(4.5);
});

test('every text of the page is inside a landmark, and at 390 px the panes are full width', async ({
  page,
}) => {
  const p = new Playground(page);
  await p.openScenario('edit', 'edit-after-outside-change-strict');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible();
  const outside = await page.evaluate(() => {
    const LANDMARK =
      'header, nav, main, aside, footer, section[aria-label], [role="region"], [role="banner"], [role="main"], [role="navigation"], [role="complementary"], [role="contentinfo"]';
    const out: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent?.trim() || !el || el.closest('script, style, [hidden], [aria-hidden="true"]'))
        continue;
      if (!el.closest(LANDMARK)) out.push(n.textContent.trim().slice(0, 60));
    }
    return out;
  });
  expect(outside).toEqual([]);
  await page.setViewportSize({ width: 390, height: 800 });
  for (const name of ['Transcript', 'Tool results'] as const) {
    const box = await p.pane(name).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
  }
});

test('with Session settings open and the column scrolled down, the running status and Stop stay in view', async ({
  page,
}) => {
  const p = new Playground(page);
  await p.openBlank();
  await p.applySettings({ mode: 'bypassPermissions' });
  const box = page.locator('details.settings-box');
  if (!(await box.evaluate((d) => (d as HTMLDetailsElement).open))) await box.locator('summary').click();
  await p.compose('Bash', { command: 'while true; do :; done' });
  await expect(page.getByRole('status')).toHaveText('Running model call…');
  const scrolled = await page.locator('.middle').evaluate((el) => {
    el.scrollTo(0, el.scrollHeight);
    return el.scrollTop;
  });
  // The settings push the column past the window: the status's own place is out of view.
  expect(scrolled).toBeGreaterThan(100);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeInViewport();
  await expect(page.getByRole('status')).toBeInViewport();
  await page.getByRole('button', { name: 'Stop' }).click();
});
