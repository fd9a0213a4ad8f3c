import type {
  Budget,
  BudgetBatchResult,
  BudgetCreateBody,
  BudgetFillBody,
  BudgetLimit,
  BudgetLimitBody,
  BudgetReplicateBody,
  BudgetUpdateBody,
} from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** Budget writes change budgets only (never entries): they refresh the budget figures, no more. */
function useBudgetMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.figures.budgets() }),
  });
}

export function useCreateBudget() {
  return useBudgetMutation((body: BudgetCreateBody) =>
    apiRequest<Budget>('/budget', { method: 'POST', body }),
  );
}

export function useUpdateBudget() {
  return useBudgetMutation(({ id, body }: { id: number; body: BudgetUpdateBody }) =>
    apiRequest<Budget>(`/budget/${id}`, { method: 'PUT', body }),
  );
}

export function useReplicateBudgets() {
  return useBudgetMutation((body: BudgetReplicateBody) =>
    apiRequest<BudgetBatchResult>('/budget/replicate', { method: 'POST', body }),
  );
}

export function useFillBudgets() {
  return useBudgetMutation((body: BudgetFillBody) =>
    apiRequest<BudgetBatchResult>('/budget/fill', { method: 'POST', body }),
  );
}

/** GET /budget/deleteByMonth/?month= (a GET that writes, as the spec names it). */
export function useEraseMonth() {
  return useBudgetMutation((month: string) =>
    apiRequest<BudgetBatchResult>('/budget/deleteByMonth/', { query: { month } }),
  );
}

/** PUT /budget/limit: the month's overall spending limit (set again, it replaces it). */
export function useSetBudgetLimit() {
  return useBudgetMutation((body: BudgetLimitBody) =>
    apiRequest<BudgetLimit>('/budget/limit', { method: 'PUT', body }),
  );
}

/** DELETE /budget/limit?month=: the month has no overall limit any more. */
export function useRemoveBudgetLimit() {
  return useBudgetMutation((month: string) =>
    apiRequest<null>('/budget/limit', { method: 'DELETE', query: { month } }),
  );
}
