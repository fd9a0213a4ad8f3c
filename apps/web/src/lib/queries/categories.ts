import type { Category, Subcategory } from '@centavo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useLocale } from '../i18n.ts';
import { queryKeys } from './keys.ts';

/** GET /category: the whole tree (system and own, every type, with subcategories), a few dozen rows. */
export function getCategories(): Promise<{ data: Category[] }> {
  return apiRequest<{ data: Category[] }>('/category');
}

export function categoriesQueryOptions(language: string) {
  return queryOptions({ queryKey: queryKeys.categories.tree(language), queryFn: getCategories });
}

/** The categories page and the entries page (row names, filters, form). */
export function useCategories() {
  return useQuery(categoriesQueryOptions(useLocale()));
}

/** GET /subcategory/{categoryId}: the subcategories of a category (the entry form loads them on choice). */
export function getSubcategories(categoryId: number): Promise<{ data: Subcategory[] }> {
  return apiRequest<{ data: Subcategory[] }>(`/subcategory/${categoryId}`);
}

export function useSubcategories(categoryId: number | null) {
  const language = useLocale();
  return useQuery({
    queryKey: queryKeys.categories.subcategories(categoryId ?? 0, language),
    queryFn: () => getSubcategories(categoryId ?? 0),
    enabled: categoryId !== null,
  });
}
