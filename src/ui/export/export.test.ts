// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ModelCallRecord } from '../../session/engine';
import { exportedSession, type ExportedSession } from './data';
import { embeddedJson, exportHtml, inlineScript } from './html';
import { renderSession } from './viewer/render';

const HOSTILE = '</script><script>window.pwned = 1</script><!-- <img src=x onerror="window.pwned=2">';

const history: ModelCallRecord[] = [
  {
    index: 0,
    attachments: [],
    ledger: [{ path: '/w/a.txt', content: HOSTILE, mtimeMs: 0, partial: false, via: 'Read', callId: 'toolu_1' }],
    calls: [
      {
        id: 'toolu_1',
        name: 'Read',
        input: { file_path: '/w/a.txt' },
        rendered: { content: `1\t${HOSTILE}\n`, is_error: false },
        decision: { behavior: 'allow', reason: 'Read is read-only inside the working directory' },
        explain: 'Whole file read.',
        stage: 'call',
      },
      {
        id: 'toolu_2',
        name: 'Edit',
        input: { file_path: '/w/b.txt', old_string: 'x', new_string: 'y' },
        rendered: { content: '<tool_use_error>File has not been read yet.</tool_use_error>', is_error: true },
        explain: 'Not read.',
        stage: 'validate',
      },
    ],
  },
];

const session = (): ExportedSession =>
  exportedSession({ title: 'a <b> title', version: '2.1.273', model: 'claude-x', link: 'https://example.test/#s=abc', history });

describe('exportedSession', () => {
  it('keeps each call’s exact result, decision and the ledger', () => {
    expect(session()).toEqual({
      format: 'ccp-export/1',
      title: 'a <b> title',
      version: '2.1.273',
      model: 'claude-x',
      link: 'https://example.test/#s=abc',
      modelCalls: [
        {
          index: 0,
          attachments: [],
          ledger: [{ path: '/w/a.txt', view: 'whole file', via: 'Read', callId: 'toolu_1' }],
          calls: [
            {
              id: 'toolu_1',
              name: 'Read',
              input: { file_path: '/w/a.txt' },
              content: `1\t${HOSTILE}\n`,
              isError: false,
              decision: { behavior: 'allow', reason: 'Read is read-only inside the working directory' },
              explain: 'Whole file read.',
            },
            {
              id: 'toolu_2',
              name: 'Edit',
              input: { file_path: '/w/b.txt', old_string: 'x', new_string: 'y' },
              content: '<tool_use_error>File has not been read yet.</tool_use_error>',
              isError: true,
              decision: { behavior: 'none', reason: 'stopped by the tool’s own checks before the permission check' },
              explain: 'Not read.',
            },
          ],
        },
      ],
    });
  });
});

describe('embeddedJson', () => {
  it('escapes what could end a script element, and parses back to the same value', () => {
    const v = { t: '</script><!--&\u2028\u2029' };
    const out = embeddedJson(v);
    expect(out).toBe('{"t":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}');
    expect(JSON.parse(out)).toEqual(v);
  });
});

describe('inlineScript', () => {
  it('breaks up a closing script tag and a comment opener inside the viewer code', () => {
    expect(inlineScript('a("</script>");b("<!--");c("</SCRIPT")')).toBe('a("<\\/script>");b("<\\!--");c("<\\/SCRIPT")');
  });
});

describe('exportHtml', () => {
  const html = exportHtml(session(), 'document.body.dataset.viewer = "ran";');

  it('a tool result holding </script> stays inside the JSON element', () => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('type'))).toEqual(['application/json', null]);
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toEqual(session());
    expect(scripts[1]?.textContent).toBe('document.body.dataset.viewer = "ran";');
    expect(doc.querySelectorAll('img').length).toBe(0);
    expect(doc.title).toBe('a <b> title · cc-playground');
  });

  it('refers to no web address but the re-run link, and its policy fetches nothing', () => {
    const withoutLink = html.split('https://example.test/#s=abc').join('');
    expect(withoutLink).not.toMatch(/https?:/i);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">`,
    );
    // The page itself (its data aside, which is only ever text) loads no resource.
    const page = html.replace(/<script type="application\/json" id="ccp-session">[^<]*<\/script>/, '');
    expect(page).not.toMatch(/<link\b|@import|url\(|\ssrc=/i);
  });
});

