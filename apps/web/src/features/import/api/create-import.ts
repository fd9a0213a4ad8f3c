import type { ImportSummary } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

export interface ImportTarget {
  account_id?: number;
  card_id?: number;
}

/** POST /import: the file and where its rows go; answers the staged import (or one waiting for a mapping). */
export function createImport({ file, target }: { file: File; target: ImportTarget }): Promise<ImportSummary> {
  const form = new FormData();
  if (target.account_id) form.set('account_id', String(target.account_id));
  if (target.card_id) form.set('card_id', String(target.card_id));
  form.set('file', file, file.name);
  return apiRequest<ImportSummary>('/import', { method: 'POST', body: form });
}

export function useCreateImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.imports.all }),
  });
}
