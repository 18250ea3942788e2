import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Playground } from './pages/playground';
import { goto } from './ready';

const FILES = 5_000;
const CWD = '/workspace/project';
let dir: string;

test.beforeAll(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'e2e-import-')), 'proj');
  const put = (rel: string, text: string) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('.gitignore', 'node_modules/\n');
  // 4,999 source files, one in 37 with the needle; and an ignored node_modules with it too.
  for (let i = 0; i < FILES - 1; i++)
    put(`src/d${i % 20}/f${i}.ts`, `export const v${i} = ${i};\n${i % 37 === 0 ? '// needle here\n' : ''}`);
  for (let i = 0; i < 30; i++) put(`node_modules/p/m${i}.js`, '// needle in a dependency\n');
});
test.afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

test('imports a 5,000-file folder, greps it as native rg does, and time-travels to the first call', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const pg = new Playground(page);
  await goto(page, '/');
  await page.getByLabel('Import folder').setInputFiles(dir);
  await expect(page.getByRole('status', { name: 'Import result' })).toHaveText(
    /^Imported 5,000 files \([\d.]+ KiB\) from proj; 30 left out by \.gitignore$/,
    { timeout: 120_000 },
  );
  await expect(pg.composer).toBeVisible();

  // Model call 0: Grep for the needle (files_with_matches, the default).
  await pg.compose('Grep', { pattern: 'needle' });
  await expect(pg.calls).toHaveCount(1);
  const result = (await pg.pane('Tool results').locator('pre.model-text').first().textContent()) ?? '';
  const [head, ...paths] = result.split('\n');
  // Native rg over the same folder on disk (its .gitignore honoured as in a repository); the
  // CLI's own ripgrep when this machine has no rg.
  const rg = ['/usr/bin/rg', '/usr/local/bin/rg'].find((p) => existsSync(p));
  test.skip(!rg, 'no native rg on this machine to compare with');
  const native = spawnSync(rg as string, ['-l', '--no-require-git', '--hidden', 'needle', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const expected = native.stdout
    .trim()
    .split('\n')
    // Grep names files relative to the working directory.
    .map((p) => p.replace(/^\.\//, ''))
    .sort();
  expect(expected).toHaveLength(Math.ceil((FILES - 1) / 37) + 0);
  expect(head).toEqual(`Found ${expected.length} files`);
  expect([...paths].sort()).toEqual(expected);

  // Model call 1: a new file (allowed at the prompt).
  await pg.compose('Write', { file_path: `${CWD}/added.txt`, content: 'new\n' });
  const prompt = page.getByRole('alertdialog', { name: 'ask Write wants permission' });
  await prompt.getByRole('button', { name: /^Allow once/ }).click();
  await expect(pg.calls).toHaveCount(2);

  await pg.showFiles();
  const tree = pg.workspace.getByRole('list', { name: 'File tree' });
  await expect(tree.getByRole('button', { name: 'project/added.txt', exact: true })).toBeVisible();
  // Back to the first call: the file did not exist yet, every imported file is there.
  await pg.selectCall(0);
  await expect(pg.workspace.getByRole('heading')).toContainText('after model call 0');
  await expect(tree.getByRole('button', { name: 'project/added.txt', exact: true })).toHaveCount(0);
  // The tree is virtualised: every file is counted in it, a screenful or so is rendered.
  const rows = tree.getByRole('listitem');
  const total = Number(await rows.first().getAttribute('aria-setsize'));
  expect(total).toBeGreaterThanOrEqual(FILES);
  expect(await rows.count()).toBeLessThan(200);
  await tree.getByRole('button', { name: 'project/src/d0/f0.ts', exact: true }).click();
  await expect(pg.workspace.locator('.file-head code')).toHaveText('project/src/d0/f0.ts');
  // Scrolled to the end, the last files are rendered and open.
  await tree.evaluate((el) => (el.parentElement!.scrollTop = el.parentElement!.scrollHeight));
  await expect(rows.last()).toHaveAttribute('aria-posinset', String(total));
  const last = rows.last().getByRole('button');
  const lastName = (await last.textContent()) ?? '';
  expect(lastName).toMatch(/^project\/src\/d\d+\/f\d+\.ts$/);
  await last.click();
  await expect(pg.workspace.locator('.file-head code')).toHaveText(lastName);
  // The keyboard walks the whole list: Home goes back to the first file, ArrowDown on.
  await last.press('Home');
  await expect(rows.first()).toHaveAttribute('aria-posinset', '1');
  await expect(rows.first().getByRole('button')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1).getByRole('button')).toBeFocused();
  await expect(rows.nth(1).getByRole('button')).toHaveAttribute('aria-current', 'true');
  await pg.shot('import-time-travel');
});
