// What a person cannot read in a region: text that runs past a box that clips or scrolls it
// sideways (the box's scrollWidth over its clientWidth), or past the region's own edges, and
// words broken across lines ("vie w"). Each finding names the element and its text. A Monaco
// editor is a widget with its own scrolling and wrapping (it follows the page's wrap toggle), whose
// inner layers are sized far past their boxes by design: the check stops at its edge.
import type { Locator } from '@playwright/test';

export function unreadable(region: Locator): Promise<string[]> {
  return region.evaluate((root) => {
    const out: string[] = [];
    const edge = root.getBoundingClientRect();
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      const el = n.parentElement;
      if (!el || !text.trim() || !el.checkVisibility() || el.closest('.monaco-editor')) continue;
      for (let a: Element | null = el; a && a !== root.parentElement; a = a.parentElement) {
        if (seen.has(a)) continue;
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible' && a.scrollWidth > a.clientWidth + 1) {
          seen.add(a);
          out.push(
            `${name(a)} scrolls sideways (${a.scrollWidth} > ${a.clientWidth}): ${(a.textContent ?? '').slice(0, 60)}`,
          );
        }
      }
      const range = document.createRange();
      for (const m of text.matchAll(/\w+/g)) {
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = new Set(rects.map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(`${name(el)} breaks “${m[0]}” across lines`);
        if (rects.some((r) => r.right > edge.right + 1 || r.left < edge.left - 1))
          out.push(`${name(el)} runs past the region: “${m[0]}”`);
      }
    }
    return out;
  });
}
