// The live driver against a fake Messages API on 127.0.0.1 (e2e/fake-messages-api.ts): a
// multi-call task with a permission prompt answered in the page, Stop mid-stream, a 429 with
// retry-after, a cut stream, an invalid key, and the finished session's share link replaying
// the same without a key. No test reaches the real API.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { cut, FakeMessagesApi, hang, status, stream, type Block } from './fake-messages-api';
import { Playground, pickMenu } from './pages/playground';
import { goto } from './ready';

const SHOTS = process.env.UI_SHOTS ?? 'test-results';
const KEY = 'sk-ant-api03-E2E-SECRET-KEY-do-not-store-0123456789';
const WROTE =
  'File created successfully at: /workspace/project/hi.txt (file state is current in your context — no need to Read it back)';

let api: FakeMessagesApi;
test.beforeEach(async () => {
  api = await FakeMessagesApi.start();
});
test.afterEach(async () => {
  await api.close();
});

async function startLive(page: Page) {
  await goto(page, '/');
  await pickMenu(page, 'Live model');
  const live = page.getByRole('region', { name: 'Live model' });
  await expect(live).toBeVisible();
  await live.getByRole('textbox', { name: 'API key' }).fill(KEY);
  await live.getByRole('textbox', { name: 'Base URL' }).fill(api.url);
  await expect(live.getByRole('textbox', { name: 'Model' })).toHaveValue('claude-opus-5');
  return live;
}

async function send(page: Page, text: string) {
  const live = page.getByRole('region', { name: 'Live model' });
  await live.getByRole('textbox', { name: 'Prompt' }).fill(text);
  await live.getByRole('button', { name: 'Send' }).click();
}

/** Every model call's tool results and transcript texts, tab by tab. */
async function everyCall(page: Page): Promise<{ results: string[]; transcript: string[] }[]> {
  const pg = new Playground(page);
  await expect(pg.calls.first()).toBeVisible();
  const out = [];
  for (let i = 0; i < (await pg.calls.count()); i++) {
    await pg.selectCall(i);
    out.push({
      results: await pg.pane('Tool results').locator('pre.model-text').allTextContents(),
      transcript: await pg.pane('Transcript').locator('pre.model-text').allTextContents(),
    });
  }
  return out;
}

const WRITE: Block = {
  type: 'tool_use',
  id: 'toolu_01Write',
  name: 'Write',
  input: { file_path: '/workspace/project/hi.txt', content: 'hi\n' },
};
const READ: Block = {
  type: 'tool_use',
  id: 'toolu_02Read',
  name: 'Read',
  input: { file_path: '/workspace/project/hi.txt' },
};

