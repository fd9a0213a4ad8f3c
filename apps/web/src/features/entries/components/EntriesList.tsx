import {
  useWindowVirtualizer,
  type Virtualizer,
  type VirtualizerOptions,
  windowScroll,
} from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayFormatter, dayOffset, utcDay } from '../lib/formatters.ts';
import type { DayHeaderItem, ListItem } from '../lib/group-by-day.ts';
import { type EntryPage, groupPages, NO_PAGES, shouldFetchMore } from '../lib/paging.ts';
import { type EntriesT, EntryRow, type EntryRowActions, RowAmount } from './EntryRow.tsx';
import classes from './entries.module.css';
import type { Lookups } from './lookups.ts';

type ScrollToFn = VirtualizerOptions<Window, Element>['scrollToFn'];

/**
 * Heights in rem, equal to the rows' CSS min-heights (entries.module.css): the estimates are then exact,
 * so measuring rendered rows changes no offset and causes no second layout pass.
 */
const ROW_REM = { day: 2.75, entry: 4 } as const;
/** Gap under the last row of a day (part of the measured item, so offsets stay exact). */
const DAY_GAP = 14;
/** Rows kept rendered beyond the viewport once the first rows are on screen (smooth scrolling)… */
const OVERSCAN = 8;
/** …and before: the first paint only waits for what can be seen. */
const FIRST_OVERSCAN = 1;

let firstRowsMarked = false;

/** Runs `task` when the main thread is idle (soon after paint); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 300 });
    return () => cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: after the next frame instead.
  const handle = setTimeout(task, 50);
  return () => clearTimeout(handle);
}

function rootFontSize(): number {
  const size = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/**
 * Row heights come from the rows' ResizeObserver entries only. The library's default also reads
 * offsetHeight when a row mounts, which forces a synchronous layout of the whole page inside React's
 * commit; the observer reports the same size after the browser's own layout, before paint, and any row
 * taller than its estimate (larger text) is corrected there.
 */
function measureRow(
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
function scrollWindowAfterAttach(): ScrollToFn {
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
function estimatedHeight(items: readonly ListItem[], sizes: { day: number; entry: number }): number {
  let height = 0;
  for (const item of items) {
    height += item.kind === 'day' ? sizes.day : sizes.entry + (item.lastOfDay ? DAY_GAP : 0);
  }
  return height;
}

const DayHeader = memo(function DayHeader({
  item,
  locale,
  today,
  format,
  t,
}: {
  item: DayHeaderItem;
  locale: string;
  today: string;
  format: (cents: number) => string;
  t: EntriesT;
}) {
  const offset = dayOffset(item.date, today);
  const relative =
    offset === 0
      ? t('list.today')
      : offset === -1
        ? t('list.yesterday')
        : offset === 1
          ? t('list.tomorrow')
          : null;
  const label = dayFormatter(locale).format(utcDay(item.date));
  return (
    <div className={classes.dayHeader}>
      <h2 className={classes.dayTitle}>{relative ? `${relative} · ${label}` : label}</h2>
      <span className={classes.dayTotal}>
        <span className={classes.dayTotalLabel}>{t('list.dayTotal')}</span>
        <RowAmount
          value={item.total}
          showPlus
          format={format}
          className={classes.dayTotalAmount}
          testId="day-total"
        />
      </span>
    </div>
  );
});

/** Where the list's pages stand (useInfiniteQuery's flags, as plain values). */
export interface ListPaging {
  /** Entries of the month with its filters (meta.total), loaded or not. */
  total: number;
  hasNextPage: boolean;
  /** A request of this list is running (the next page, or a refetch of the loaded ones). */
  busy: boolean;
  /** The next page is being fetched (the end row shows it). */
  fetchingNext: boolean;
  /** The last next-page request failed: the end row offers a retry, nothing is fetched by scrolling. */
  failed: boolean;
  onLoadMore: () => void;
}

/**
 * Below the loaded rows while the month has more: what is happening, in words (role="status"), with the
 * count loaded, or a retry after a failure. As tall as an entry row, so the page does not jump.
 */
function EndRow({ loaded, paging, locale }: { loaded: number; paging: ListPaging; locale: string }) {
  const { t } = useTranslation('ledger');
  const number = new Intl.NumberFormat(locale);
  const count = t('entriesPaging.loaded', {
    loaded: number.format(loaded),
    total: number.format(paging.total),
  });
  if (paging.failed && !paging.busy) {
    return (
      <div className={classes.endRow} role="alert" data-testid="entries-load-more-failed">
        <span>{t('entriesPaging.failed')}</span>
        <button
          type="button"
          className={`mantine-focus-auto mantine-active ${classes.retryButton}`}
          onClick={paging.onLoadMore}
        >
          {t('entriesPaging.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className={classes.endRow} role="status" data-testid="entries-loading-more">
      <span className={classes.spinner} aria-hidden />
      <span>{t('entriesPaging.loadingMore')}</span>
      <span className={classes.endCount}>{count}</span>
    </div>
  );
}

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
                  t={t}
                />
              )}
            </li>
          );
        })}
      </ul>
      {hasNextPage ? (
        <EndRow loaded={pages.reduce((n, page) => n + page.data.length, 0)} paging={paging} locale={locale} />
      ) : null}
    </>
  );
}
