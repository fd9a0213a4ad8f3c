import type { Language } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getLanguageList(): Promise<{ data: Language[] }> {
  return apiRequest<{ data: Language[] }>('/language');
}

/** Reference data changes only with a deploy: fetch once per session. */
export function languageListQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'language'],
    queryFn: getLanguageList,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLanguageList() {
  return useQuery(languageListQueryOptions());
}
