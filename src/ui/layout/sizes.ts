// The widths of the two resizable columns (side, session), kept in localStorage so a reload
// keeps the person's layout. Pure: the storage is passed in.

export interface PaneSizes {
  side: number;
  middle: number;
}

export const DEFAULT_SIZES: PaneSizes = { side: 300, middle: 330 };
export const LIMITS: Record<keyof PaneSizes, { min: number; max: number }> = {
  side: { min: 180, max: 640 },
  middle: { min: 240, max: 760 },
};
export const SIZES_KEY = 'ccp.layout.sizes';

export const clampSize = (which: keyof PaneSizes, px: number): number =>
  Math.round(Math.min(LIMITS[which].max, Math.max(LIMITS[which].min, px)));

/** The saved sizes, each clamped; defaults for anything missing or malformed. */
export function loadSizes(storage: Pick<Storage, 'getItem'> | undefined): PaneSizes {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(SIZES_KEY) ?? 'null');
    const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const num = (k: keyof PaneSizes) => (typeof o[k] === 'number' && Number.isFinite(o[k]) ? clampSize(k, o[k]) : DEFAULT_SIZES[k]);
    return { side: num('side'), middle: num('middle') };
  } catch {
    return { ...DEFAULT_SIZES };
  }
}

export function saveSizes(storage: Pick<Storage, 'setItem'> | undefined, s: PaneSizes): void {
  try {
    storage?.setItem(SIZES_KEY, JSON.stringify(s));
  } catch {
    // Storage full or denied: the layout still works for this visit.
  }
}

/** A key on a splitter -> the new size (undefined: not a resize key). */
export function keyResize(which: keyof PaneSizes, now: number, key: string, shift: boolean): number | undefined {
  const step = shift ? 64 : 16;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return clampSize(which, now - step);
  if (key === 'ArrowRight' || key === 'ArrowUp') return clampSize(which, now + step);
  if (key === 'Home') return LIMITS[which].min;
  if (key === 'End') return LIMITS[which].max;
  return undefined;
}
