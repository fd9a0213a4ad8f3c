import type { Category } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** Hides a category (system or own) from the pickers for this user, or shows it again; history stays. */
export function setCategoryHidden({ id, hidden }: { id: number; hidden: boolean }): Promise<Category> {
  return apiRequest<Category>(`/category/${id}/hidden`, { method: 'PUT', body: { hidden } });
}

export function useSetCategoryHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCategoryHidden,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
  });
}
