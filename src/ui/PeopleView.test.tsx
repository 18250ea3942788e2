// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallRecord } from '../session/engine';
import { PeopleView } from './PeopleView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

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
  [...host.querySelectorAll('tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));

describe('PeopleView', () => {
  it('draws Grep content lines as file, line and text, context lines marked', () => {
    const lines = ['src/a.ts:3:  const x = 1;', 'src/a.ts-4-}', '--', 'README.md:1:# x'];
    act(() =>
      root.render(<PeopleView call={record('Grep', { kind: 'content', lines, totalLines: 4, args: [] })} />),
    );
    expect(rows()).toEqual([
      ['src/a.ts', '3', '  const x = 1;'],
      ['src/a.ts', '4', '}'],
      ['--'],
      ['README.md', '1', '# x'],
    ]);
    expect([...host.querySelectorAll('tr')].map((r) => r.className)).toEqual(['', 'context', '', '']);
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
    act(() => root.render(<PeopleView call={record('Bash', outcome)} />));
    expect(host.querySelector('.terminal')?.textContent).toEqual(
      '$ false; echo <b> exit 1 · cd /w/project → /w/project/src<b>\n',
    );
    expect(host.querySelectorAll('b').length).toEqual(0);
  });

  it('draws nothing for a tool without a renderer or a call that never ran', () => {
    act(() => root.render(<PeopleView call={record('Mystery', { kind: 'x' })} />));
    expect(host.innerHTML).toEqual('');
    act(() => root.render(<PeopleView call={record('Grep', undefined)} />));
    expect(host.innerHTML).toEqual('');
  });
});
