import type { Currency } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCurrencyList(): Promise<{ data: Currency[] }> {
  return apiRequest<{ data: Currency[] }>('/currency');
}

/** Reference data changes only with a deploy: fetch once per session. */
export function currencyListQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'currency'],
    queryFn: getCurrencyList,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCurrencyList() {
  return useQuery(currencyListQueryOptions());
}
