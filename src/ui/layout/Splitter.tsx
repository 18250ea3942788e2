// A column splitter: dragged with the pointer, or focused and moved with the arrow keys (Shift:
// larger steps, Home/End: the limits). A `separator` with its value, as the WAI-ARIA window
// splitter pattern has it.
import { useRef } from 'react';
import { clampSize, keyResize, LIMITS, type PaneSizes } from './sizes';
import './layout.css';

export function Splitter({
  which,
  label,
  size,
  onResize,
}: {
  which: keyof PaneSizes;
  label: string;
  size: number;
  onResize: (which: keyof PaneSizes, px: number) => void;
}) {
  const drag = useRef<{ x: number; from: number } | undefined>(undefined);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={size}
      aria-valuemin={LIMITS[which].min}
      aria-valuemax={LIMITS[which].max}
      tabIndex={0}
      className="splitter"
      onKeyDown={(e) => {
        const n = keyResize(which, size, e.key, e.shiftKey);
        if (n === undefined) return;
        e.preventDefault();
        e.stopPropagation();
        onResize(which, n);
      }}
      onPointerDown={(e) => {
        drag.current = { x: e.clientX, from: size };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (d) onResize(which, clampSize(which, d.from + e.clientX - d.x));
      }}
      onPointerUp={() => {
        drag.current = undefined;
      }}
      onPointerCancel={() => {
        drag.current = undefined;
      }}
    />
  );
}
