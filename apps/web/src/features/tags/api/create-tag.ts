import type { Tag, TagBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** A name already taken (case-insensitively) answers 409 with `errors.name`. */
export function createTag(body: TagBody): Promise<Tag> {
  return apiRequest<Tag>('/tag', { method: 'POST', body });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
  });
}
