import type { Preferences } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getPreferences(): Promise<Preferences> {
  return apiRequest<Preferences>('/user/preferences');
}

export const PREFERENCES_QUERY_KEY = ['user', 'preferences'] as const;

export function preferencesQueryOptions() {
  // Always re-read on mount: the language menu can change it outside the query cache.
  return queryOptions({ queryKey: PREFERENCES_QUERY_KEY, queryFn: getPreferences, staleTime: 0 });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
