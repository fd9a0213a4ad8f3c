import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** DELETE /import/{id}: undo a committed import (409 listing entries edited since, unless force), or discard. */
export function deleteImport({ id, force }: { id: number; force: boolean }): Promise<void> {
  return apiRequest<void>(`/import/${id}`, { method: 'DELETE', query: force ? { force: true } : {} });
}

export function useDeleteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.imports.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cards.all }),
      ]),
  });
}
