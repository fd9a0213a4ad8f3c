import type { Entry } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { entryFixture } from '../lib/entry.test-fixture.ts';
import type { EntryListData } from './get-entries.ts';
import { patchPaid } from './set-entry-paid.ts';

const entry = (id: number): Entry => entryFixture({ id });

const data: EntryListData = {
  pages: [
    { data: [entry(1), entry(2)], meta: { total: 4, page: 1, per_page: 2 } },
    { data: [entry(3), entry(4)], meta: { total: 4, page: 2, per_page: 2 } },
  ],
  pageParams: [1, 2],
};

describe('the paid toggle on a paged list', () => {
  it('flips the entry in the page that holds it and leaves the other pages as they were', () => {
    const next = patchPaid(data, 3, true);
    expect(next?.pages[1]?.data[0]).toMatchObject({ id: 3, paid: true });
    expect(next?.pages[0]).toBe(data.pages[0]);
    expect(next?.pages[1]?.data[1]).toBe(data.pages[1]?.data[1]);
    expect(next?.pageParams).toEqual([1, 2]);
    // The cached list itself is not changed (the snapshot rolls back to it).
    expect(data.pages[1]?.data[0]?.paid).toBe(false);
  });

  it('changes nothing for an entry not loaded, one already in that state, or no list', () => {
    expect(patchPaid(data, 99, true)).toBe(data);
    expect(patchPaid(data, 1, false)).toBe(data);
    expect(patchPaid(undefined, 1, true)).toBeUndefined();
  });
});
