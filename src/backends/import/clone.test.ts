// Cloning over the network, offline: a fake http client answers isomorphic-git's smart-HTTP
// requests with the system git's own upload-pack (`--stateless-rpc`, what git's http backend
// runs), over a repository made in the test. The requests must come through the CORS proxy.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { snapshotFiles } from '../../session/tree';
import { createMemfsWorkspace } from '../memfs';
import { cloneEntries, type CloneProgress } from './clone';
import { importEntries } from './import';

const PROXY = 'https://proxy.example';
const URL_ = 'https://git.example/team/repo.git';
let repo: string;

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'import-clone-'));
  const git = (...a: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...a], { stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(repo, '.gitignore'), 'dist/\n');
  writeFileSync(join(repo, 'a.txt'), 'first\n');
  mkdirSync(join(repo, 'sub'));
  writeFileSync(join(repo, 'sub', 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
  mkdirSync(join(repo, 'dist'));
  writeFileSync(join(repo, 'dist', 'out.js'), 'built\n');
  git('add', '-f', '.');
  git('commit', '-qm', 'one');
  writeFileSync(join(repo, 'a.txt'), 'second\n');
  git('commit', '-qam', 'two');
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

async function collect(body: AsyncIterableIterator<Uint8Array> | undefined): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  if (body) for await (const c of body) parts.push(c);
  return Buffer.concat(parts);
}

async function* once(b: Uint8Array): AsyncIterableIterator<Uint8Array> {
  // In small chunks, as a network would deliver them.
  for (let i = 0; i < b.length; i += 512) yield b.subarray(i, i + 512);
}

/** git's smart HTTP, served by `git upload-pack --stateless-rpc`; records every URL asked. */
function fakeHttp(urls: string[]): HttpClient {
  return {
    async request(req: GitHttpRequest): Promise<GitHttpResponse> {
      urls.push(`${req.method ?? 'GET'} ${req.url}`);
      const expectedBase = `${PROXY}/git.example/team/repo.git`;
      const ok = (body: Uint8Array, type: string): GitHttpResponse => ({
        url: req.url,
        method: req.method,
        statusCode: 200,
        statusMessage: 'OK',
        headers: { 'content-type': type },
        body: once(body),
      });
      if (req.url === `${expectedBase}/info/refs?service=git-upload-pack`) {
        const refs = execFileSync('git', ['upload-pack', '--stateless-rpc', '--advertise-refs', repo]);
        const head = '# service=git-upload-pack\n';
        const pkt = `${(head.length + 4).toString(16).padStart(4, '0')}${head}0000`;
        return ok(Buffer.concat([Buffer.from(pkt), refs]), 'application/x-git-upload-pack-advertisement');
      }
      if (req.method === 'POST' && req.url === `${expectedBase}/git-upload-pack`) {
        const out = execFileSync('git', ['upload-pack', '--stateless-rpc', repo], {
          input: await collect(req.body),
        });
        return ok(out, 'application/x-git-upload-pack-result');
      }
      return { url: req.url, statusCode: 404, statusMessage: 'Not Found', body: once(new Uint8Array()) };
    },
  };
}

async function projectTree(ws: ReturnType<typeof createMemfsWorkspace>): Promise<Record<string, string>> {
  const P = ws.info.cwd;
  const out: Record<string, string> = {};
  for (const [p, v] of [...(await snapshotFiles(ws.fs, P))].sort(([a], [b]) => (a < b ? -1 : 1)))
    out[p.slice(P.length + 1)] = v instanceof Uint8Array ? new TextDecoder().decode(v) : `-> ${v.symlink}`;
  return out;
}

it('clones the default branch through the CORS proxy and imports its last commit, .gitignore applied', async () => {
  const urls: string[] = [];
  const progress: CloneProgress[] = [];
  const { ref, entries } = await cloneEntries({
    url: URL_,
    corsProxy: PROXY,
    http: fakeHttp(urls),
    onProgress: (p) => progress.push(p),
  });
  const ws = createMemfsWorkspace();
  const report = await importEntries(ws, entries);
  expect({ ref, urls, tree: await projectTree(ws), skipped: report.skipped }).toEqual({
    ref: 'main',
    urls: [
      `GET ${PROXY}/git.example/team/repo.git/info/refs?service=git-upload-pack`,
      `POST ${PROXY}/git.example/team/repo.git/git-upload-pack`,
    ],
    tree: { '.gitignore': 'dist/\n', 'a.txt': 'second\n', 'sub/run.sh': '#!/bin/sh\n' },
    skipped: 1,
  });
  expect((await ws.fs.stat(`${ws.info.cwd}/sub/run.sh`)).mode).toEqual(0o755);
  // The bytes received grow to what the server sent.
  const last = progress.at(-1)!;
  expect(last.received).toBeGreaterThan(0);
  expect(progress.every((p, i) => i === 0 || p.received >= progress[i - 1]!.received)).toBe(true);
});

it('stops a download that passes the byte limit, with a message saying so', async () => {
  await expect(
    cloneEntries({ url: URL_, corsProxy: PROXY, http: fakeHttp([]), maxBytes: 100 }),
  ).rejects.toThrow(
    "The repository's download passed 100 B, the limit; clone a smaller repository or raise the limit.",
  );
});

it('is cancelled by its signal', async () => {
  const op = new AbortController();
  op.abort();
  await expect(
    cloneEntries({ url: URL_, corsProxy: PROXY, http: fakeHttp([]), signal: op.signal }),
  ).rejects.toThrow('The clone was cancelled.');
});

it('names the address and the proxy when the server does not answer as git', async () => {
  await expect(
    cloneEntries({ url: 'https://git.example/other.git', corsProxy: PROXY, http: fakeHttp([]) }),
  ).rejects.toThrow(/^Could not clone https:\/\/git\.example\/other\.git through https:\/\/proxy\.example: /);
  await expect(cloneEntries({ url: 'git.example/x', http: fakeHttp([]) })).rejects.toThrow(
    'Not a repository address: "git.example/x" (give an https:// URL).',
  );
});
