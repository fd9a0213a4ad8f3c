import type { Entry } from '@centavo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type EntryListState, toApiQuery } from '../lib/filters.ts';
import { entryKeys } from './keys.ts';

export interface EntryListResponse {
  data: Entry[];
  meta: { total: number; page: number; per_page: number };
}

/** GET /entry for a month and filters: the whole month in one response (the list is virtualised). */
export function getEntries(state: EntryListState, signal?: AbortSignal): Promise<EntryListResponse> {
  return apiRequest<EntryListResponse>('/entry', { query: toApiQuery(state), signal });
}

export function entriesQueryOptions(state: EntryListState) {
  return queryOptions({
    queryKey: entryKeys.list(state),
    queryFn: ({ signal }) => getEntries(state, signal),
    // Keep showing the previous month while the next loads; the list dims instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useEntries(state: EntryListState) {
  return useQuery(entriesQueryOptions(state));
}
