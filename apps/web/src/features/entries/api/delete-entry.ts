import type { EntryScope } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterEntryChange } from './invalidate.ts';

export interface DeleteEntryArgs {
  id: number;
  scope?: EntryScope;
}

/** DELETE /entry/{id}?scope=one|next|all (204). */
export function deleteEntry({ id, scope }: DeleteEntryArgs): Promise<void> {
  return apiRequest<void>(`/entry/${id}`, { method: 'DELETE', query: { scope } });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: () => invalidateAfterEntryChange(queryClient),
  });
}
