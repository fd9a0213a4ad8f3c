import { ENTRY_PAGE_SIZE } from '@centavo/shared/constants';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { type EntryListState, listApiQuery } from '../lib/filters.ts';
import { type EntryPage, nextPageParam } from '../lib/paging.ts';

export type { EntryPage } from '../lib/paging.ts';

/** What the list's cache entry holds: the pages loaded so far, in order. */
export type EntryListData = InfiniteData<EntryPage, number>;

/**
 * GET /entry for a month and filters, one page of ENTRY_PAGE_SIZE (sorted by date then id). A month may
 * hold 10 000 entries: the list asks for the next page as it nears the end of what it has
 * (docs/decisions/ledger-list-paging.md).
 */
export function getEntriesPage(
  state: EntryListState,
  page: number,
  signal?: AbortSignal,
): Promise<EntryPage> {
  return apiRequest<EntryPage>('/entry', {
    query: { ...listApiQuery(state), page, per_page: ENTRY_PAGE_SIZE },
    signal,
  });
}

export function entriesQueryOptions(state: EntryListState) {
  return infiniteQueryOptions({
    queryKey: queryKeys.entries.list(state),
    queryFn: ({ signal, pageParam }) => getEntriesPage(state, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // Keep showing the previous month while the next loads; the list dims instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useEntries(state: EntryListState) {
  return useInfiniteQuery(entriesQueryOptions(state));
}
