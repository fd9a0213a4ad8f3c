import type { EntryTotals } from '@centavo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { type EntryListState, listApiQuery } from '../lib/filters.ts';

/** GET /entry/totals for the list's filters (the same range as the list: a search spans every month). */
export function getEntryTotals(state: EntryListState, signal?: AbortSignal): Promise<EntryTotals> {
  return apiRequest<EntryTotals>('/entry/totals', { query: listApiQuery(state), signal });
}

/** Asked only while a filter is set: an unfiltered month's totals come from GET /entry/balance. */
export function useEntryTotals(state: EntryListState, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.entries.totals(state),
    queryFn: ({ signal }) => getEntryTotals(state, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
