import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../workspace/types';
import { createBackendChoice, type WebContainerModule } from './choice';

const ws = (backend: 'memfs' | 'webcontainer') => ({ info: { backend } }) as Workspace;

function module(result: Awaited<ReturnType<WebContainerModule['chooseWebContainer']>> | Promise<never>) {
  const calls: string[] = [];
  const m: WebContainerModule = {
    chooseWebContainer: (o) => {
      calls.push(`choose ${o.timeoutMs} ${o.apiKey}`);
      return Promise.resolve(result);
    },
  };
  return { calls, load: () => Promise.resolve(m) };
}

describe('createBackendChoice', () => {
  it('falls back to memfs with the reason when WebContainer cannot start, and keeps building memfs workspaces', async () => {
    const m = module({ ok: false, reason: 'no network' });
    const choice = createBackendChoice({ memfs: () => Promise.resolve(ws('memfs')), load: m.load, timeoutMs: 4000, apiKey: 'k' });
    const make = choice.makeWorkspace;
    const seen: string[] = [];
    choice.subscribe(() => seen.push(`${choice.get().backend}/${choice.get().phase}`));
    expect(await choice.choose('webcontainer')).toEqual({ backend: 'memfs', phase: 'fallback', reason: 'no network' });
    expect([seen, m.calls, (await make()).info.backend, choice.makeWorkspace === make]).toEqual([['webcontainer/booting', 'memfs/fallback'], ['choose 4000 k'], 'memfs', true]);
  });

  it('builds WebContainer workspaces once booted, memfs after switching back, and does not boot twice', async () => {
    const m = module({ ok: true, makeWorkspace: () => ws('webcontainer') });
    const choice = createBackendChoice({ memfs: () => Promise.resolve(ws('memfs')), load: m.load });
    expect(await choice.choose('webcontainer')).toEqual({ backend: 'webcontainer', phase: 'ready' });
    expect((await choice.makeWorkspace()).info.backend).toBe('webcontainer');
    expect(await choice.choose('memfs')).toEqual({ backend: 'memfs', phase: 'ready' });
    expect((await choice.makeWorkspace()).info.backend).toBe('memfs');
    expect(await choice.choose('webcontainer')).toEqual({ backend: 'webcontainer', phase: 'ready' });
    expect([(await choice.makeWorkspace()).info.backend, m.calls]).toEqual(['webcontainer', ['choose undefined undefined']]);
  });

  it('reports a module that fails to load as the fallback reason', async () => {
    const choice = createBackendChoice({ memfs: () => Promise.resolve(ws('memfs')), load: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) });
    expect(await choice.choose('webcontainer')).toEqual({ backend: 'memfs', phase: 'fallback', reason: 'Failed to fetch dynamically imported module' });
  });
});
