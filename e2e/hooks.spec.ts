import { expect, test } from '@playwright/test';
import { goto } from './ready';

test('a PostToolUse formatter after Edit: the hook step, the model text, the changed file and the ledger', async ({ page }) => {
  await goto(page, '/?scenario=hook-post-formatter-edit');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible({ timeout: 30_000 });
  const tabs = page.getByRole('tablist', { name: 'Model calls' }).getByRole('tab');
  await tabs.nth(1).click();
  const decisions = page.getByRole('region', { name: 'Permission decisions' });
  const steps = decisions.getByRole('list', { name: 'Hooks of toolu_oracle_1_0' }).locator('li');
  await expect(steps).toHaveCount(1);
  await expect(steps.first()).toContainText('PostToolUse /workspace/project/fmt.sh from project settings');
  await expect(steps.first()).toContainText('exit 0');
  const results = page.getByRole('region', { name: 'Tool results' });
  await expect(results.locator('pre.model-text').first()).toHaveText(
    'The file /workspace/project/a.txt has been updated successfully. (file state is current in your context — no need to Read it back)',
  );
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText(
    'PostToolUse:Edit hook additional context: PostToolUse hook modified /workspace/project/a.txt after your edit (likely a formatter).',
  );
  // The next Edit's old_string is from before the reformat: not found, and not a stale-file error.
  await tabs.nth(2).click();
  await expect(results.locator('pre.model-text').first()).toHaveText(
    '<tool_use_error>String to replace not found in file.\nString: three   four</tool_use_error>',
  );
  await expect(page.getByRole('region', { name: 'Read ledger' }).locator('tbody tr')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/hooks.png' });
});
