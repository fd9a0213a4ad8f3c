import type { ImportRow, ImportRowList, ImportRowStatus, ImportRowUpdateBody } from '@centavo/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

export const ROWS_PER_PAGE = 50;

export interface RowsParams {
  page: number;
  status?: ImportRowStatus | undefined;
}

/** GET /import/{id}/rows: one page of the staged rows, optionally of one status. */
export function getImportRows(id: number, params: RowsParams): Promise<ImportRowList> {
  return apiRequest<ImportRowList>(`/import/${id}/rows`, {
    query: { page: params.page, per_page: ROWS_PER_PAGE, status: params.status },
  });
}

export function useImportRows(id: number | null, params: RowsParams) {
  return useQuery({
    queryKey: queryKeys.imports.rows(id ?? 0, params),
    queryFn: () => getImportRows(id as number, params),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** PUT /import/{id}/rows/{line}: include or leave out, category, description. */
export function updateImportRow(args: {
  id: number;
  line: number;
  body: ImportRowUpdateBody;
}): Promise<ImportRow> {
  return apiRequest<ImportRow>(`/import/${args.id}/rows/${args.line}`, { method: 'PUT', body: args.body });
}

export function useUpdateImportRow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImportRow,
    // The row as answered replaces its copy in every page cached for this import.
    onSuccess: (row) => {
      queryClient.setQueriesData<ImportRowList>(
        { queryKey: [...queryKeys.imports.all, 'rows', id] },
        (page) => (page ? { ...page, data: page.data.map((r) => (r.line === row.line ? row : r)) } : page),
      );
    },
  });
}
