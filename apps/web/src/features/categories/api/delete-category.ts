import type { CategoryDeleteBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/**
 * DELETE /category/{id}, with the replacement for its entries in the body. Without one, a category in use
 * answers 409; the page then asks where the entries should go and retries.
 */
export function deleteCategory({ id, body }: { id: number; body?: CategoryDeleteBody }): Promise<void> {
  return apiRequest<void>(`/category/${id}`, { method: 'DELETE', body: body ?? undefined });
}

export function isCategoryInUse(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // Its entries moved to the replacement category (of the same type: totals and balances stay).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.entries.lists() }),
      ]),
  });
}
