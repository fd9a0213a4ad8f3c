import type { Rule, RuleApplyResult, RuleBodyInput, RulePreview, RulePreviewBody } from '@centavo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** The rules page's writes (creating lives in lib/queries/rules.ts, shared with the "always categorise" offer). */

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RuleBodyInput }) =>
      apiRequest<Rule>(`/rule/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rules.all }),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/rule/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rules.all }),
  });
}

/** PUT /rule/order: every rule, in the order they should run. */
export function useOrderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest<{ data: Rule[] }>('/rule/order', { method: 'PUT', body: { ids } }),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.rules.all, list),
  });
}

/** POST /rule/{id}/apply changes entries: lists, balances, budgets and reports (all under entries) refresh. */
export function useApplyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<RuleApplyResult>(`/rule/${id}/apply`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.rules.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
      ]),
  });
}

/** POST /rule/preview of a rule's conditions (nothing is written, so it is read as a query). */
export function useRulePreview(body: RulePreviewBody | null) {
  return useQuery({
    queryKey: [...queryKeys.rules.all, 'preview', body],
    queryFn: () => apiRequest<RulePreview>('/rule/preview', { method: 'POST', body: body ?? undefined }),
    enabled: body !== null,
  });
}
