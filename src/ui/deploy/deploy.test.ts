import { describe, expect, it } from 'vitest';
import { shareBase } from './address';
import { ensureIsolation } from './isolation';

describe('shareBase', () => {
  it('is the origin and the base path by default, at the root and under a sub-path', () => {
    expect(shareBase(undefined, '/', 'https://example.org')).toBe('https://example.org/');
    expect(shareBase('', '/cc-playground/', 'https://someone.github.io')).toBe(
      'https://someone.github.io/cc-playground/',
    );
  });
  it('is the build-time address when one is set', () => {
    expect(shareBase(' https://play.example.org/tools/ ', '/', 'http://127.0.0.1:4173')).toBe(
      'https://play.example.org/tools/',
    );
  });
});

describe('ensureIsolation', () => {
  it('registers the service worker under the base only when the page is not isolated', async () => {
    const calls: unknown[] = [];
    const serviceWorker = {
      register: (url: string | URL, opts?: RegistrationOptions) => {
        calls.push([url, opts]);
        return Promise.resolve({} as ServiceWorkerRegistration);
      },
    };
    expect(
      await ensureIsolation('/cc/', { crossOriginIsolated: true, isSecureContext: true, serviceWorker }),
    ).toBe('isolated');
    expect(calls).toEqual([]);
    expect(
      await ensureIsolation('/cc/', { crossOriginIsolated: false, isSecureContext: true, serviceWorker }),
    ).toBe('registered');
    expect(calls).toEqual([['/cc/coi-sw.js', { scope: '/cc/' }]]);
    expect(
      await ensureIsolation('/', { crossOriginIsolated: false, isSecureContext: false, serviceWorker }),
    ).toBe('unsupported');
    expect(await ensureIsolation('/', { crossOriginIsolated: false, isSecureContext: true })).toBe(
      'unsupported',
    );
  });
});
