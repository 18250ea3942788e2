import { describe, expect, it } from 'vitest';
import { Booter, type WebContainerApi } from './boot';
import type { ContainerLike } from './container';

function fakeApi(boot: () => Promise<ContainerLike>) {
  const calls = { boot: 0, keys: [] as string[] };
  const api: WebContainerApi = {
    WebContainer: {
      boot: () => {
        calls.boot++;
        return boot();
      },
    },
    configureAPIKey: (k) => calls.keys.push(k),
  };
  return { calls, load: () => Promise.resolve(api) };
}

const container = (): ContainerLike & { torn: number } => {
  const c = {
    torn: 0,
    workdir: '/home/cc-playground',
    path: '/bin',
    fs: {} as ContainerLike['fs'],
    spawn: () => Promise.reject(new Error('unused')),
    teardown: () => {
      c.torn++;
    },
  };
  return c;
};

describe('bootWebContainer', () => {
  it('says at once when the page is not cross-origin isolated, without booting', async () => {
    const booter = new Booter();
    const f = fakeApi(() => Promise.resolve(container()));
    expect(await booter.boot({ timeoutMs: 50, crossOriginIsolated: false, load: f.load })).toEqual({
      ok: false,
      failure: 'not-isolated',
      reason: 'This page is not cross-origin isolated (it needs the COOP and COEP headers), so WebContainer cannot start.',
    });
    expect(f.calls.boot).toBe(0);
  });

  it('gives up on a boot that never settles, and never boots twice', async () => {
    const booter = new Booter();
    const f = fakeApi(() => new Promise<ContainerLike>(() => undefined));
    const t0 = Date.now();
    const first = await booter.boot({ timeoutMs: 100, crossOriginIsolated: true, load: f.load });
    const took = Date.now() - t0;
    const second = await booter.boot({ timeoutMs: 100, crossOriginIsolated: true, load: f.load });
    const timeout = { ok: false, failure: 'timeout', reason: 'WebContainer did not start within 0.1 s (no network, or StackBlitz could not be reached).' };
    expect([first, second, f.calls.boot, took >= 90 && took < 1000]).toEqual([timeout, timeout, 1, true]);
  });

  it('returns the container, passes the API key, and boots again only after teardown', async () => {
    const booter = new Booter();
    const c = container();
    const f = fakeApi(() => Promise.resolve(c));
    const a = await booter.boot({ timeoutMs: 1000, crossOriginIsolated: true, apiKey: 'k1', load: f.load });
    const b = await booter.boot({ timeoutMs: 1000, crossOriginIsolated: true, load: f.load });
    expect([a, b, f.calls]).toEqual([{ ok: true, container: c }, { ok: true, container: c }, { boot: 1, keys: ['k1'] }]);
    await booter.teardown();
    await booter.boot({ timeoutMs: 1000, crossOriginIsolated: true, load: f.load });
    expect([c.torn, f.calls.boot]).toEqual([1, 2]);
  });

  it('reports a failed boot with its message and lets a later call try again', async () => {
    const booter = new Booter();
    let n = 0;
    const f = fakeApi(() => (++n === 1 ? Promise.reject(new Error('Unable to create more instances')) : Promise.resolve(container())));
    expect(await booter.boot({ timeoutMs: 1000, crossOriginIsolated: true, load: f.load })).toEqual({
      ok: false,
      failure: 'error',
      reason: 'WebContainer failed to start: Unable to create more instances',
    });
    expect((await booter.boot({ timeoutMs: 1000, crossOriginIsolated: true, load: f.load })).ok).toBe(true);
  });
});
