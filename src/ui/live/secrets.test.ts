// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'sk-ant-api03-unit-secret';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('the key store', () => {
  it('keeps the key in memory only, unless Remember is ticked; unticking removes it from the browser', async () => {
    const { loadSecrets, saveSecrets } = await import('./secrets');
    expect(loadSecrets()).toEqual({ apiKey: '', baseUrl: '', remember: false });
    saveSecrets({ apiKey: KEY, baseUrl: 'https://proxy.example/?t=x', remember: false });
    expect({ ...localStorage }).toEqual({});
    expect(loadSecrets()).toEqual({ apiKey: KEY, baseUrl: 'https://proxy.example/?t=x', remember: false });

    saveSecrets({ apiKey: KEY, baseUrl: 'https://proxy.example/?t=x', remember: true });
    expect({ ...localStorage }).toEqual({
      'cc-playground.live.apiKey': KEY,
      'cc-playground.live.baseUrl': 'https://proxy.example/?t=x',
    });
    // A new tab (a fresh module) finds the remembered key.
    vi.resetModules();
    expect((await import('./secrets')).loadSecrets()).toEqual({
      apiKey: KEY,
      baseUrl: 'https://proxy.example/?t=x',
      remember: true,
    });

    saveSecrets({ apiKey: KEY, baseUrl: '', remember: false });
    expect({ ...localStorage }).toEqual({});
  });
});
