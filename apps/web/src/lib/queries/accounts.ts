import type { Account } from '@centavo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from './keys.ts';

export interface AccountListParams {
  /** YYYY-MM whose end the predicted balance is computed at; the API's default is the current month. */
  month?: string | undefined;
  /** Archived accounts too: old entries still name their account, and the accounts page filters locally. */
  includeArchived?: boolean;
}

/** GET /account (accounts page, entries page: names and colours of the rows, the form's choices). */
export function getAccounts({
  month,
  includeArchived = false,
}: AccountListParams): Promise<{ data: Account[] }> {
  return apiRequest<{ data: Account[] }>('/account', {
    query: { month, include_archived: includeArchived ? 'true' : undefined },
  });
}

export function accountsQueryOptions(params: AccountListParams) {
  return queryOptions({
    queryKey: queryKeys.accounts.list({
      month: params.month ?? null,
      includeArchived: params.includeArchived ?? false,
    }),
    queryFn: () => getAccounts(params),
    // Stepping through months keeps the old rows on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useAccounts(params: AccountListParams) {
  return useQuery(accountsQueryOptions(params));
}
