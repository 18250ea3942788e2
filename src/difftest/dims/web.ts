// WebFetch and WebSearch failure paths: missing pages, server errors, redirects to other hosts,
// unscripted hosts, the domain check refusing or failing, bad URLs, search errors and filters.
import type { Call, Dimension, JsonObject } from '../types';

const PAGES: JsonObject = {
  'https://example.com/a': { body: '<html><body><h1>T</h1><p>hello</p></body></html>' },
  'https://example.com/500': { status: 500, body: 'boom' },
  'https://example.com/403': { status: 403, body: 'no' },
  'https://example.com/old': { redirect: 'https://other.org/new', status: 301 },
  'https://example.com/same': { redirect: 'https://example.com/a', status: 302 },
  'https://other.org/new': { body: '<p>moved</p>' },
  'https://example.com/plain': { headers: { 'content-type': 'text/plain' }, body: 'plain\n' },
};

const URLS = [
  'https://example.com/a',
  'https://example.com/missing',
  'https://example.com/500',
  'https://example.com/403',
  'https://example.com/old',
  'https://example.com/same',
  'https://unscripted.net/x',
  'http://example.com/plain',
  'not a url',
  'ftp://example.com/a',
  'https://localhost/x',
];

const DOMAIN_CHECK = ['allowed', 'blocked', 'error', 'unreachable'];

export const web: Dimension = {
  name: 'web',
  varies:
    'WebFetch URLs (404, 500, 403, cross-host and same-host redirects, unscripted hosts, bad URLs) x domain check x WebSearch errors and domain filters x mode',
  combinable: false,
  sample(rng) {
    const calls: Call[] = [];
    for (let i = 1 + rng.int(2); i > 0; i--) {
      if (rng.chance(0.7))
        calls.push({ name: 'WebFetch', input: { url: rng.pick(URLS), prompt: 'summarise' } });
      else {
        const input: JsonObject = { query: rng.pick(['docs', 'x', '']) };
        if (rng.chance(0.3)) input.allowed_domains = ['example.com'];
        if (rng.chance(0.3)) input.blocked_domains = ['other.org'];
        calls.push({ name: 'WebSearch', input });
      }
    }
    const searchError = rng.chance(0.4);
    const domain = rng.pick(DOMAIN_CHECK);
    const mode = rng.pick(['bypassPermissions', 'default', 'acceptEdits']);
    return {
      tools: ['WebFetch', 'WebSearch'],
      mode,
      timeout: 90,
      web: {
        pages: PAGES,
        domain_check: domain,
        search: {
          '*': searchError
            ? [{ query: 'q', error: 'max_uses_exceeded' }]
            : [{ query: 'q', results: [{ title: 'Doc', url: 'https://example.com/a' }] }],
        },
      },
      turns: calls.map((c) => [c]),
      note: `${mode} domain=${domain} searchError=${searchError}`,
    };
  },
};
