import type { User } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMe(): Promise<User> {
  return apiRequest<User>('/user/me');
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['user', 'me'], queryFn: getMe });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
