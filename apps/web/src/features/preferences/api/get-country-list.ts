import type { Country } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCountryList(): Promise<{ data: Country[] }> {
  return apiRequest<{ data: Country[] }>('/country');
}

/** Reference data changes only with a deploy: fetch once per session. */
export function countryListQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'country'],
    queryFn: getCountryList,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCountryList() {
  return useQuery(countryListQueryOptions());
}
