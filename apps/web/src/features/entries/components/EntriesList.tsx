import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListItem } from '../lib/group-by-day.ts';
import { type EntryPage, groupPages, NO_PAGES, shouldFetchMore } from '../lib/paging.ts';
import {
  DAY_GAP,
  estimatedHeight,
  FIRST_OVERSCAN,
  measureRow,
  OVERSCAN,
  ROW_REM,
  rootFontSize,
  scrollWindowAfterAttach,
  whenIdle,
} from '../lib/virtual-rows.ts';
import { DayHeader } from './DayHeader.tsx';
import { EntryRow, type EntryRowActions } from './EntryRow.tsx';
import classes from './entries.module.css';
import { ListEndRow, type ListPaging } from './ListEndRow.tsx';
import type { Lookups } from './lookups.ts';

/** The benchmark's mark (bench/suites/entries-browser.ts): set once, when the first rows are in the DOM. */
let firstRowsMarked = false;

/**
 * Entries grouped by day in a window-scrolled virtual list: only the rows near the viewport are in the
 * DOM (a few dozen of 10 000), each measured by a ResizeObserver. The month comes in pages; the next one
 * is asked for when the rendered rows come near the end of the loaded ones (lib/paging.ts).
 */
export function EntriesList({
  pages,
  paging,
  lookups,
  actions,
  locale,
  today,
  label,
  format,
}: {
  pages: readonly EntryPage[];
  paging: ListPaging;
  lookups: Lookups;
  actions: EntryRowActions;
  locale: string;
  today: string;
  label: string;
  /** Cents → money text in the user's currency (the page's one formatter, shared by every row). */
  format: (cents: number) => string;
}) {
  const { t } = useTranslation('entries');
  // An appended page groups only its own entries; the result is kept for the next append (never changed:
  // groupPages copies what it extends, so a render React throws away leaves nothing behind).
  const groupedRef = useRef(NO_PAGES);
  const grouped = useMemo(() => groupPages(pages, groupedRef.current), [pages]);
  useEffect(() => {
    groupedRef.current = grouped;
  }, [grouped]);
  const items: ListItem[] = grouped.items;
  const listRef = useRef<HTMLUListElement>(null);
  // null until the list's position is known: the virtualiser stays off until then (see below).
  const [scrollMargin, setScrollMargin] = useState<number | null>(null);
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  const [sizes] = useState(() => {
    const rem = rootFontSize();
    return { day: Math.round(ROW_REM.day * rem), entry: Math.round(ROW_REM.entry * rem) };
  });

  // The list starts below the header and totals, whose height changes as they load.
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const update = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  // Stable per item list: the virtualiser recomputes every item's offset (O(n)) whenever getItemKey
  // changes identity, which an inline arrow did on every render, scroll steps included.
  const getItemKey = useCallback((index: number) => items[index]?.key ?? index, [items]);
  const estimateSize = useCallback(
    (index: number) => {
      const item = items[index];
      if (!item) return sizes.entry;
      return item.kind === 'day' ? sizes.day : sizes.entry + (item.lastOfDay ? DAY_GAP : 0);
    },
    [items, sizes],
  );

  const [scrollToFn] = useState(scrollWindowAfterAttach);

  // Until the list's offset is measured (the first commit) the virtualiser is disabled, so it neither
  // lays out 10 000 offsets against a wrong margin nor renders rows for the wrong window; the list keeps
  // its full estimated height meanwhile, so the page does not jump.
  const enabled = scrollMargin !== null;
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize,
    getItemKey,
    overscan,
    scrollMargin: scrollMargin ?? 0,
    enabled,
    // The window's size is known now: the first enabled render already has the right rows, instead of
    // none until the virtualiser has observed the window and rendered again.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    measureElement: measureRow,
    // Scroll steps render in React's own task, not inside the scroll event (flushSync): the browser then
    // styles, lays out and paints them in the next task, so neither task holds the main thread for a frame.
    // The rows kept beyond the viewport (OVERSCAN, 8 rows ≈ 500 px > a wheel step) are already there
    // meanwhile, so nothing blank scrolls into view.
    useFlushSync: false,
    scrollToFn,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const hasRows = virtualItems.length > 0;
  const lastRendered = virtualItems.at(-1)?.index ?? -1;

  // Near the end of what is loaded: the next page. `busy` holds it back while any request of the list
  // runs, so a page is asked for once, and never after the last one or a failure (no fetch loop).
  const { hasNextPage, busy, failed, onLoadMore } = paging;
  useEffect(() => {
    if (
      shouldFetchMore({
        lastRenderedIndex: lastRendered,
        loadedItems: items.length,
        hasNextPage,
        busy,
        failed,
      })
    )
      onLoadMore();
  }, [lastRendered, items.length, hasNextPage, busy, failed, onLoadMore]);

  // The benchmark measures from the data response to this mark (and counts [data-entry-row]).
  useEffect(() => {
    if (!hasRows) return;
    if (!firstRowsMarked) {
      firstRowsMarked = true;
      performance.mark('entries:first-rows');
    }
    // The rows beyond the viewport follow once the visible ones are painted and the page is idle.
    return whenIdle(() => setOverscan(OVERSCAN));
  }, [hasRows]);

  return (
    <>
      <ul
        ref={listRef}
        aria-label={label}
        className={classes.list}
        style={{ height: enabled ? virtualizer.getTotalSize() : estimatedHeight(items, sizes) }}
        // While scrolling the rows ignore the pointer (entries.module.css): rows passing under a still
        // mouse would otherwise change hover, start background transitions and be hit-tested every step.
        data-scrolling={virtualizer.isScrolling || undefined}
        data-testid="entries-list"
      >
        {virtualItems.map((virtual) => {
          const item = items[virtual.index];
          if (!item) return null;
          return (
            <li
              key={virtual.key}
              data-index={virtual.index}
              ref={virtualizer.measureElement}
              className={classes.row}
              style={{
                transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)`,
                paddingBottom: item.kind === 'entry' && item.lastOfDay ? DAY_GAP : 0,
              }}
              {...(item.kind === 'entry' ? { 'data-entry-row': '', 'data-entry-id': item.entry.id } : {})}
            >
              {item.kind === 'day' ? (
                <DayHeader item={item} locale={locale} today={today} format={format} t={t} />
              ) : (
                <EntryRow
                  entry={item.entry}
                  lookups={lookups}
                  actions={actions}
                  last={item.lastOfDay}
                  format={format}
                  locale={locale}
                  t={t}
                />
              )}
            </li>
          );
        })}
      </ul>
      {hasNextPage ? (
        <ListEndRow
          loaded={pages.reduce((n, page) => n + page.data.length, 0)}
          paging={paging}
          locale={locale}
        />
      ) : null}
    </>
  );
}
