import type { ImportMappingBody, ImportSummary } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** PUT /import/{id}/mapping: the columns of a CSV/XLSX; answers the import with its rows staged. */
export function mapImport({
  id,
  mapping,
}: {
  id: number;
  mapping: ImportMappingBody;
}): Promise<ImportSummary> {
  return apiRequest<ImportSummary>(`/import/${id}/mapping`, { method: 'PUT', body: mapping });
}

export function useMapImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mapImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.imports.all }),
  });
}