test('a multi-call task with a prompt answered in the page becomes a scenario whose link replays without a key, and no artefact holds the key', async ({
  page,
  browser,
}) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const live = await startLive(page);
  api.answer(
    stream([{ type: 'text', text: 'I will create hi.txt.' }, WRITE]),
    stream([READ], { input_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 4000 }),
    stream([{ type: 'text', text: 'hi.txt says hi.' }]),
  );
  await send(page, 'Create hi.txt saying hi, then read it back.');

  // Default mode: Write asks, and the person answers in the page.
  const prompt = page.getByRole('alertdialog', { name: 'ask Write wants permission' });
  await expect(prompt).toBeVisible();
  await expect(
    live.getByRole('list', { name: 'Live transcript' }).locator('pre.tool-use').first(),
  ).toHaveText(
    'tool_use toolu_01Write\nWrite {\n "file_path": "/workspace/project/hi.txt",\n "content": "hi\\n"\n}',
  );
  await page.screenshot({ path: `${SHOTS}/live-prompt.png` });
  await prompt.getByRole('button', { name: /^Allow once/ }).click();
  await expect(live.getByRole('status')).toHaveText('The model ended its turn.');
  // Once the calls ran, each names the id the panes give it beside the API's (#9).
  await expect(live.getByRole('list', { name: 'Live transcript' }).locator('pre.tool-use')).toHaveText([
    'tool_use toolu_01Write (toolu_oracle_0_0 in the panes)\nWrite {\n "file_path": "/workspace/project/hi.txt",\n "content": "hi\\n"\n}',
    'tool_use toolu_02Read (toolu_oracle_1_0 in the panes)\nRead {\n "file_path": "/workspace/project/hi.txt"\n}',
  ]);

  // What the API was sent: its headers, the profile's exact tool definitions, the conversation.
  expect(api.received.length).toBe(3);
  const h = api.received[0]!.headers;
  expect([h['x-api-key'], h['anthropic-version'], h['anthropic-dangerous-direct-browser-access']]).toEqual([
    KEY,
    '2023-06-01',
    'true',
  ]);
  const defs = (
    JSON.parse(readFileSync('src/profiles/2.1.273/tools.json', 'utf8')) as { tools: { name: string }[] }
  ).tools;
  const sentTools = api.received[0]!.body.tools;
  expect(sentTools.map((t) => t.name)).toEqual([
    'Bash',
    'Edit',
    'Glob',
    'Grep',
    'NotebookEdit',
    'Read',
    'Write',
  ]);
  expect(sentTools).toEqual(defs.filter((d) => sentTools.some((t) => t.name === d.name)));
  expect(api.received[2]!.body.messages).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'Create hi.txt saying hi, then read it back.' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'I will create hi.txt.' }, WRITE] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01Write', content: WROTE }] },
    { role: 'assistant', content: [READ] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_02Read', content: '1\thi\n2\t' }] },
  ]);

  // Per call: tokens, cache, cost (Opus 5 prices), timings.
  await expect(live.getByLabel('Usage of API call 2')).toHaveText(
    'tokens in 20 · out 5 · cache reads 4,000 · cache writes 0 · ≈ $0.0022',
  );
  // The raw exchange of each call, with the key masked.
  const raw = live.locator('details.live-raw').first();
  await raw.locator('summary').click();
  await expect(raw.locator('pre').first()).toContainText('x-api-key: [masked]');
  // The session's model calls: the tool calls, with the model's words in the transcript.
  const pg = new Playground(page);
  await expect(pg.calls).toHaveText(['model call 0 · Write', 'model call 1 · Read']);
  const before = await everyCall(page);
  expect(before).toEqual([
    {
      results: [WROTE],
      transcript: [
        'Create hi.txt saying hi, then read it back.',
        'I will create hi.txt.',
        'tool_use toolu_oracle_0_0\nWrite {\n "file_path": "/workspace/project/hi.txt",\n "content": "hi\\n"\n}',
        WROTE,
      ],
    },
    {
      results: ['1\thi\n2\t'],
      transcript: [
        'tool_use toolu_oracle_1_0\nRead {\n "file_path": "/workspace/project/hi.txt"\n}',
        '1\thi\n2\t',
        'hi.txt says hi.',
      ],
    },
  ]);
  await page.screenshot({ path: `${SHOTS}/live-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await live.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/live-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Every stored or exported artefact, searched for the key.
  await pickMenu(page, 'Copy link');
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  await pickMenu(page, 'Copy as GitHub issue');
  const issue = await page.getByRole('textbox', { name: 'GitHub issue markdown' }).inputValue();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pickMenu(page, 'Export scenario'),
  ]);
  const exported = readFileSync((await download.path())!, 'utf8');
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  const dumpIdb = () =>
    page.evaluate(async () => {
      const dump: Record<string, unknown> = {};
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue;
        const db = await new Promise<IDBDatabase>((res, rej) => {
          const r = indexedDB.open(name);
          r.onsuccess = () => res(r.result);
          r.onerror = () => rej(r.error);
        });
        for (const store of db.objectStoreNames)
          dump[`${name}/${store}`] = await new Promise((res, rej) => {
            const r = db.transaction(store).objectStore(store).getAll();
            r.onsuccess = () => res(r.result);
            r.onerror = () => rej(r.error);
          });
        db.close();
      }
      return JSON.stringify(dump);
    });
  // The autosave is debounced: its write has landed once IndexedDB holds the final words.
  await expect.poll(dumpIdb).toContain('hi.txt says hi.');
  const idb = await dumpIdb();
  const artefacts = {
    url,
    issue,
    exported,
    storage,
    idb,
    location: page.url(),
    pageText: await page.evaluate(() => document.body.innerText),
    logs: logs.join('\n'),
  };
  // Each artefact is the live session's (so the search looks in the right place)...
  expect(exported).toContain('hi.txt says hi.');
  expect(idb).toContain('hi.txt says hi.');
  expect(url).toMatch(/#s1\./);
  // ...and none holds the key; none but the page itself shows the base URL.
  for (const [name, text] of Object.entries(artefacts)) {
    expect([name, text.includes(KEY)]).toEqual([name, false]);
    if (name !== 'logs' && name !== 'pageText') expect([name, text.includes(api.url)]).toEqual([name, false]);
  }

  // The link replays the same in a fresh browser, with no key and no request to any API.
  const asked = api.received.length;
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await goto(other, url);
  await expect(other.getByRole('heading', { name: 'blank' })).toBeVisible();
  expect(await everyCall(other)).toEqual(before);
  expect(api.received.length).toBe(asked);
  await fresh.close();
});

test('the tools offered follow the session settings; Stop mid-stream keeps nothing of the half message, and Send goes on', async ({
  page,
}) => {
  const live = await startLive(page);
  // --tools Read,Write: the model is offered exactly those two definitions.
  await page.locator('details.settings-box > summary').click();
  const settings = page.getByRole('region', { name: 'Session settings' });
  await settings.getByRole('radio', { name: 'a list (--tools)' }).check();
  for (const box of await settings.locator('fieldset div label.inline').all()) {
    const name = (await box.textContent())?.trim() ?? '';
    if (['Read', 'Write'].includes(name)) continue;
    await box.getByRole('checkbox').uncheck();
  }
  await settings.getByRole('button', { name: 'Apply and re-run' }).click();
  await expect(page.getByRole('status')).toHaveCount(0);
  api.answer(hang([{ type: 'text', text: 'Let me look around first.' }, READ], 3));
  await send(page, 'Look around.');
  await expect(live.getByRole('list', { name: 'Live transcript' }).locator('pre.live-text')).toHaveText(
    'Let me look around first.',
  );
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(live.getByRole('status')).toHaveText('Stopped by you. Send or Retry goes on from here.');
  await expect(live.getByRole('list', { name: 'Live transcript' }).locator('.block-head').last()).toHaveText(
    'API call 1 · stopped',
  );
  await expect(new Playground(page).calls).toHaveCount(0);
  const defs = (
    JSON.parse(readFileSync('src/profiles/2.1.273/tools.json', 'utf8')) as { tools: { name: string }[] }
  ).tools;
  expect(api.received[0]!.body.tools).toEqual(defs.filter((d) => d.name === 'Read' || d.name === 'Write'));

  api.answer(stream([{ type: 'text', text: 'Fine.' }]));
  await send(page, 'Never mind.');
  await expect(live.getByRole('status')).toHaveText('The model ended its turn.');
  expect(api.received[1]!.body.messages).toEqual([
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Look around.' },
        { type: 'text', text: 'Never mind.' },
      ],
    },
  ]);
});

test('a 429 is retried as retry-after asks; a cut stream and a refused key lose nothing and Retry goes on', async ({
  page,
}) => {
  const live = await startLive(page);
  const log = live.getByRole('list', { name: 'Live transcript' });

  api.answer(
    status(429, { type: 'rate_limit_error', message: 'slow down' }, { 'retry-after': '2' }),
    stream([{ type: 'text', text: 'After the wait.' }]),
  );
  await send(page, 'Hello.');
  await expect(log.getByRole('status')).toHaveText(
    'Rate limited (429): rate_limit_error: slow down. Retrying in 2 s (as the server asked: retry-after), attempt 2…',
  );
  await expect(live.getByRole('status')).toHaveText('The model ended its turn.');
  await expect(log.locator('.block-head').last()).toHaveText('API call 1 · done · attempt 2');
  expect(api.received.length).toBe(2);

  api.answer(
    cut([{ type: 'text', text: 'Writing half' }, WRITE], 4),
    stream([{ type: 'text', text: 'Whole this time.' }]),
  );
  await send(page, 'Again.');
  await expect(live.getByRole('alert')).toHaveText(
    /^The stream was cut mid-way \(after the message started\): .+ Nothing was lost: the conversation is as it was before this call; Retry sends it again\.$/,
  );
  await expect(new Playground(page).calls).toHaveCount(0);
  await live.getByRole('button', { name: 'Retry' }).click();
  await expect(live.getByRole('status')).toHaveText('The model ended its turn.');
  expect(api.received[3]!.body.messages).toEqual(api.received[2]!.body.messages);

  api.answer(
    status(401, { type: 'authentication_error', message: 'invalid x-api-key' }),
    stream([{ type: 'text', text: 'Key fixed.' }]),
  );
  await send(page, 'Once more.');
  await expect(live.getByRole('alert')).toHaveText(
    'The API key was refused (401): check it, or make a new one in the Anthropic Console: authentication_error: invalid x-api-key Nothing was lost: the conversation is as it was before this call; Retry sends it again.',
  );
  await live.getByRole('button', { name: 'Retry' }).click();
  await expect(live.getByRole('status')).toHaveText('The model ended its turn.');
  expect(api.received[5]!.body.messages).toEqual(api.received[4]!.body.messages);
  expect(api.received[5]!.body.messages.at(-1)).toEqual({
    role: 'user',
    content: [{ type: 'text', text: 'Once more.' }],
  });
});
