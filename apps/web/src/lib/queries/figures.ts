import type {
  AnalysisReport,
  BudgetDashboard,
  CategoryBudgetList,
  CategoryDashboard,
  DebtReport,
  ExpenseReport,
  ExpenseSubcategories,
  InvestmentReport,
  ReportBasisName,
  ReportRange,
} from '@centavo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/**
 * Figures computed from entries, read by the budget page, the dashboard and the reports (DESIGN.md §4): the
 * API reads them from its per-month aggregates. Keys live under the entries prefix (keys.ts), so an entry
 * change refreshes every figure.
 */
export function useBudgetList(month: string) {
  return useQuery({
    queryKey: queryKeys.figures.budgetList(month),
    queryFn: () => apiRequest<CategoryBudgetList>('/category/budget', { query: { month } }),
    placeholderData: keepPreviousData,
  });
}

export function useBudgetDashboard(month: string) {
  return useQuery({
    queryKey: queryKeys.figures.budgetDashboard(month),
    queryFn: () => apiRequest<BudgetDashboard>('/budget/dashboard', { query: { month } }),
  });
}

export function useCategoryDashboard(month: string, basis: ReportBasisName) {
  return useQuery({
    queryKey: queryKeys.figures.categoryDashboard(month, basis),
    queryFn: () => apiRequest<CategoryDashboard>('/category/dashboard', { query: { month, basis } }),
  });
}

export interface ReportParams {
  range: ReportRange;
  basis: ReportBasisName;
  start?: string | undefined;
  end?: string | undefined;
}

interface ReportTypes {
  analysis: AnalysisReport;
  expense: ExpenseReport;
  debt: DebtReport;
  investment: InvestmentReport;
}

/** GET /report/{kind} over a range and basis. */
export function useReport<K extends keyof ReportTypes>(kind: K, params: ReportParams) {
  return useQuery({
    queryKey: queryKeys.figures.report(kind, params),
    queryFn: () =>
      apiRequest<ReportTypes[K]>(`/report/${kind}`, {
        query: { range: params.range, basis: params.basis, start: params.start, end: params.end },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /report/expense/subcategories: one expense category's subcategories over the report's range, read when
 * the by-category page opens that category (the report itself carries only what the page shows at once).
 */
export function useExpenseSubcategories(params: ReportParams, categoryId: number) {
  return useQuery({
    queryKey: queryKeys.figures.report('expense-subcategories', { ...params, categoryId }),
    queryFn: () =>
      apiRequest<ExpenseSubcategories>('/report/expense/subcategories', {
        query: {
          range: params.range,
          basis: params.basis,
          start: params.start,
          end: params.end,
          category_id: categoryId,
        },
      }),
  });
}
