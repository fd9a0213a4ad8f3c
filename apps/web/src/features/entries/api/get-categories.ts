import type { Category } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entryKeys } from './keys.ts';

/** GET /category: system and own categories (names in the user's language) with their subcategories. */
export function getCategories(): Promise<{ data: Category[] }> {
  return apiRequest<{ data: Category[] }>('/category');
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: entryKeys.categories(), queryFn: getCategories, staleTime: 10_000 });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
