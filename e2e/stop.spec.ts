import { expect, test } from '@playwright/test';
import { deflateRawSync } from 'node:zlib';
import { Playground } from './pages/playground';
import { gotoStarted, commandsStarted } from './ready';

const link = (json: unknown) =>
  `/#s1.${Buffer.from(deflateRawSync(Buffer.from(JSON.stringify(json)))).toString('base64url')}`;

const REJECTED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
const INTERRUPTED_BEFORE_START =
  "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell you how to proceed.";
const STOPPED = 'Stopped by you: loop. The model calls that ran are below; you can go on composing.';

test('Stop ends a replay stuck in a loop within a couple of seconds, and the session goes on', async ({
  page,
}) => {
  const pg = new Playground(page);
  // The default timeout: unstopped, the loop would run 2 minutes, then up to 10 in the background.
  await gotoStarted(
    page,
    link({
      id: 'loop',
      turns: [
        [{ name: 'Bash', input: { command: 'echo before' } }],
        [{ name: 'Bash', input: { command: 'while true; do :; done' } }],
        [{ name: 'Bash', input: { command: 'echo never > never.txt' } }],
      ],
    }),
  );
  const running = page.getByRole('status');
  await expect(running).toHaveText('Running loop…');
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible();
  // The first command ended and the loop runs.
  await commandsStarted(page, 2);
  await pg.shot('stop-running');
  const pressed = Date.now();
  await stop.click();
  // Unstopped, the loop runs for minutes: the default wait tells a Stop from none; how soon it
  // takes effect is a figure for the annotation, not a race with the machine's load.
  await expect(running).toHaveText(STOPPED);
  const stoppedAfterMs = Date.now() - pressed;
  await expect(stop).toHaveCount(0);

  await expect(pg.calls).toHaveText(['model call 0 · Bash', 'model call 1 · Bash']);
  await expect(page.locator('.scenario-head .badge')).toHaveText(
    'stopped by you: not compared with a recording',
  );
  // The stopped call is selected and shows what the tool returned when its signal fired.
  await expect(pg.calls.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText(['Exit code 143']);
  await pg.shot('stop-stopped');

  await pg.compose('Bash', { command: 'echo ok' });
  await expect(pg.calls).toHaveCount(3);
  await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText(['ok']);
  await expect(page.getByRole('status')).toHaveCount(0);
  await pg.shot('stop-after');
  test.info().annotations.push({ type: 'stopped after', description: `${stoppedAfterMs} ms` });
});

test('Esc stops a composed model call when focus is not in a text field; at a prompt Esc still denies', async ({
  page,
}) => {
  const pg = new Playground(page);
  await pg.openBlank();
  const status = page.getByRole('status');
  const prompt = page.getByRole('alertdialog', { name: 'ask Bash wants permission' });
  // Default mode: the loop asks first; allowed once, it runs.
  await pg.compose('Bash', { command: 'while true; do :; done' });
  await expect(prompt).toBeVisible();
  await page.keyboard.press('1');
  await expect(status).toHaveText('Running model call…');
  await commandsStarted(page, 1);
  // In a text field Esc is the field's own: the page's key handler leaves it alone (an Esc it
  // takes, it marks as handled).
  await pg.composer.locator('#field-command').focus();
  await page.evaluate(() =>
    window.addEventListener(
      'keydown',
      // Read once the event has been through every listener.
      (e) => setTimeout(() => (document.documentElement.dataset.escTaken = String(e.defaultPrevented))),
      { once: true },
    ),
  );
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-esc-taken', 'false');
  await expect(status).toHaveText('Running model call…');
  await page.getByRole('button', { name: 'Stop' }).focus();
  await page.keyboard.press('Escape');
  await expect(status).toHaveText(
    'Stopped by you: model call. The model calls that ran are below; you can go on composing.',
  );
  await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText(['Exit code 143']);

  // At a prompt Esc is its deny: the call is rejected, nothing is stopped.
  await pg.compose('Bash', { command: 'while true; do :; done' });
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pg.calls).toHaveCount(2);
  await expect(status).toHaveCount(0);
  await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText([REJECTED]);

  // Stop while a prompt is up answers it no, then stops: the second call never starts.
  await pg.compose('Bash', { command: 'while true; do :; done' }, true);
  await pg.compose('Bash', { command: 'echo after' }, true);
  await pg.runDraft();
  await expect(prompt).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status).toHaveText(
    'Stopped by you: model call. The model calls that ran are below; you can go on composing.',
  );
  await expect(pg.calls).toHaveCount(3);
  await expect(pg.pane('Tool results').locator('pre.model-text')).toHaveText([
    REJECTED,
    INTERRUPTED_BEFORE_START,
  ]);
});
