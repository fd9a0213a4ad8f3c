import type { Tag } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entryKeys } from './keys.ts';

/** GET /tag: the user's tags (suggested in the form, named in the rows). */
export function getTags(): Promise<{ data: Tag[] }> {
  return apiRequest<{ data: Tag[] }>('/tag');
}

export function tagsQueryOptions() {
  return queryOptions({ queryKey: entryKeys.tags(), queryFn: getTags, staleTime: 10_000 });
}

export function useTags() {
  return useQuery(tagsQueryOptions());
}
