import type { Tag, TagBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

export function updateTag({ id, body }: { id: number; body: TagBody }): Promise<Tag> {
  return apiRequest<Tag>(`/tag/${id}`, { method: 'PUT', body });
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTag,
    // Entries carry tag ids; their rows read the names from the tags list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
  });
}
