import type { Generated } from 'kysely';

/** A monthly limit per expense category (DESIGN.md §4 "Budgets"); erased = value 0 and active 0. */
export interface BudgetsTable {
  id: Generated<number>;
  user_id: number;
  category_id: number;
  /** YYYY-MM. */
  month: string;
  /** Cents, ≥ 0. */
  value: number;
  active: number;
  created_at: string;
  updated_at: string;
}

export type ReportBasis = 'accrual' | 'cash';

/**
 * Per (user, basis, month, category, subcategory) sums of the entries, kept by applyEntryChanges in the same
 * transaction as every entry write (docs/decisions/reports.md). 0 in category_id/sub_category_id means none.
 */
export interface CategoryMonthTotalsTable {
  user_id: number;
  basis: ReportBasis;
  month: string;
  category_id: number;
  sub_category_id: number;
  income: number;
  expense: number;
  investment: number;
  income_count: number;
  expense_count: number;
  investment_count: number;
  /** Unpaid expense installments of the month (the debt report). */
  unpaid_installments: number;
}

/**
 * The same sums per (user, basis, month, category), every subcategory together (migration 016): kept from the
 * same deltas as category_month_totals, so a row always equals the sum of its subcategories' rows.
 */
export type CategoryMonthSumsTable = Omit<CategoryMonthTotalsTable, 'sub_category_id'>;

/** The overall spending limit of a month, beside the per-category budgets (migration 018); key (user, month). */
export interface BudgetLimitsTable {
  user_id: number;
  /** YYYY-MM. */
  month: string;
  /** Cents, ≥ 0. */
  value: number;
  created_at: string;
  updated_at: string;
}

export interface ReportTables {
  budgets: BudgetsTable;
  budget_limits: BudgetLimitsTable;
  category_month_totals: CategoryMonthTotalsTable;
  category_month_sums: CategoryMonthSumsTable;
}
