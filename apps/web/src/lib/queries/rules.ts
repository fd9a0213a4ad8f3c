import type { Rule, RuleBodyInput } from '@centavo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/**
 * Rules (DESIGN.md §9): read by the rules page and the import preview (which rule chose a row's category),
 * created by the rules page and by the "always categorise" offer after a category is changed.
 */
export function getRules(): Promise<{ data: Rule[] }> {
  return apiRequest<{ data: Rule[] }>('/rule');
}

export function useRules(enabled = true) {
  return useQuery({ queryKey: queryKeys.rules.all, queryFn: getRules, enabled });
}

export function createRule(body: RuleBodyInput): Promise<Rule> {
  return apiRequest<Rule>('/rule', { method: 'POST', body });
}

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rules.all }),
  });
}
