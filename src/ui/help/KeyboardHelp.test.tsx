// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domRootPerTest } from '../dom-testing';
import { KEYS, KeyboardHelp } from './KeyboardHelp';

const dom = domRootPerTest();
const key = (k: string, target: EventTarget = document.body) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });
const dialog = () => document.querySelector('[role="dialog"]');

describe('KeyboardHelp', () => {
  it('opens on ?, lists the keys, and Escape closes it before anything else hears it', () => {
    dom.render(<KeyboardHelp />);
    expect(dialog()).toBeNull();
    key('?');
    expect(dialog()?.getAttribute('aria-labelledby')).toBe('keyboard-help-title');
    expect([...(dialog()?.querySelectorAll('tr') ?? [])].map((r) => r.textContent)).toEqual(
      KEYS.map(([k, what]) => k + what),
    );
    expect(document.activeElement?.textContent).toBe('Close');
    let heard = false;
    const later = () => (heard = true);
    window.addEventListener('keydown', later);
    key('Escape');
    window.removeEventListener('keydown', later);
    expect(dialog()).toBeNull();
    expect(heard).toBe(false);
  });

  it('does not open while typing in a field', () => {
    dom.render(
      <>
        <input aria-label="x" />
        <KeyboardHelp />
      </>,
    );
    key('?', dom.host.querySelector('input') as HTMLInputElement);
    expect(dialog()).toBeNull();
  });
});
