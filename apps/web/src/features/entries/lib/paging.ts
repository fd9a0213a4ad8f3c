import type { Entry, InvoiceLine } from '@centavo/shared';
import { type DayHeaderItem, type EntryItem, entryEffect, type ListItem } from './group-by-day.ts';

/** One page of GET /entry?page=&per_page= (sorted by date then id across pages). */
export interface EntryPage {
  data: Entry[];
  meta: { total: number; page: number; per_page: number };
  /** Card invoices due in the month (cash basis, features/cards); on every page, shown once. */
  invoices?: InvoiceLine[];
}

/**
 * The page after `last`, or undefined when it was the last one. An empty page also stops: entries deleted
 * elsewhere while the list was being read can leave `total` above what the pages still hold, and asking
 * again would loop on empty answers.
 */
export function nextPageParam(last: EntryPage): number | undefined {
  const { total, page, per_page } = last.meta;
  if (last.data.length === 0 || page * per_page >= total) return undefined;
  return page + 1;
}

/** How many entries the month (with its filters) holds: the newest page's count, not what is loaded. */
export function totalOf(pages: readonly EntryPage[]): number {
  return pages.at(-1)?.meta.total ?? 0;
}

/** Items from the end of what is loaded at which the next page is asked for. */
export const FETCH_AHEAD_ITEMS = 100;

/**
 * Whether to ask for the next page now: the last rendered item is within FETCH_AHEAD_ITEMS of the end of
 * the loaded items, there is a next page, and no request of this list is running (a page or a refetch of
 * the loaded ones) and the last one did not fail (the end row offers a retry instead of a request per
 * scroll step).
 */
export function shouldFetchMore(state: {
  lastRenderedIndex: number;
  loadedItems: number;
  hasNextPage: boolean;
  busy: boolean;
  failed: boolean;
}): boolean {
  if (!state.hasNextPage || state.busy || state.failed || state.lastRenderedIndex < 0) return false;
  return state.lastRenderedIndex >= state.loadedItems - FETCH_AHEAD_ITEMS;
}

/** The day-grouped items of some pages, with what is needed to append the next page to them. */
export interface GroupedPages {
  /** The pages grouped, in order (compared by identity to reuse the work). */
  pages: readonly EntryPage[];
  items: ListItem[];
}

export const NO_PAGES: GroupedPages = { pages: [], items: [] };

/** Whether `entry` comes after `last` in the API's order (date, then id). */
function isAfter(entry: Entry, last: Entry | undefined): boolean {
  if (!last) return true;
  return entry.date > last.date || (entry.date === last.date && entry.id > last.id);
}

/**
 * Groups the entries of `pages` by day (lib/group-by-day.ts shapes), reusing `previous` when its pages are
 * the first ones of `pages` (a page was appended): only the new pages are walked, and every item already
 * there keeps its identity except the last day's header and last row, which a page continuing that day
 * replaces (its total and count grow, the row is no longer the day's last). Any other change (a row
 * patched by the paid toggle, a refetch) groups everything again: one pass over ≤ 10 000 entries.
 *
 * Day totals are those of the loaded rows: a day split across a page boundary shows the part loaded so far
 * and completes when the next page arrives, which happens before that header's last row can scroll into
 * view (pages are asked for FETCH_AHEAD_ITEMS before the end).
 */
export function groupPages(pages: readonly EntryPage[], previous: GroupedPages = NO_PAGES): GroupedPages {
  const reusable =
    previous.pages.length > 0 &&
    previous.pages.length <= pages.length &&
    previous.pages.every((page, i) => page === pages[i]);
  if (reusable && previous.pages.length === pages.length) return previous;
  const base = reusable ? previous : NO_PAGES;
  const items = base.items.slice();
  // Items before `own` belong to `previous` too (rendered, memoised): they are replaced by copies, never
  // changed in place; the ones this call makes are.
  const own = items.length;
  let header: DayHeaderItem | null = null;
  let headerIndex = -1;
  let headerOwn = false;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item?.kind === 'day') {
      header = item;
      headerIndex = i;
      break;
    }
  }
  let row: EntryItem | null = null;
  let rowIndex = -1;
  const last = items.at(-1);
  if (last?.kind === 'entry') {
    row = last;
    rowIndex = items.length - 1;
  }
  for (let p = base.pages.length; p < pages.length; p++) {
    const data = (pages[p] as EntryPage).data;
    for (const entry of data) {
      // Offset pages overlap when an earlier entry was added elsewhere between two requests: an entry not
      // after the last one kept is a repeat (the API sorts by date, then id).
      if (row && !isAfter(entry, row.entry)) continue;
      if (header && header.date === entry.date) {
        // The day goes on (across a page boundary too): the previous row is no longer its last.
        if (row?.lastOfDay) {
          if (rowIndex < own) {
            row = { ...row, lastOfDay: false };
            items[rowIndex] = row;
          } else row.lastOfDay = false;
        }
        if (!headerOwn) {
          header = { ...header };
          items[headerIndex] = header;
          headerOwn = true;
        }
      } else {
        header = { kind: 'day', key: `day-${entry.date}`, date: entry.date, total: 0, count: 0 };
        headerIndex = items.push(header) - 1;
        headerOwn = true;
      }
      header.total += entryEffect(entry);
      header.count += 1;
      // The last of its day until a later entry of the same day arrives (maybe in the next page).
      row = { kind: 'entry', key: `entry-${entry.id}`, entry, lastOfDay: true };
      rowIndex = items.push(row) - 1;
    }
  }
  return { pages, items };
}
