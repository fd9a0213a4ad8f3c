import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** Removes the tag from its entries (they stay) and deletes it. */
export function deleteTag(id: number): Promise<void> {
  return apiRequest<void>(`/tag/${id}`, { method: 'DELETE' });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    // Its entries lost it (their rows, a list filtered by it).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.entries.lists() }),
      ]),
  });
}
