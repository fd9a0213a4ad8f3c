import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Removes the tag from its entries (they stay) and deletes it. */
export function deleteTag(id: number): Promise<void> {
  return apiRequest<void>(`/tag/${id}`, { method: 'DELETE' });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
