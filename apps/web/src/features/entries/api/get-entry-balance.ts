import type { EntryBalance } from '@centavo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** GET /entry/balance?month=: the month's totals and the balances at its end. */
export function getEntryBalance(month: string, signal?: AbortSignal): Promise<EntryBalance> {
  return apiRequest<EntryBalance>('/entry/balance', { query: { month }, signal });
}

export function entryBalanceQueryOptions(month: string) {
  return queryOptions({
    queryKey: queryKeys.entries.balance(month),
    queryFn: ({ signal }) => getEntryBalance(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEntryBalance(month: string) {
  return useQuery(entryBalanceQueryOptions(month));
}