describe('the viewer', () => {
  it('renders every string as text and steps between model calls', () => {
    const root = document.createElement('div');
    document.body.appendChild(root);
    renderSession(root, { ...session(), modelCalls: [...session().modelCalls, { index: 1, calls: [], attachments: [], ledger: [] }] });
    expect(root.querySelectorAll('script, img').length).toBe(0);
    expect([...root.querySelectorAll('pre')].map((p) => p.textContent)).toEqual([
      '{\n "file_path": "/w/a.txt"\n}',
      `1\t${HOSTILE}\n`,
      '{\n "file_path": "/w/b.txt",\n "old_string": "x",\n "new_string": "y"\n}',
      '<tool_use_error>File has not been read yet.</tool_use_error>',
    ]);
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://example.test/#s=abc');
    expect(root.querySelector('header')?.textContent).toBe(
      'a <b> titleClaude Code 2.1.273 · claude-x · recorded results from cc-playground, shown offlineRe-run it in the playground: https://example.test/#s=abc',
    );
    expect([...root.querySelectorAll('nav button')].map((b) => `${b.textContent}${b.getAttribute('aria-current') ? ' *' : ''}`)).toEqual([
      'model call 0 · Read, Edit *',
      'model call 1 · no tool calls',
    ]);
    (root.querySelectorAll('nav button')[1] as HTMLButtonElement).click();
    expect(root.querySelector('main section')?.textContent).toBe(
      'Model call 1No tool_use blocks.Read ledger after this callEmpty: the model has read nothing yet.',
    );
    root.remove();
  });

  it('keeps a link that is not a web address as text', () => {
    const root = document.createElement('div');
    renderSession(root, { ...session(), link: 'javascript:alert(1)' });
    expect(root.querySelector('a')).toBeNull();
    expect(root.querySelector('header p:last-child')?.textContent).toBe('No link to re-run it came with this file.');
  });
});

describe('subagents and file changes', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const sub: ModelCallRecord = {
    index: 0,
    attachments: [],
    ledger: [],
    calls: [
      {
        id: 'toolu_agent_0_1_0',
        name: 'Bash',
        input: { command: 'echo <b>' },
        rendered: { content: '<b>', is_error: false },
        decision: { behavior: 'allow', reason: 'read-only' },
        explain: '',
        stage: 'call',
      },
    ],
  };
  const withAgent: ModelCallRecord[] = [
    {
      index: 0,
      attachments: [],
      ledger: [],
      filesBefore: new Map([
        ['/w/a.txt', enc('one\ntwo\n')],
        ['/w/gone.txt', enc('x\n')],
        ['/w/img.bin', enc('\0\x01')],
      ]),
      files: new Map<string, Uint8Array | { symlink: string }>([
        ['/w/a.txt', enc('one\n2\n')],
        ['/w/img.bin', enc('\0\x01\x02')],
        ['/w/link', { symlink: 'a.txt' }],
      ]),
      calls: [
        {
          id: 'toolu_1',
          name: 'Agent',
          input: { prompt: 'look', description: 'd' },
          rendered: { content: 'ok', is_error: false },
          explain: '',
          stage: 'call',
          subagents: [{ prompt: 'look', agentType: 'general-purpose', history: [sub] }],
        },
      ],
    },
  ];
  const exported = () => exportedSession({ title: 't', version: '2.1.332', model: 'm', history: withAgent });

  it('carries each subagent’s model calls and a diff per changed file', () => {
    const m = exported().modelCalls[0];
    expect(m?.calls[0]?.subagents).toEqual([
      {
        prompt: 'look',
        agentType: 'general-purpose',
        modelCalls: [
          {
            index: 0,
            attachments: [],
            ledger: [],
            calls: [
              {
                id: 'toolu_agent_0_1_0',
                name: 'Bash',
                input: { command: 'echo <b>' },
                content: '<b>',
                isError: false,
                decision: { behavior: 'allow', reason: 'read-only' },
                explain: '',
              },
            ],
          },
        ],
      },
    ]);
    expect(m?.changes).toEqual([
      {
        path: '/w/a.txt',
        change: 'changed',
        diff: '--- /w/a.txt\n+++ /w/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n',
      },
      {
        path: '/w/gone.txt',
        change: 'removed',
        diff: '--- /w/gone.txt\n+++ /w/gone.txt\n@@ -1,1 +0,0 @@\n-x\n',
      },
      { path: '/w/img.bin', change: 'changed', diff: '2 bytes -> 3 bytes' },
      { path: '/w/link', change: 'added', diff: 'absent -> symlink to a.txt' },
    ]);
  });

  it('the viewer shows them as text, folded', () => {
    const root = document.createElement('div');
    renderSession(root, exported());
    expect([...root.querySelectorAll('summary')].map((s) => s.textContent)).toEqual([
      'Subagent (general-purpose): 1 model call',
      'changed /w/a.txt',
      'removed /w/gone.txt',
      'changed /w/img.bin',
      'added /w/link',
    ]);
    expect(root.querySelector('details.subagent h4')?.textContent).toBe('Model call 0');
    expect(root.querySelectorAll('b, script, img').length).toBe(0);
  });
});
