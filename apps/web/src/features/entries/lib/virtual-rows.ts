import { type Virtualizer, type VirtualizerOptions, windowScroll } from '@tanstack/react-virtual';
import type { ListItem } from './group-by-day.ts';

/**
 * How the entries list's window virtualiser is tuned: row sizes known up front, measurements from the
 * ResizeObserver only, the first scroll write deferred, more rows rendered once the first ones are painted
 * (docs/decisions/entries-first-render.md).
 */

type ScrollToFn = VirtualizerOptions<Window, Element>['scrollToFn'];

/**
 * Heights in rem, equal to the rows' CSS min-heights (entries.module.css): the estimates are then exact,
 * so measuring rendered rows changes no offset and causes no second layout pass.
 */
export const ROW_REM = { day: 2.75, entry: 4 } as const;
/** Gap under the last row of a day (part of the measured item, so offsets stay exact). */
export const DAY_GAP = 14;
/** Rows kept rendered beyond the viewport once the first rows are on screen (smooth scrolling)… */
export const OVERSCAN = 8;
/** …and before: the first paint only waits for what can be seen. */
export const FIRST_OVERSCAN = 1;

/** Runs `task` when the main thread is idle (soon after paint); returns a cancel function. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 300 });
    return () => cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: after the next frame instead.
  const handle = setTimeout(task, 50);
  return () => clearTimeout(handle);
}

export function rootFontSize(): number {
  const size = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/**
 * Row heights come from the rows' ResizeObserver entries only. The library's default also reads
 * offsetHeight when a row mounts, which forces a synchronous layout of the whole page inside React's
 * commit; the observer reports the same size after the browser's own layout, before paint, and any row
 * taller than its estimate (larger text) is corrected there.
 */
export function measureRow(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
}

/**
 * The virtualiser's window scroll, with its first write deferred: when it attaches it scrolls the window to
 * where it believes it is (the top), and `window.scrollTo` forces a synchronous layout of the whole page in
 * the middle of the commit that inserts the first rows (a third of that task's CPU in the bench's traces,
 * now that the first page arrives while the rest of the page is still being built). After the next frame
 * the layout is clean and reading the position costs nothing; the write happens only if it would move.
 */
export function scrollWindowAfterAttach(): ScrollToFn {
  let attached = false;
  return (offset, options, instance) => {
    if (!attached && !options.adjustments && !options.behavior) {
      attached = true;
      requestAnimationFrame(() => {
        if (Math.abs(window.scrollY - offset) >= 1) windowScroll(offset, options, instance);
      });
      return;
    }
    attached = true;
    windowScroll(offset, options, instance);
  };
}

/** The list's height from the estimates alone (a plain loop: no virtualiser, no allocation). */
export function estimatedHeight(items: readonly ListItem[], sizes: { day: number; entry: number }): number {
  let height = 0;
  for (const item of items) {
    height += item.kind === 'day' ? sizes.day : sizes.entry + (item.lastOfDay ? DAY_GAP : 0);
  }
  return height;
}
