import type { Entry } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { entryFixture } from './entry.test-fixture.ts';
import { groupByDay } from './group-by-day.ts';
import {
  type EntryPage,
  FETCH_AHEAD_ITEMS,
  groupPages,
  NO_PAGES,
  nextPageParam,
  shouldFetchMore,
  totalOf,
} from './paging.ts';

let nextId = 1;
function entry(date: string, operation_id = 2, value = 100): Entry {
  return entryFixture({ id: nextId++, date, operation_id, value });
}

/** A month of `count` entries over 30 days, in the API's order, cut into pages of `size`. */
function month(count: number, size: number): { all: Entry[]; pages: EntryPage[] } {
  const all = Array.from({ length: count }, (_, i) =>
    entry(`2026-11-${String(Math.floor((i * 30) / count) + 1).padStart(2, '0')}`, (i % 3) + 1, 100 + i),
  );
  const pages: EntryPage[] = [];
  for (let start = 0, page = 1; start < count; start += size, page++) {
    pages.push({ data: all.slice(start, start + size), meta: { total: count, page, per_page: size } });
  }
  return { all, pages };
}

describe('next page', () => {
  const page = (n: number, length: number, total: number): EntryPage => ({
    data: Array.from({ length }, () => entry('2026-11-01')),
    meta: { total, page: n, per_page: 500 },
  });

  it('asks for the next page while the loaded pages hold fewer than the total', () => {
    expect(nextPageParam(page(1, 500, 1200))).toBe(2);
    expect(nextPageParam(page(2, 500, 1200))).toBe(3);
  });

  it('stops at the last page, at an exact multiple, and on an empty page', () => {
    expect(nextPageParam(page(3, 200, 1200))).toBeUndefined();
    expect(nextPageParam(page(2, 500, 1000))).toBeUndefined();
    expect(nextPageParam(page(1, 0, 0))).toBeUndefined();
    // The total shrank elsewhere between requests: an empty page ends the list instead of a loop.
    expect(nextPageParam(page(4, 0, 5000))).toBeUndefined();
  });

  it('counts from the newest page, not from what is loaded', () => {
    const { pages } = month(1200, 500);
    expect(totalOf(pages.slice(0, 1))).toBe(1200);
    expect(totalOf([])).toBe(0);
  });
});

describe('when to fetch more', () => {
  const base = { loadedItems: 520, hasNextPage: true, busy: false, failed: false };

  it('fetches when the rendered rows come within the threshold of the end', () => {
    expect(shouldFetchMore({ ...base, lastRenderedIndex: 520 - FETCH_AHEAD_ITEMS - 1 })).toBe(false);
    expect(shouldFetchMore({ ...base, lastRenderedIndex: 520 - FETCH_AHEAD_ITEMS })).toBe(true);
    expect(shouldFetchMore({ ...base, lastRenderedIndex: 519 })).toBe(true);
  });

  it('does not fetch twice, after the last page, after a failure, or with nothing rendered', () => {
    expect(shouldFetchMore({ ...base, lastRenderedIndex: 519, busy: true })).toBe(false);
    expect(shouldFetchMore({ ...base, lastRenderedIndex: 519, hasNextPage: false })).toBe(false);
    expect(shouldFetchMore({ ...base, lastRenderedIndex: 519, failed: true })).toBe(false);
    expect(shouldFetchMore({ ...base, lastRenderedIndex: -1 })).toBe(false);
  });
});

describe('grouping pages by day', () => {
  it('gives what grouping the whole month at once gives, page by page or all together', () => {
    const { all, pages } = month(1234, 500);
    const expected = groupByDay(all);
    expect(groupPages(pages).items).toEqual(expected);
    let grouped = NO_PAGES;
    for (let n = 1; n <= pages.length; n++) grouped = groupPages(pages.slice(0, n), grouped);
    expect(grouped.items).toEqual(expected);
    expect(grouped.items.filter((i) => i.kind === 'entry')).toHaveLength(1234);
  });

  it('completes a day split across a page boundary when the next page arrives', () => {
    const a = [entry('2026-11-01', 1, 1000), entry('2026-11-02', 2, 100), entry('2026-11-02', 2, 50)];
    const b = [entry('2026-11-02', 2, 25), entry('2026-11-03', 2, 1)];
    const first: EntryPage = { data: a, meta: { total: 5, page: 1, per_page: 3 } };
    const second: EntryPage = { data: b, meta: { total: 5, page: 2, per_page: 3 } };
    const one = groupPages([first]);
    const dayOf = (items: typeof one.items, date: string) =>
      items.find((i) => i.kind === 'day' && i.date === date);
    expect(dayOf(one.items, '2026-11-02')).toMatchObject({ total: -150, count: 2 });
    expect(one.items.at(-1)).toMatchObject({ kind: 'entry', lastOfDay: true });

    const two = groupPages([first, second], one);
    expect(dayOf(two.items, '2026-11-02')).toMatchObject({ total: -175, count: 3 });
    expect(two.items[4]).toMatchObject({ kind: 'entry', lastOfDay: false });
    // The earlier result is left as it was (it may still be on screen, memoised).
    expect(dayOf(one.items, '2026-11-02')).toMatchObject({ total: -150, count: 2 });
    expect(one.items.at(-1)).toMatchObject({ kind: 'entry', lastOfDay: true });
  });

  it('keeps the identity of every item an appended page does not touch', () => {
    const { pages } = month(1200, 500);
    const one = groupPages(pages.slice(0, 1));
    const two = groupPages(pages.slice(0, 2), one);
    const changed = one.items.filter((item, i) => two.items[i] !== item);
    // At most the open day's header and its last row.
    expect(changed.length).toBeLessThanOrEqual(2);
    expect(groupPages(pages.slice(0, 2), two)).toBe(two);
  });

  it('groups everything again when a loaded page changed (a row patched)', () => {
    const { all, pages } = month(1200, 500);
    const grouped = groupPages(pages);
    const target = all[10] as Entry;
    const patched = { ...target, paid: true };
    const first = pages[0] as EntryPage;
    const data = first.data.slice();
    data[10] = patched;
    const next = groupPages([{ ...first, data }, ...pages.slice(1)], grouped);
    const row = next.items.find((i) => i.kind === 'entry' && i.entry.id === target.id);
    expect(row).toMatchObject({ entry: { paid: true } });
    expect(next.items).toHaveLength(grouped.items.length);
  });

  it('skips an entry a later page repeats (offsets shifted by an insert elsewhere)', () => {
    const a = [entry('2026-11-01'), entry('2026-11-02')];
    const repeated = a[1] as Entry;
    const b = [repeated, entry('2026-11-03')];
    const grouped = groupPages(
      [
        { data: a, meta: { total: 4, page: 1, per_page: 2 } },
        { data: b, meta: { total: 4, page: 2, per_page: 2 } },
      ],
      NO_PAGES,
    );
    const ids = grouped.items.flatMap((i) => (i.kind === 'entry' ? [i.entry.id] : []));
    expect(ids).toEqual([a[0]?.id, repeated.id, b[1]?.id]);
    expect(new Set(grouped.items.map((i) => i.key)).size).toBe(grouped.items.length);
  });
});
