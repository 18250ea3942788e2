// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domRootPerTest } from './dom-testing';
import type { CallRecord } from '../session/engine';
import { PeopleView } from './PeopleView';

const dom = domRootPerTest();

const record = (name: string, outcome: unknown): CallRecord => ({
  id: 't1',
  name,
  input: {},
  stage: 'call',
  outcome,
  explain: '',
  rendered: { content: '', is_error: false },
});
const rows = () =>
  [...dom.host.querySelectorAll('tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));

describe('PeopleView', () => {
  it('draws Grep content lines as file, line and text, context lines marked', () => {
    const lines = ['src/a.ts:3:  const x = 1;', 'src/a.ts-4-}', '--', 'README.md:1:# x'];
    act(() =>
      dom.root.render(
        <PeopleView call={record('Grep', { kind: 'content', lines, totalLines: 4, args: [] })} />,
      ),
    );
    expect(rows()).toEqual([
      ['src/a.ts', '3', '  const x = 1;'],
      ['src/a.ts', '4', '}'],
      ['--'],
      ['README.md', '1', '# x'],
    ]);
    expect([...dom.host.querySelectorAll('tr')].map((r) => r.className)).toEqual(['', 'context', '', '']);
  });

  it('draws Bash output under its command and exit code', () => {
    const outcome = {
      kind: 'ran',
      command: 'false; echo <b>',
      exitCode: 1,
      exitIsAnswer: false,
      output: '<b>\n',
      interrupted: false,
      noOutputExpected: false,
      cwdChange: { from: '/w/project', to: '/w/project/src' },
    };
    act(() => dom.root.render(<PeopleView call={record('Bash', outcome)} />));
    expect(dom.host.querySelector('.terminal')?.textContent).toEqual(
      '$ false; echo <b> exit 1 · cd /w/project → /w/project/src<b>\n',
    );
    expect(dom.host.querySelectorAll('b').length).toEqual(0);
  });

  it('draws nothing for a tool without a renderer or a call that never ran', () => {
    act(() => dom.root.render(<PeopleView call={record('Mystery', { kind: 'x' })} />));
    expect(dom.host.innerHTML).toEqual('');
    act(() => dom.root.render(<PeopleView call={record('Grep', undefined)} />));
    expect(dom.host.innerHTML).toEqual('');
  });
});
