import type { Category, CategoryUpdateBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** A type change of a category in use answers 409 (its entries' operations would no longer match). */
export function updateCategory({ id, body }: { id: number; body: CategoryUpdateBody }): Promise<Category> {
  return apiRequest<Category>(`/category/${id}`, { method: 'PUT', body });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
  });
}
