// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domRootPerTest } from '../dom-testing';
import { RedactionPreview } from './RedactionPreview';
import { useRedaction } from './useRedaction';

const dom = domRootPerTest();
const KEY = 'ghp_0123456789abcdefghijABCDEFGHIJklmnop';
const session = { files: { '.env': `GITHUB_TOKEN=${KEY}\n` }, turns: [], expect: { turns: [[{ content: 'mail ops@example.org' }]] } };
let applied: unknown;

function Host({ value }: { value: unknown }) {
  const r = useRedaction(value);
  applied = r.apply(value);
  return <RedactionPreview redaction={r} />;
}

describe('RedactionPreview', () => {
  it('lists each secret masked, and an unticked one is left in what is opened', () => {
    dom.render(<Host value={session} />);
    const items = () => [...dom.host.querySelectorAll('li')].map((li) => li.textContent);
    const stars = `ghp_${'*'.repeat(KEY.length - 4)}`;
    expect(dom.host.querySelector('legend')?.textContent).toBe('Masked before anything is stored or shared (2 of 2)');
    expect(items()).toEqual([
      ` GitHub token ${stars}GITHUB_TOKEN=${stars}⏎in files[".env"]`,
      ' e-mail address o**@*******.orgmail o**@*******.orgin expect.turns[0][0].content',
    ]);
    expect(dom.host.textContent).not.toContain(KEY);
    expect(applied).toEqual({ ...session, files: { '.env': `GITHUB_TOKEN=${stars}\n` }, expect: { turns: [[{ content: 'mail o**@*******.org' }]] } });
    act(() => (dom.host.querySelectorAll('input[type=checkbox]')[1] as HTMLInputElement).click());
    expect(dom.host.querySelector('legend')?.textContent).toBe('Masked before anything is stored or shared (1 of 2)');
    expect(applied).toEqual({ ...session, files: { '.env': `GITHUB_TOKEN=${stars}\n` } });
  });

  it('says so when nothing is found', () => {
    dom.render(<Host value={{ files: { 'a.txt': 'hello' } }} />);
    expect(dom.host.textContent).toBe(
      'No secrets found by pattern (API keys, tokens, passwords in env lines, private keys, e-mail addresses).',
    );
  });
});
