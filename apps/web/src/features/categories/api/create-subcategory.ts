import type { Subcategory, SubcategoryCreateBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CATEGORIES_QUERY_KEY } from './get-categories.ts';

export function createSubcategory(body: SubcategoryCreateBody): Promise<Subcategory> {
  return apiRequest<Subcategory>('/subcategory', { method: 'POST', body });
}

export function useCreateSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubcategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY }),
  });
}
