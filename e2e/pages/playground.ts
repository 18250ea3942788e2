// Page object of the playground: the regions by their accessible names, and the few actions the
// e2e tests take.
import { expect, type Locator, type Page } from '@playwright/test';
import { goto } from '../ready';

export const PANES = ['Transcript', 'Read ledger', 'Permission decisions', 'Tool results'] as const;

/** The header menu each action lives in. */
const MENU_OF: Record<string, string> = {
  'Blank workspace': 'Session',
  'Live model': 'Session',
  'Start over': 'Session',
  'Copy link': 'Share',
  'Copy as GitHub issue': 'Share',
  'Export scenario': 'Share',
  'Export project (.zip)': 'Share',
  'Export HTML': 'Share',
  'Import scenario': 'Import',
  'Import Claude Code session': 'Import',
  'Import folder…': 'Import',
  'Import archive…': 'Import',
  'Import git repository…': 'Import',
  'Versions side by side': 'View',
  'Keyboard map': 'Help',
};

/** The header's menu button named `menu` (Session, Share, Import, View, Help). */
export const menuButton = (page: Page, menu: string): Locator =>
  page.getByRole('toolbar', { name: 'Playground' }).getByRole('button', { name: menu, exact: true });

/** Opens the menu that holds `item` (or `menu`, for a lesson) and picks the item. */
export async function pickMenu(page: Page, item: string, menu = MENU_OF[item] ?? 'Help'): Promise<void> {
  await menuButton(page, menu).click();
  await page.getByRole('menu', { name: menu }).getByRole('menuitem', { name: item, exact: true }).click();
}

export class Playground {
  constructor(readonly page: Page) {}

  pane(name: (typeof PANES)[number]): Locator {
    return this.page.getByRole('region', { name });
  }
  get calls(): Locator {
    return this.page.getByRole('tablist', { name: 'Model calls' }).getByRole('tab');
  }
  get composer(): Locator {
    return this.page.getByRole('region', { name: 'Composer' });
  }
  get workspace(): Locator {
    return this.page.getByRole('region', { name: 'Workspace' });
  }

  async openScenario(area: string, id: string): Promise<void> {
    await goto(this.page, '/');
    await this.page
      .getByRole('navigation', { name: 'Gallery' })
      .locator('summary', { hasText: new RegExp(`^${area} `) })
      .click();
    await this.page.getByRole('button', { name: id, exact: true }).click();
  }

  async openBlank(): Promise<void> {
    await goto(this.page, '/');
    await pickMenu(this.page, 'Blank workspace');
    await expect(this.composer).toBeVisible();
  }

  async selectCall(i: number): Promise<void> {
    await this.calls.nth(i).click();
    await expect(this.calls.nth(i)).toHaveAttribute('aria-selected', 'true');
    await this.editorsSettled();
  }

  /** Waits until every editor the page shows is loaded and mounted (its own signal, see
   * src/ui/LazyEditors.tsx): a check of what the panes show must not see a fallback on one run
   * and the editor on the next. */
  async editorsSettled(): Promise<void> {
    await expect(this.page.locator('[data-editor-loading], .monaco-host[data-mounted="false"]')).toHaveCount(
      0,
    );
  }

  /** Fills the schema form of one tool call; `add` keeps it for a model call of several. */
  async compose(tool: string, fields: Record<string, string>, add = false): Promise<void> {
    await this.composer.getByLabel('tool', { exact: true }).selectOption(tool);
    for (const [k, v] of Object.entries(fields)) await this.composer.locator(`#field-${k}`).fill(v);
    await this.composer.getByRole('button', { name: add ? 'Add to model call' : /^Run/ }).click();
  }

  async runDraft(): Promise<void> {
    await this.composer.getByRole('button', { name: /^Run model call/ }).click();
  }

  async applySettings(change: { mode?: string; model?: string }): Promise<void> {
    const box = this.page.locator('details.settings-box');
    if (!(await box.evaluate((d) => (d as HTMLDetailsElement).open))) await box.locator('summary').click();
    const panel = this.page.getByRole('region', { name: 'Session settings' });
    if (change.model) await panel.getByLabel('model').fill(change.model);
    if (change.mode) await panel.getByLabel('permission mode').selectOption(change.mode);
    await panel.getByRole('button', { name: 'Apply and re-run' }).click();
    await expect(this.page.getByRole('status')).toHaveCount(0);
  }

  async showFiles(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Files' }).click();
    await expect(this.workspace).toBeVisible();
  }

  async shot(name: string): Promise<void> {
    // UI_SHOTS: a folder other runs do not clear (test-results/ is emptied by every run).
    await this.page.screenshot({ path: `${process.env.UI_SHOTS ?? 'test-results'}/ui-${name}.png` });
  }
}
