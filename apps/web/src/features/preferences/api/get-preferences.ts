import type { Preferences } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getPreferences(): Promise<Preferences> {
  return apiRequest<Preferences>('/user/preferences');
}

export const preferencesQueryOptions = queryOptions({
  queryKey: ['user', 'preferences'],
  queryFn: getPreferences,
});

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}
