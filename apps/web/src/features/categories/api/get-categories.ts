import type { Category } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';

/** The whole tree (system and own, every type, with subcategories): a few dozen rows, tabs filter locally. */
export function getCategories(): Promise<{ data: Category[] }> {
  return apiRequest<{ data: Category[] }>('/category');
}

export const CATEGORIES_QUERY_KEY = ['categories'] as const;

/**
 * System names come in the user's language, so the interface language is part of the key: switching it
 * refetches instead of showing the other language's names from the cache.
 */
export function categoriesQueryOptions(language: string) {
  return queryOptions({ queryKey: [...CATEGORIES_QUERY_KEY, 'tree', language], queryFn: getCategories });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions(useLocale()));
}
