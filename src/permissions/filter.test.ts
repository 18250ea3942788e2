// readDeniedPaths must answer, for every path, what decide() answers for a one-path read
// request (the Glob/Grep result filter), while resolving each path's symlink target once.
import { describe, expect, it } from 'vitest';
import { decide } from './engine';
import { readDeniedPaths } from './filter';
import type { Mode, PermissionContext } from './types';
import { getProfile } from '../profiles';

const CWD = '/r/project';
/** Symlinks of the fake filesystem: a directory into secrets/, a file into secrets/, a
 * directory outside the project. */
const LINKS: Record<string, string> = {
  [`${CWD}/docs`]: `${CWD}/secrets`,
  [`${CWD}/alias.txt`]: `${CWD}/secrets/key.txt`,
  [`${CWD}/ext`]: '/r/elsewhere',
};

function context(
  deny: string[],
  opts: { mode?: Mode; ask?: string[]; calls?: string[] } = {},
): PermissionContext {
  return {
    mode: opts.mode ?? 'bypassPermissions',
    cwd: CWD,
    home: '/r/home',
    behaviour: getProfile().permissions,
    trusted: false,
    sources: { project: { permissions: { deny, ask: opts.ask ?? [] } } },
    cli: {},
    realpath: (p) => {
      opts.calls?.push(p);
      for (const [link, target] of Object.entries(LINKS))
        if (p === link || p.startsWith(`${link}/`)) return Promise.resolve(target + p.slice(link.length));
      return Promise.resolve(p);
    },
  };
}

const PATHS = [
  'a.ts',
  'notes.md',
  'secrets/key.txt',
  'docs/guide.txt',
  'alias.txt',
  'ext/x.md',
  'ext/y.ts',
  'src/deep/z.md',
].map((p) => `${CWD}/${p}`);

const denied = async (ctx: PermissionContext, paths = PATHS, tool = 'Grep') =>
  [...(await readDeniedPaths({ tool, paths, input: { pattern: 'x' } }, ctx))].sort();

/** What deciding each path on its own gives: the behaviour the batch must keep. */
async function oneByOne(ctx: PermissionContext, paths = PATHS, tool = 'Grep'): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const d = await decide({ tool, kind: 'read', paths: [p], input: { pattern: 'x' } }, ctx);
    if (d.behavior !== 'allow') out.push(p);
  }
  return out.sort();
}

describe('readDeniedPaths', () => {
  it('denies nothing without rules, asking for each target once', async () => {
    const calls: string[] = [];
    expect(await denied(context([], { calls }))).toEqual([]);
    expect(calls.sort()).toEqual([...PATHS].sort());
  });

  it('denies a directory, through a symlinked directory and a symlinked file too', async () => {
    const ctx = context(['Read(./secrets/**)']);
    const expected = [`${CWD}/alias.txt`, `${CWD}/docs/guide.txt`, `${CWD}/secrets/key.txt`];
    expect(await denied(ctx)).toEqual(expected);
    expect(await oneByOne(ctx)).toEqual(expected);
  });

  it('matches a pattern rule on the path as given and on its target', async () => {
    const ctx = context(['Read(**/*.md)', 'Read(//r/elsewhere/y.ts)']);
    const expected = [`${CWD}/ext/x.md`, `${CWD}/ext/y.ts`, `${CWD}/notes.md`, `${CWD}/src/deep/z.md`];
    expect(await denied(ctx)).toEqual(expected);
    expect(await oneByOne(ctx)).toEqual(expected);
  });

  it('leaves out paths outside the project (via a symlink) where the mode would ask', async () => {
    const outside = [`${CWD}/ext/x.md`, `${CWD}/ext/y.ts`];
    expect(await denied(context([], { mode: 'default' }))).toEqual(outside);
    expect(await oneByOne(context([], { mode: 'default' }))).toEqual(outside);
    expect(await denied(context([], { mode: 'dontAsk' }))).toEqual(outside);
    expect(await denied(context([], { mode: 'plan' }))).toEqual([]);
    expect(await denied(context([]))).toEqual([]);
  });

  it('leaves out paths under an ask rule even in bypassPermissions', async () => {
    const ctx = context([], { ask: ['Read(./secrets/**)'] });
    const expected = [`${CWD}/alias.txt`, `${CWD}/docs/guide.txt`, `${CWD}/secrets/key.txt`];
    expect(await denied(ctx)).toEqual(expected);
    expect(await oneByOne(ctx)).toEqual(expected);
  });

  it('leaves out everything when the tool itself is denied, and only for that tool', async () => {
    const ctx = context(['Glob']);
    expect(await denied(ctx, PATHS, 'Glob')).toEqual([...PATHS].sort());
    expect(await denied(ctx, PATHS, 'Grep')).toEqual([]);
  });

  it('answers each distinct path once, for duplicates and no paths alike', async () => {
    const calls: string[] = [];
    const twice = [`${CWD}/docs/guide.txt`, `${CWD}/a.ts`, `${CWD}/docs/guide.txt`];
    expect(await denied(context(['Read(./secrets/**)'], { calls }), twice)).toEqual([
      `${CWD}/docs/guide.txt`,
    ]);
    expect(calls.sort()).toEqual([`${CWD}/a.ts`, `${CWD}/docs/guide.txt`]);
    expect(await denied(context(['Read(./secrets/**)']), [])).toEqual([]);
  });

  it('answers as one-path decisions do in every mode, under every kind of rule', async () => {
    const modes: Mode[] = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'];
    const ruleSets: { deny: string[]; ask?: string[] }[] = [
      { deny: [] },
      { deny: ['Read(./secrets/**)'], ask: ['Read(**/*.md)'] },
      { deny: ['Grep'] },
      { deny: [], ask: ['Grep'] },
      { deny: ['Edit(./src/**)', 'Read(//r/elsewhere/**)'] },
    ];
    for (const mode of modes)
      for (const { deny, ask } of ruleSets) {
        const ctx = context(deny, { mode, ask });
        expect({ mode, deny, ask, denied: await denied(ctx) }).toEqual({
          mode,
          deny,
          ask,
          denied: await oneByOne(ctx),
        });
      }
  });

  it('checks only the paths as given without a realpath', async () => {
    const ctx = { ...context(['Read(./secrets/**)']), realpath: undefined };
    expect(await denied(ctx)).toEqual([`${CWD}/secrets/key.txt`]);
  });
});
