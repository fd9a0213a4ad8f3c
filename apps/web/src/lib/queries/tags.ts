import type { Tag } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/** GET /tag with how many entries carry each tag (the tags page shows it; the entries page names them). */
export function getTags(): Promise<{ data: Tag[] }> {
  return apiRequest<{ data: Tag[] }>('/tag', { query: { with_counts: 'true' } });
}

export function tagsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.tags.all, queryFn: getTags });
}

export function useTags() {
  return useQuery(tagsQueryOptions());
}
