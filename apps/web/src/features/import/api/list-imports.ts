import type { ImportList } from '@centavo/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** GET /import: the history, newest first. */
export function listImports(page: number): Promise<ImportList> {
  return apiRequest<ImportList>('/import', { query: { page, per_page: 20 } });
}

export function useImports(page: number) {
  return useQuery({ queryKey: queryKeys.imports.list(page), queryFn: () => listImports(page) });
}
