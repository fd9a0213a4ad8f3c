import type { ImportSummary } from '@centavo/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

export function getImport(id: number): Promise<ImportSummary> {
  return apiRequest<ImportSummary>(`/import/${id}`);
}

export function useImport(id: number | null) {
  return useQuery({
    queryKey: queryKeys.imports.one(id ?? 0),
    queryFn: () => getImport(id as number),
    enabled: id !== null,
  });
}
