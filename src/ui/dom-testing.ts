// A fresh React root in happy-dom for each test of a passive pane (the test file declares
// `// @vitest-environment happy-dom`).
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface DomRoot {
  /** The element the current test renders into. */
  readonly host: HTMLDivElement;
  readonly root: Root;
  render(node: ReactNode): void;
}

export function domRootPerTest(): DomRoot {
  let host: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root?.unmount());
    host?.remove();
  });
  const need = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('domRootPerTest: used outside a test');
    return v;
  };
  return {
    get host() {
      return need(host);
    },
    get root() {
      return need(root);
    },
    render: (node) => act(() => need(root).render(node)),
  };
}
