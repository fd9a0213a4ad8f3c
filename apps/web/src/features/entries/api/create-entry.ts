import type { Entry, EntryCreateBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterEntryChange } from './invalidate.ts';

/** POST /entry: answers the entry created (the first of a series). */
export function createEntry(body: EntryCreateBody): Promise<Entry> {
  return apiRequest<Entry>('/entry', { method: 'POST', body });
}

export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    onSuccess: () => invalidateAfterEntryChange(queryClient),
  });
}
