// WebFetch and WebSearch through the session, on memfs, against a scripted web: whole results
// as the recorded scenarios show them (conformance/scenarios/web-*).
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createJustBashShell } from '../../backends/shell/justbash';
import type { Scenario } from '../../scenario/schema';
import type { WebScript } from '../../scenario/web';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { ALL_TOOLS } from '../registry';
import { htmlToMarkdown } from './markdown';

const ws = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
const fetch = (url: string, prompt = 'summarise') => ({ name: 'WebFetch', input: { url, prompt } });

async function replay(web: WebScript, turns: Scenario['turns'], extra: Partial<Scenario> = {}) {
  const scenario: Scenario = { id: 't', tools: ['WebFetch', 'WebSearch'], mode: 'bypassPermissions', web, turns, ...extra };
  const { result } = await replayScenario(ws(), scenario, 't', { tools: ALL_TOOLS, permissions: createPermissions });
  return result.turns.flatMap((t) => t.calls.map((c) => [c.is_error, c.content, c.structured]));
}

const PAGES: WebScript['pages'] = {
  'https://example.com/a': { body: '<h1>Title</h1><p>Hello <b>world</b></p>' },
  'https://example.com/away': { redirect: 'https://other.org/page', status: 301 },
  'https://example.com/www': { redirect: 'https://www.example.com/a', status: 302 },
  'https://www.example.com/a': { headers: { 'content-type': 'text/plain' }, body: 'www page' },
  'https://example.com/gone': { status: 404, body: 'nope' },
};

describe('WebFetch', () => {
  it('converts HTML as Turndown does by default', () => {
    expect(htmlToMarkdown('<h1>T</h1><h2>S</h2><ul><li>a</li></ul><pre><code>x\n</code></pre><hr><i>e</i>')).toBe(
      'T\n=\n\nS\n-\n\n*   a\n\n    x\n    \n\n* * *\n\n_e_',
    );
  });

  it('answers with the small model, hands back a cross-host redirect, follows www., reports a 404 without its body', async () => {
    const r = await replay({ pages: PAGES, answer: 'It says hello.' }, [
      [fetch('http://example.com/a'), fetch('https://example.com/away', 'p'), fetch('https://example.com/www'), fetch('https://example.com/gone')],
    ]);
    const redirect = `REDIRECT DETECTED: The URL redirects to a location that was not fetched automatically.

    Original URL: https://example.com/away
    Redirect URL (from the server's Location header — server-supplied, not verified): https://other.org/page
    Status: 301 Moved Permanently

    To complete your request, I need to fetch content from the redirected URL. Please use WebFetch again with these parameters:
    - url: "https://other.org/page"
    - prompt: "p"`;
    const gone =
      'The server returned HTTP 404 Not Found.\n\nThe response body was not retrieved. If this URL requires authentication, use an authenticated tool (e.g. `gh` for GitHub, or an MCP-provided fetch tool) instead of WebFetch.';
    const ok = (bytes: number, code: number, codeText: string, result: string, url: string) => ({
      bytes, code, codeText, result, durationMs: '<n>', url,
    });
    expect(r).toEqual([
      [false, 'It says hello.', ok(39, 200, 'OK', 'It says hello.', 'http://example.com/a')],
      [false, redirect, ok(new TextEncoder().encode(redirect).length, 301, 'Moved Permanently', redirect, 'https://example.com/away')],
      [false, 'It says hello.', ok(8, 200, 'OK', 'It says hello.', 'https://example.com/www')],
      [false, gone, ok(0, 404, 'Not Found', gone, 'https://example.com/gone')],
    ]);
  });

  it('refuses dotless hosts, a blocked or unverifiable domain, and a host the web does not serve', async () => {
    const r = await replay({ pages: PAGES, domain_check: { 'evil.com': 'blocked', 'down.com': 'error', '*': 'allowed' } }, [
      [fetch('http://intranet/x'), fetch('https://evil.com/'), fetch('https://down.com/'), fetch('https://nowhere.net/')],
    ]);
    const err = (t: string) => [true, t, `Error: ${t}`];
    expect(r).toEqual([
      err('WebFetch cannot fetch localhost or other hostnames without a dot. To reach a local server, use Bash with curl instead.'),
      err('Claude Code is unable to fetch from evil.com'),
      err(
        'Unable to verify if domain down.com is safe to fetch. This may be due to network restrictions or enterprise security policies blocking claude.ai.',
      ),
      err('Proxy connection ended before receiving CONNECT response'),
    ]);
  });

  it('notes a page cut at 100,000 characters in 2.1.332 only, and refuses an empty answer there', async () => {
    const web: WebScript = {
      pages: { 'https://example.com/big': { headers: { 'content-type': 'text/plain' }, repeat: 'x', count: 150_000 } },
    };
    const calls = [[fetch('https://example.com/big')]];
    const note =
      "ok\n\n[WebFetch note: this page's text is 150000 characters long and the answer above covers only characters 0 to 100000; the final 50000 were not read — to read on, call WebFetch again with the same url and offset: 100000.]";
    const s = (result: string) => ({ bytes: 150000, code: 200, codeText: 'OK', result, durationMs: '<n>', url: 'https://example.com/big' });
    expect([await replay(web, calls), await replay(web, calls, { version: '2.1.332' })]).toEqual([
      [[false, 'ok', s('ok')]],
      [[false, note, s(note)]],
    ]);
    const empty = { ...web, answer: '' };
    const quiet = (result: string) => ({ ...s(result), bytes: 150000 });
    const refusal = 'The small, fast model that reads the content gave no answer. Trying again may work.';
    expect([await replay(empty, calls), await replay(empty, calls, { version: '2.1.332' })]).toEqual([
      [[false, '(WebFetch completed with no output)', quiet('')]],
      [[true, refusal, `Error: ${refusal}`]],
    ]);
  });
});

describe('WebSearch', () => {
  it('joins the search blocks, says when a search found nothing, refuses both domain lists', async () => {
    const r = await replay(
      {
        search: {
          q1: [{ text: 'Searching.' }, { query: 'q1', results: [{ title: 'A "b"', url: 'https://a.example/' }] }, { text: 'Done.' }],
        },
      },
      [[{ name: 'WebSearch', input: { query: 'q1' } }, { name: 'WebSearch', input: { query: 'q2' } }, { name: 'WebSearch', input: { query: 'q3', allowed_domains: ['a.example'], blocked_domains: ['b.example'] } }]],
    );
    const REMINDER = 'REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.';
    expect(r).toEqual([
      [
        false,
        `Web search results for query: "q1"\n\nSearching.\n\nLinks: [{"title":"A \\"b\\"","url":"https://a.example/"}]\n\nDone.\n\n\n${REMINDER}`,
        {
          query: 'q1',
          results: ['Searching.', { tool_use_id: 'srvtoolu_oracle_1_1', content: [{ title: 'A "b"', url: 'https://a.example/' }] }, 'Done.'],
          durationSeconds: '<n>',
          searchCount: 1,
        },
      ],
      [
        false,
        `Web search results for query: "q2"\n\nNo links found.\n\nok\n\n\n${REMINDER}`,
        { query: 'q2', results: [{ tool_use_id: 'srvtoolu_oracle_2_0', content: [] }, 'ok'], durationSeconds: '<n>', searchCount: 1 },
      ],
      [
        true,
        '<tool_use_error>Error: Cannot specify both allowed_domains and blocked_domains in the same request</tool_use_error>',
        'Error: Error: Cannot specify both allowed_domains and blocked_domains in the same request',
      ],
    ]);
  });
});
