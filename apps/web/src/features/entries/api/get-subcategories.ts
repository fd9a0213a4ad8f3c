import type { Subcategory } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entryKeys } from './keys.ts';

/** GET /subcategory/{categoryId}: the subcategories of a category (the form loads them on choice). */
export function getSubcategories(categoryId: number): Promise<{ data: Subcategory[] }> {
  return apiRequest<{ data: Subcategory[] }>(`/subcategory/${categoryId}`);
}

export function subcategoriesQueryOptions(categoryId: number) {
  return queryOptions({
    queryKey: entryKeys.subcategories(categoryId),
    queryFn: () => getSubcategories(categoryId),
    staleTime: 10_000,
  });
}

export function useSubcategories(categoryId: number | null) {
  return useQuery({ ...subcategoriesQueryOptions(categoryId ?? 0), enabled: categoryId !== null });
}
