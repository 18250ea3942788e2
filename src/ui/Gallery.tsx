// The gallery: every recorded scenario by area, with a filter. Closed areas render no list.
import { useMemo, useState } from 'react';
import type { GalleryEntry } from './corpus';
import { noteGalleryClick } from './ready';

export function Gallery({
  entries,
  selected,
  onOpen,
}: {
  entries: GalleryEntry[];
  selected?: string;
  onOpen: (id: string) => void;
}) {
  const [filter, setFilter] = useState('');
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const byArea = useMemo(() => {
    const m = new Map<string, GalleryEntry[]>();
    const f = filter.trim().toLowerCase();
    for (const e of entries) {
      if (f && !e.id.includes(f) && !e.description.toLowerCase().includes(f)) continue;
      m.set(e.area, [...(m.get(e.area) ?? []), e]);
    }
    return [...m.entries()];
  }, [entries, filter]);
  return (
    <nav aria-label="Gallery" className="gallery">
      <input
        type="search"
        placeholder="Filter scenarios (/)"
        aria-label="Filter scenarios"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        // Enter opens the first match, as a search box's first result.
        onKeyDown={(e) => {
          const first = byArea[0]?.[1][0];
          if (e.key !== 'Enter' || !filter.trim() || !first) return;
          e.preventDefault();
          noteGalleryClick();
          onOpen(first.id);
        }}
      />
      {byArea.map(([area, list]) => (
        <details
          key={area}
          open={!!filter || list.some((e) => e.id === selected)}
          onToggle={(e) => {
            const isOpen = e.currentTarget.open;
            setOpened((o) =>
              isOpen === o.has(area) ? o : new Set(isOpen ? [...o, area] : [...o].filter((a) => a !== area)),
            );
          }}
        >
          <summary>
            {area} <span className="muted">({list.length})</span>
          </summary>
          {/* Closed areas render no list: the first paint stays small. */}
          {filter || opened.has(area) || list.some((e) => e.id === selected) ? (
            <ul className="plain">
              {list.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    className={e.id === selected ? 'link selected' : 'link'}
                    title={e.description}
                    onClick={() => {
                      noteGalleryClick();
                      onOpen(e.id);
                    }}
                  >
                    {e.id}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </details>
      ))}
    </nav>
  );
}
