import type { Subcategory, SubcategoryUpdateBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

export function updateSubcategory({
  id,
  body,
}: {
  id: number;
  body: SubcategoryUpdateBody;
}): Promise<Subcategory> {
  return apiRequest<Subcategory>(`/subcategory/${id}`, { method: 'PUT', body });
}

export function useUpdateSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubcategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
  });
}
