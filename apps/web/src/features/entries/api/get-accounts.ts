import type { Account } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entryKeys } from './keys.ts';

/** GET /account with archived ones: old entries still name their account; the form offers active ones. */
export function getAccounts(): Promise<{ data: Account[] }> {
  return apiRequest<{ data: Account[] }>('/account', { query: { include_archived: true } });
}

export function accountsQueryOptions() {
  return queryOptions({ queryKey: entryKeys.accounts(), queryFn: getAccounts, staleTime: 10_000 });
}

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
