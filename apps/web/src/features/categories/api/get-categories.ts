import type { Category } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The whole tree (system and own, every type, with subcategories): a few dozen rows, tabs filter locally. */
export function getCategories(): Promise<{ data: Category[] }> {
  return apiRequest<{ data: Category[] }>('/category');
}

export const CATEGORIES_QUERY_KEY = ['categories'] as const;

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: [...CATEGORIES_QUERY_KEY, 'tree'], queryFn: getCategories });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
