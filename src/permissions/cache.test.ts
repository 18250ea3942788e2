// The rule-set cache must never change an answer: a context edited in place, a second context
// with the same rules, and a parse result changed by its caller all give what an uncached
// engine gives; nor does the fast path of normalizePath.
import { describe, expect, it } from 'vitest';
import { clearPermissionCaches } from './cache';
import { normalizePath as rebuildPath } from '../text/paths';
import {
  bashSpecifierMatches,
  collectRules,
  decide,
  normalizePath,
  parseRule,
  readDenyFilter,
} from './index';
import type { PermissionContext, PermissionRequest } from './types';
import { getProfile } from '../profiles';

const CWD = '/r/project';
const context = (deny: string[]): PermissionContext => ({
  mode: 'bypassPermissions',
  cwd: CWD,
  home: '/r/home',
  behaviour: getProfile().permissions,
  trusted: false,
  sources: { project: { permissions: { deny } } },
  cli: {},
});
const grep = (paths: string[]): PermissionRequest => ({
  tool: 'Grep',
  kind: 'read',
  paths,
  input: { pattern: 'x' },
});

describe('rule-set cache', () => {
  it('sees a deny rule added in place to a context it has already answered for', async () => {
    const deny = ['Read(./secrets/**)'];
    const ctx = context(deny);
    const paths = [`${CWD}/a.md`, `${CWD}/b.ts`];
    expect(await decide(grep(paths), ctx)).toEqual({
      behavior: 'allow',
      reason: 'inside the working directories',
    });
    deny.push('Read(**/*.md)');
    expect(await decide(grep(paths), ctx)).toEqual({
      behavior: 'deny',
      reason: `Read(**/*.md) denies reading ${CWD}/a.md`,
      rule: { text: 'Read(**/*.md)', source: 'project' },
      message: `Permission to read ${CWD}/a.md has been denied.`,
      structured: `Error: Permission to read ${CWD}/a.md has been denied.`,
      permissionDenial: true,
    });
  });

  it('gives the same filter answers cached, uncached, and for a second context', () => {
    const paths = ['a.md', 'b.ts', 'secrets/k.txt', 'sub/c.md', '../out.md'].map((p) => `${CWD}/${p}`);
    const rules = ['Read(./secrets/**)', 'Read(**/*.md)'];
    const answers = (ctx: PermissionContext) => paths.map(readDenyFilter(ctx));
    clearPermissionCaches();
    const uncached = answers(context(rules));
    expect(uncached).toEqual([true, false, true, true, false]);
    expect(answers(context(rules))).toEqual(uncached);
    expect(answers(context([...rules]))).toEqual(uncached);
    expect(answers(context(['Read(./secrets/**)']))).toEqual([false, false, true, false, false]);
  });

  it('hands out rules its callers may change without changing later answers', () => {
    const first = parseRule('Bash(npm run test:*)');
    if (first) first.content = 'rm:*';
    expect(parseRule('Bash(npm run test:*)')).toEqual({ tool: 'Bash', content: 'npm run test:*' });
    const ctx = context(['Read(./.env)']);
    const rules = collectRules(ctx);
    rules.length = 0;
    expect(collectRules(ctx)).toEqual([
      {
        tool: 'Read',
        content: './.env',
        behavior: 'deny',
        source: 'project',
        text: 'Read(./.env)',
        root: CWD,
      },
    ]);
  });

  it('matches wildcard Bash rules the same on every call', () => {
    const texts = ['echo', 'echo hi', 'echoes', 'git push'];
    expect(texts.map((t) => bashSpecifierMatches('echo *', t))).toEqual([true, true, false, false]);
    expect(texts.map((t) => bashSpecifierMatches('echo *', t))).toEqual([true, true, false, false]);
  });
});

describe('normalizePath fast path', () => {
  it('gives what the full normaliser gives, normal or not', () => {
    const paths = [
      '/',
      '//',
      '/a',
      '/a/',
      '/a//b',
      '/a/./b',
      '/a/.',
      '/a/..',
      '/a/../..',
      '/..',
      '/.hidden/x',
      '/a/..b/.c',
      '/a/b...',
      'a/b',
      './a',
      '',
      '/a/b/c.txt',
    ];
    expect(paths.map(normalizePath)).toEqual(paths.map(rebuildPath));
    expect(paths.map(normalizePath)).toEqual([
      '/',
      '/',
      '/a',
      '/a',
      '/a/b',
      '/a/b',
      '/a',
      '/',
      '/',
      '/',
      '/.hidden/x',
      '/a/..b/.c',
      '/a/b...',
      '/a/b',
      '/a',
      '/',
      '/a/b/c.txt',
    ]);
  });
});
