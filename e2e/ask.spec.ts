import { expect, test } from '@playwright/test';
import { Playground } from './pages/playground';

const SHOTS = process.env.UI_SHOTS ?? 'test-results';
const REJECTED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

test('an ask becomes a prompt: always allow runs the call and adds the rule, Esc denies the next one', async ({
  page,
}) => {
  const p = new Playground(page);
  await p.openBlank();

  // A bare ask rule in local settings: every Bash call asks.
  const box = page.locator('details.settings-box');
  await box.locator('summary').click();
  const settings = page.getByRole('region', { name: 'Session settings' });
  await settings.getByLabel('local settings (JSON)').fill('{"permissions": {"ask": ["Bash"]}}');
  await settings.getByRole('button', { name: 'Apply and re-run' }).click();
  await expect(page.getByRole('status')).toHaveCount(0);

  await p.compose('Bash', { command: 'echo hello', description: 'Say hello' });
  const prompt = page.getByRole('alertdialog', { name: 'ask Bash wants permission' });
  await expect(prompt).toBeVisible();
  await expect(prompt.locator('pre.prompt-input')).toHaveText('command: echo hello');
  await expect(prompt.locator('.prompt-why')).toHaveText('Why: rule Bash from local settings. Bash asks before every call');
  await expect(prompt.getByRole('button')).toHaveText([
    'Allow once Enter / 1',
    'Always allow: add Bash(echo:*) to local settings 2',
    'Deny Esc / 3',
  ]);
  await expect(prompt.getByRole('button', { name: /^Allow once/ })).toBeFocused();
  await expect(p.composer).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/ask-prompt.png` });

  await page.keyboard.press('2');
  await expect(prompt).toHaveCount(0);
  await expect(p.calls).toHaveCount(1);
  await expect(p.pane('Tool results').locator('pre.model-text').first()).toHaveText('hello');
  await expect(p.pane('Permission decisions').locator('.decisions > li')).toHaveText([
    'Bash toolu_oracle_0_0asked ask rule Bash from localBash asks before every callalways allowed by the user at the prompt; added Bash(echo:*) to local settings',
  ]);
  await expect(settings.getByLabel('Rules added at prompts')).toHaveText('added at prompts (permissions.allow): Bash(echo:*)');
  await page.screenshot({ path: `${SHOTS}/ask-after-always.png` });

  // The bare ask rule still wins over the added allow rule: the next call asks again.
  await p.compose('Bash', { command: 'echo again' });
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(p.calls).toHaveCount(2);
  await expect(p.pane('Tool results').locator('pre.model-text').first()).toHaveText(REJECTED);
  await expect(p.pane('Permission decisions').locator('.prompt-line > div').last()).toHaveText(
    'denied by the user at the prompt',
  );
});
