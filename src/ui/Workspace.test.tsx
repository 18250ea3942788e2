// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { FileSnapshot } from '../session/engine';
import { domRootPerTest } from './dom-testing';
import { Workspace } from './Workspace';

const dom = domRootPerTest();
const enc = (s: string) => new TextEncoder().encode(s);

function type(input: HTMLInputElement, value: string) {
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const selectedName = () => dom.host.querySelector('.tree [aria-current="true"]')?.textContent;

describe('Workspace', () => {
  it('selects a file made with Create, also while the save has not reached the files yet', () => {
    const saved: [string, string][] = [];
    const before: FileSnapshot = new Map([['/p/a.txt', enc('a\n')]]);
    const view = (files: FileSnapshot) => (
      <Workspace files={files} root="/p" cwd="/p" label="now" onSave={(p, t) => saved.push([p, t])} />
    );
    dom.render(view(before));
    expect(selectedName()).toBe('a.txt');
    type(
      dom.host.querySelector<HTMLInputElement>('input[aria-label="New file path"]') as HTMLInputElement,
      'b.txt',
    );
    act(() => dom.host.querySelector<HTMLButtonElement>('.new-file button[type="submit"]')?.click());
    expect(saved).toEqual([['/p/b.txt', '']]);
    expect(dom.host.querySelector('.file-head code')?.textContent).toBe('b.txt');
    dom.render(view(new Map([...before, ['/p/b.txt', enc('')]])));
    expect(selectedName()).toBe('b.txt');
    expect(dom.host.querySelector('.file-head code')?.textContent).toBe('b.txt');
  });
});
