// The page's column widths: state, saved on change, and the CSS variables the grid reads.
import { useCallback, useState, type CSSProperties } from 'react';
import { loadSizes, saveSizes, type PaneSizes } from './sizes';

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

export interface Layout {
  sizes: PaneSizes;
  resize: (which: keyof PaneSizes, px: number) => void;
  style: CSSProperties;
}

export function useLayout(): Layout {
  const [sizes, setSizes] = useState<PaneSizes>(() => loadSizes(storage()));
  const resize = useCallback((which: keyof PaneSizes, px: number) => {
    setSizes((s) => {
      if (s[which] === px) return s;
      const next = { ...s, [which]: px };
      saveSizes(storage(), next);
      return next;
    });
  }, []);
  const style = { '--side-w': `${sizes.side}px`, '--middle-w': `${sizes.middle}px` } as CSSProperties;
  return { sizes, resize, style };
}
