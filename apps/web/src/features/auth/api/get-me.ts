import type { User } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMe(): Promise<User> {
  return apiRequest<User>('/user/me');
}

export const meQueryOptions = queryOptions({ queryKey: ['user', 'me'], queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions);
}
