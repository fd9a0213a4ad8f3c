import type { Tag } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every tag with how many entries carry it; the search box filters the list locally. */
export function getTagsWithCounts(): Promise<{ data: Tag[] }> {
  return apiRequest<{ data: Tag[] }>('/tag', { query: { with_counts: 'true' } });
}

export const TAGS_QUERY_KEY = ['tags'] as const;

export function tagsWithCountsQueryOptions() {
  return queryOptions({ queryKey: [...TAGS_QUERY_KEY, 'with-counts'], queryFn: getTagsWithCounts });
}

export function useTagsWithCounts() {
  return useQuery(tagsWithCountsQueryOptions());
}
