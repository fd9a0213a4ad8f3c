import type { Entry, EntryScope, EntryUpdateBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterEntryChange } from './invalidate.ts';

export interface UpdateEntryArgs {
  id: number;
  body: EntryUpdateBody;
  /** Omitted for single entries (the server's default is one). */
  scope?: EntryScope;
}

/** PUT /entry/{id}?scope=one|next|all. */
export function updateEntry({ id, body, scope }: UpdateEntryArgs): Promise<Entry> {
  return apiRequest<Entry>(`/entry/${id}`, { method: 'PUT', body, query: { scope } });
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    onSuccess: () => invalidateAfterEntryChange(queryClient),
  });
}
