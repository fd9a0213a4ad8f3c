import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterImport } from './commit-import.ts';

/** DELETE /import/{id}: undo a committed import (409 listing entries edited since, unless force), or discard. */
export function deleteImport({ id, force }: { id: number; force: boolean }): Promise<void> {
  return apiRequest<void>(`/import/${id}`, { method: 'DELETE', query: force ? { force: true } : {} });
}

export function useDeleteImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteImport, onSuccess: () => invalidateAfterImport(queryClient) });
}
