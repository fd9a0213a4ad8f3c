import type { Account } from '@centavo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface AccountListParams {
  /** YYYY-MM whose end the predicted balance is computed at; the API's default is the current month. */
  month?: string | undefined;
  includeArchived?: boolean;
}

export function getAccounts({
  month,
  includeArchived = false,
}: AccountListParams): Promise<{ data: Account[] }> {
  return apiRequest<{ data: Account[] }>('/account', {
    query: { month, include_archived: includeArchived ? 'true' : undefined },
  });
}

/** Every account query starts with this key, so one invalidation refreshes all months and filters. */
export const ACCOUNTS_QUERY_KEY = ['accounts'] as const;

export function accountsQueryOptions(params: AccountListParams) {
  return queryOptions({
    queryKey: [...ACCOUNTS_QUERY_KEY, 'list', params.month ?? null, params.includeArchived ?? false],
    queryFn: () => getAccounts(params),
    // Stepping through months keeps the old rows on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useAccounts(params: AccountListParams) {
  return useQuery(accountsQueryOptions(params));
}
