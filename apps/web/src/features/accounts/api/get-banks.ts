import type { Bank } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** The whole list (a few dozen banks): the select filters it locally, by name or COMPE code. */
export function getBanks(): Promise<{ data: Bank[] }> {
  return apiRequest<{ data: Bank[] }>('/bank');
}

/** Reference data changes only with a deploy: fetch once per session. */
export function banksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.reference.banks,
    queryFn: getBanks,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
