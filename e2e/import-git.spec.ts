// Git imports in the page: a bundle file (offline), and a clone through a CORS proxy whose
// requests the test answers with the system git's upload-pack (page.route), as a proxy in
// front of a git host would.
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Playground, pickMenu } from './pages/playground';
import { goto } from './ready';

let repo: string;

test.beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'e2e-import-git-'));
  const git = (...a: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...a], { stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(repo, '.gitignore'), 'dist/\n');
  mkdirSync(join(repo, 'src'));
  for (let i = 0; i < 20; i++) writeFileSync(join(repo, 'src', `f${i}.ts`), `export const v${i} = ${i};\n`);
  writeFileSync(join(repo, 'src', 'needle.ts'), '// needle here\n');
  mkdirSync(join(repo, 'dist'));
  writeFileSync(join(repo, 'dist', 'out.js'), '// needle built\n');
  git('add', '-f', '.');
  git('commit', '-qm', 'one');
  git('bundle', 'create', '-q', 'repo.bundle', 'HEAD', 'main');
});
test.afterAll(() => rmSync(repo, { recursive: true, force: true }));

test('imports a git bundle file: the files of its HEAD, .gitignore applied, and Grep finds them', async ({
  page,
}) => {
  const pg = new Playground(page);
  await goto(page, '/');
  await page.getByLabel('Import archive').setInputFiles(join(repo, 'repo.bundle'));
  await expect(page.getByRole('status', { name: 'Import result' })).toHaveText(
    /^Imported 22 files \(461 B\) from repo\.bundle; 1 left out by \.gitignore$/,
    { timeout: 30_000 },
  );
  await pg.compose('Grep', { pattern: 'needle' });
  await expect(pg.calls).toHaveCount(1);
  await expect(pg.pane('Tool results').locator('pre.model-text').first()).toHaveText(
    'Found 1 file\nsrc/needle.ts',
  );
});

test('clones a git repository through the CORS proxy it is given', async ({ page }) => {
  const asked: string[] = [];
  await page.route('https://proxy.test/**', async (route) => {
    const req = route.request();
    asked.push(`${req.method()} ${req.url()}`);
    const cors = { 'access-control-allow-origin': '*' };
    if (req.method() === 'OPTIONS')
      return route.fulfill({
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-headers': '*',
          'access-control-allow-methods': 'GET, POST',
        },
      });
    if (req.url().endsWith('/info/refs?service=git-upload-pack')) {
      const refs = execFileSync('git', ['upload-pack', '--stateless-rpc', '--advertise-refs', repo]);
      const head = '# service=git-upload-pack\n';
      const pkt = `${(head.length + 4).toString(16).padStart(4, '0')}${head}0000`;
      return route.fulfill({
        status: 200,
        headers: { ...cors, 'content-type': 'application/x-git-upload-pack-advertisement' },
        body: Buffer.concat([Buffer.from(pkt), refs]),
      });
    }
    const out = execFileSync('git', ['upload-pack', '--stateless-rpc', repo], {
      input: req.postDataBuffer() ?? '',
    });
    return route.fulfill({
      status: 200,
      headers: { ...cors, 'content-type': 'application/x-git-upload-pack-result' },
      body: out,
    });
  });
  await goto(page, '/');
  await pickMenu(page, 'Import git repository…');
  const form = page.getByRole('form', { name: 'Import git repository' });
  await form.getByLabel('Repository URL').fill('https://git.test/team/repo.git');
  await form.getByLabel('CORS proxy').fill('https://proxy.test');
  await form.getByRole('button', { name: 'Import git repository' }).click();
  await expect(page.getByRole('status', { name: 'Import result' })).toHaveText(
    /^Imported 22 files \(461 B\) from repo\.git; 1 left out by \.gitignore$/,
    { timeout: 30_000 },
  );
  expect(asked.filter((a) => !a.startsWith('OPTIONS'))).toEqual([
    'GET https://proxy.test/git.test/team/repo.git/info/refs?service=git-upload-pack',
    'POST https://proxy.test/git.test/team/repo.git/git-upload-pack',
  ]);
});
