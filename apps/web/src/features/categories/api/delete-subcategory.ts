import type { SubcategoryDeleteBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** Entries on the subcategory move to `sub_category_id` (same category) or keep the category alone. */
export function deleteSubcategory({ id, body }: { id: number; body: SubcategoryDeleteBody }): Promise<void> {
  return apiRequest<void>(`/subcategory/${id}`, { method: 'DELETE', body: body ?? undefined });
}

export function useDeleteSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubcategory,
    // Its entries moved to another subcategory or to none (totals and balances stay).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.entries.lists() }),
      ]),
  });
}
