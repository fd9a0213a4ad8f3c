import type { Entry, EntryCreateBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entryKeys } from './keys.ts';

/** POST /entry: answers the entry created (the first of a series). */
export function createEntry(body: EntryCreateBody): Promise<Entry> {
  return apiRequest<Entry>('/entry', { method: 'POST', body });
}

export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    // Lists, totals, the carousel start and the tags (new labels) may all have changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entryKeys.all }),
  });
}
