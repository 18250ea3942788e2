import { expect, test } from '@playwright/test';
import { Playground } from './pages/playground';
import { goto } from './ready';

// agent-ledger-sub-read-edit (recorded on 2.1.273, claude-opus-4-6: no read-before-edit
// relaxation): a foreground subagent reads and edits a.txt; the parent's Edit of a.txt is then
// refused, since only the subagent read it.
test('a foreground subagent: nested calls, its own read ledger, the parent refused for a file only it read', async ({
  page,
}) => {
  const p = new Playground(page);
  await goto(page, '/?scenario=agent-ledger-sub-read-edit');
  await expect(page.getByText('matches Claude Code 2.1.273')).toBeVisible({ timeout: 30_000 });

  // The subagent's calls nested under the Agent call in the Transcript.
  const sub = p.pane('Transcript').getByRole('region', { name: 'Subagent general-purpose' });
  await expect(sub.locator('pre.tool-use')).toHaveText([
    /^tool_use toolu_agent_0_0_0\nRead /,
    /^tool_use toolu_agent_0_1_0\nEdit /,
  ]);
  await expect(sub.getByRole('button')).toHaveText(['subagent model call 0', 'subagent model call 1']);

  // The main conversation read nothing.
  await expect(p.pane('Read ledger').locator('tbody tr')).toHaveCount(0);
  await expect(p.pane('Read ledger')).toContainText('Empty: the model has read nothing yet.');

  // Selecting the subagent's call shows its own ledger and decisions.
  await sub.getByRole('button', { name: 'subagent model call 1' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Showing subagent' })).toHaveText(
    'Showing subagent general-purpose, model call 1: its own read ledger and decisions. Back to the main conversation',
  );
  const rows = p.pane('Read ledger').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('td').first()).toHaveText('/workspace/project/a.txt');
  await expect(p.pane('Permission decisions')).toContainText('Edit');
  await expect(p.pane('Tool results').locator('pre.model-text').first()).toHaveText(
    'The file /workspace/project/a.txt has been updated successfully. (file state is current in your context — no need to Read it back)',
  );
  await p.shot('agent-subagent-ledger');

  // The parent's Edit of a.txt: refused, the subagent's read does not count for it.
  await p.selectCall(1);
  await expect(p.pane('Tool results').locator('pre.model-text').first()).toHaveText(
    '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
  );
  await expect(p.pane('Read ledger').locator('tbody tr')).toHaveCount(0);
});
