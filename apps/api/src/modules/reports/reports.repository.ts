import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ReportBasis } from '../../db/tables/reports.ts';

/**
 * What a cell of the expense report counts: expense − income (refunds subtract); for category 0 ("no
 * category") the expense alone, as income without a category is income, not a refund (budgets count it the
 * same way).
 */
const spent = sql<number>`case when category_id = 0 then expense else expense - income end`;

/**
 * The expense report's category × month cells, from the per-category sums (migration 016: D1, 5 years,
 * ~2 300 rows where the per-subcategory rows are 10 860); only rows with income or expense (an
 * investment-only row cannot be spending). Exported for the EXPLAIN guard test.
 */
export function expenseCellsQuery(db: Db, userId: number, basis: ReportBasis, start: string, end: string) {
  return categorySums(db, userId, basis, start, end)
    .select(['month', 'category_id', spent.as('value')])
    .where((eb) => eb.or([eb('expense', '<>', 0), eb('income', '<>', 0)]));
}

/** The per-category sums of a month range: one range of category_month_sums_key (user, basis, month, …). */
function categorySums(db: Db, userId: number, basis: ReportBasis, start: string, end: string) {
  return db
    .selectFrom('category_month_sums')
    .where('user_id', '=', userId)
    .where('basis', '=', basis)
    .where('month', '>=', start)
    .where('month', '<=', end);
}

/**
 * One category's spending per subcategory over the range, summed by the database. The range of the key is
 * read with the category as a filter: D1, 5 years, ~10 000 rows touched, a few answered (0.5 ms in-process
 * under load, where all categories' subcategories at once took 12 ms — why the report asks per category).
 * Exported for the EXPLAIN guard test.
 */
export function expenseSubcategoriesQuery(
  db: Db,
  userId: number,
  basis: ReportBasis,
  start: string,
  end: string,
  categoryId: number,
) {
  return db
    .selectFrom('category_month_totals')
    .select(['sub_category_id', sql<number>`sum(expense - income)`.as('total')])
    .where('user_id', '=', userId)
    .where('basis', '=', basis)
    .where('month', '>=', start)
    .where('month', '<=', end)
    .where('category_id', '=', categoryId)
    .groupBy('sub_category_id');
}

export interface ExpenseCell {
  category_id: number;
  month: string;
  value: number;
}

/** The expense report's category × month cells, numbers as numbers (one query path on both databases). */
export async function findExpenseCells(
  db: Db,
  userId: number,
  basis: ReportBasis,
  start: string,
  end: string,
): Promise<ExpenseCell[]> {
  const rows = await expenseCellsQuery(db, userId, basis, start, end).execute();
  return rows.map((r) => ({ category_id: Number(r.category_id), month: r.month, value: Number(r.value) }));
}

/** A category's (never 0: "no category" has no subcategories) spending per subcategory, 0 = none. */
export async function findExpenseSubcategories(
  db: Db,
  userId: number,
  basis: ReportBasis,
  start: string,
  end: string,
  categoryId: number,
): Promise<Array<{ sub_category_id: number; total: number }>> {
  const rows = await expenseSubcategoriesQuery(db, userId, basis, start, end, categoryId).execute();
  return rows.map((r) => ({ sub_category_id: Number(r.sub_category_id), total: Number(r.total) }));
}

/**
 * Per month sums of a range (the analysis, investment and debt reports), from the per-category sums (a fifth
 * of the per-subcategory rows), grouped in key order. Exported for the EXPLAIN guard test.
 */
export function monthSumsQuery(db: Db, userId: number, basis: ReportBasis, start: string, end: string) {
  return categorySums(db, userId, basis, start, end)
    .select((eb) => [
      'month',
      eb.fn.sum<number>('income').as('income'),
      eb.fn.sum<number>('expense').as('expense'),
      eb.fn.sum<number>('investment').as('investment'),
      eb.fn.sum<number>('unpaid_installments').as('unpaid_installments'),
    ])
    .groupBy('month')
    .orderBy('month');
}

export async function findMonthSums(db: Db, userId: number, basis: ReportBasis, start: string, end: string) {
  const rows = await monthSumsQuery(db, userId, basis, start, end).execute();
  return rows.map((r) => ({
    month: r.month,
    income: Number(r.income),
    expense: Number(r.expense),
    investment: Number(r.investment),
    unpaid_installments: Number(r.unpaid_installments),
  }));
}
