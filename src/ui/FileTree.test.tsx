// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { domRootPerTest } from './dom-testing';
import { FileTree, ROW_PX, rowWindow } from './FileTree';
import type { Change } from './text';

const dom = domRootPerTest();
const N = 50_000;
const PATHS = Array.from({ length: N }, (_, i) => `/p/f${String(i).padStart(5, '0')}.ts`);
const CHANGES = new Map<string, Change>([[PATHS[N - 1]!, 'modified']]);

function Harness() {
  const [selected, setSelected] = useState<string | undefined>(PATHS[0]);
  return (
    <FileTree
      paths={PATHS}
      changes={CHANGES}
      selected={selected}
      onSelect={setSelected}
      label={(p) => p.slice(3)}
    />
  );
}

const tree = () => dom.host.querySelector('ul.tree') as HTMLUListElement;
const rows = () => [...tree().querySelectorAll('li')].map((li) => li.textContent);
const key = (k: string) =>
  act(() => {
    tree().dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  });
const current = () => tree().querySelector('[aria-current="true"]')?.textContent;

describe('FileTree', () => {
  it('renders the rows in view and the overscan only, at their place in the full height', () => {
    expect(rowWindow(N, 0, 400)).toEqual([0, 40]);
    expect(rowWindow(N, 1000 * ROW_PX, 400)).toEqual([980, 1040]);
    expect(rowWindow(N, (N - 5) * ROW_PX, 400)).toEqual([N - 25, N]);
    expect(rowWindow(3, 0, 400)).toEqual([0, 3]);
    dom.render(<Harness />);
    expect(rows()).toEqual(PATHS.slice(0, 40).map((p) => p.slice(3)));
    expect(tree().style.paddingTop).toBe('0px');
    expect(tree().style.paddingBottom).toBe(`${(N - 40) * ROW_PX}px`);
    expect(tree().querySelector('li')?.getAttribute('aria-setsize')).toBe(String(N));
  });

  it('moves the selection with the keyboard through the whole list, rendering and focusing it', () => {
    dom.render(<Harness />);
    key('ArrowDown');
    expect(current()).toBe('f00001.ts');
    key('End');
    expect(current()).toBe('f49999.ts');
    expect(rows().at(-1)).toBe('f49999.tsM');
    expect(document.activeElement?.textContent).toBe('f49999.ts');
    expect(tree().lastElementChild?.getAttribute('aria-posinset')).toBe(String(N));
    expect(tree().style.paddingBottom).toBe('0px');
    key('ArrowUp');
    expect(current()).toBe('f49998.ts');
    key('Home');
    expect(current()).toBe('f00000.ts');
    expect(document.activeElement?.textContent).toBe('f00000.ts');
    expect(rows()[0]).toBe('f00000.ts');
  });

  it('renders the window under a scroll position', () => {
    dom.render(<Harness />);
    act(() => {
      const scroller = dom.host.querySelector('.tree-scroll') as HTMLDivElement;
      scroller.scrollTop = 25_000 * ROW_PX;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(rows()[0]).toBe('f24980.ts');
    expect(rows()).toHaveLength(60);
  });
});
