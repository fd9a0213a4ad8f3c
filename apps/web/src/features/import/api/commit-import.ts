import type { ImportCommit } from '@centavo/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** POST /import/{id}/commit, with an Idempotency-Key: a retry answers the first answer, writing nothing more. */
export function commitImport({ id, key }: { id: number; key: string }): Promise<ImportCommit> {
  return apiRequest<ImportCommit>(`/import/${id}/commit`, {
    method: 'POST',
    headers: { 'idempotency-key': key },
  });
}

/**
 * An import committed or undone adds or takes away entries: the imports, every entry list and figure, the
 * accounts' balances and the cards' invoices.
 */
export function invalidateAfterImport(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.imports.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.accounts.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.cards.all }),
  ]);
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: commitImport, onSuccess: () => invalidateAfterImport(queryClient) });
}
