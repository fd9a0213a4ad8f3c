import { OPERATIONS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import type { CategoryMonthTotalsTable, ReportBasis } from '../../db/tables/reports.ts';
import { type EffectRow, isRefund, type RefundCategories } from './account-totals.repository.ts';
import { addToAggregate, byKey } from './aggregate-upsert.ts';

export const BASES: readonly ReportBasis[] = ['accrual', 'cash'];

/**
 * THE basis rule (DESIGN.md §4 "Two bases, never mixed"), in one place: the month an entry counts in for each
 * basis. Accrual ("competência"): the month of the entry's own date, card purchases and each installment
 * included. Cash: what left or entered the accounts — for an account entry the month of its date too.
 *
 * Card rows (card_id set, account_id null) count in the cash basis in their `invoice_month` (the month the
 * invoice is due), not in the month of their date. The entries list's `basis` filter and the custom report's
 * month (entries.repository.ts, `cashMonth` and `inBasisRange`) mirror it.
 */
export function reportMonths(row: EffectRow): { accrual: string; cash: string } {
  const month = row.date.slice(0, 7);
  const cash = row.account_id === null && row.invoice_month !== null ? row.invoice_month : month;
  return { accrual: month, cash };
}

/** Whether a row counts in any report: transfers, invoice payments included, are in neither basis. */
export function countsInReports(row: EffectRow): boolean {
  return row.operation_id !== OPERATIONS.transfer;
}

/** One key's change to category_month_totals (the row without its user). */
export type CategoryDelta = Omit<CategoryMonthTotalsTable, 'user_id'>;

/** The summed columns of both category aggregates (every column after the key). */
const SUMS = [
  'income',
  'expense',
  'investment',
  'income_count',
  'expense_count',
  'investment_count',
  'unpaid_installments',
] as const;

/** Accumulates `sign` × the rows' effect on the per-(basis, month, category, subcategory) aggregates. */
export function addCategoryEffects(
  into: Map<string, CategoryDelta>,
  rows: readonly EffectRow[],
  sign: 1 | -1,
  refunds: RefundCategories = new Set(),
): void {
  for (const row of rows) {
    if (!countsInReports(row)) continue;
    const months = reportMonths(row);
    const categoryId = row.category_id ?? 0;
    const subId = row.sub_category_id ?? 0;
    for (const basis of BASES) {
      const month = months[basis];
      const key = `${basis}|${month}|${categoryId}|${subId}`;
      let d = into.get(key);
      if (!d) {
        d = {
          basis,
          month,
          category_id: categoryId,
          sub_category_id: subId,
          income: 0,
          expense: 0,
          investment: 0,
          income_count: 0,
          expense_count: 0,
          investment_count: 0,
          unpaid_installments: 0,
        };
        into.set(key, d);
      }
      const v = sign * row.value;
      if (isRefund(row, refunds)) {
        // A refund lowers its expense category's spending, never adds income (DESIGN.md §4).
        d.expense -= v;
        d.expense_count += sign;
      } else if (row.operation_id === OPERATIONS.income) {
        d.income += v;
        d.income_count += sign;
      } else if (row.operation_id === OPERATIONS.expense) {
        d.expense += v;
        d.expense_count += sign;
        // Account installments only: a card's are inside its invoices, which the debt report adds itself.
        if (row.paid !== 1 && row.installment_count !== null && row.account_id !== null)
          d.unpaid_installments += v;
      } else {
        d.investment += v;
        d.investment_count += sign;
      }
    }
  }
}

/**
 * Adds the non-zero deltas to category_month_totals and their sums per (basis, month, category) to
 * category_month_sums (migration 016), each in key order (aggregate-upsert.ts). Both tables come from the
 * same deltas, so a category's row always equals the sum of its subcategories' rows.
 */
export async function applyCategoryTotals(
  db: Db,
  userId: number,
  deltas: Map<string, CategoryDelta>,
): Promise<void> {
  const bySubcategory = [...deltas.entries()]
    .filter(([, d]) => SUMS.some((c) => d[c] !== 0))
    .sort(([a], [b]) => byKey(a, b));
  await addToAggregate(
    db,
    'category_month_totals',
    ['user_id', 'basis', 'month', 'category_id', 'sub_category_id'],
    SUMS,
    bySubcategory.map(([, d]) => ({ user_id: userId, ...d })),
  );
  const byCategory = new Map<string, Omit<CategoryDelta, 'sub_category_id'>>();
  for (const [, { sub_category_id: _, ...d }] of bySubcategory) {
    const key = `${d.basis}|${d.month}|${d.category_id}`;
    const sum = byCategory.get(key);
    if (!sum) byCategory.set(key, { ...d });
    else for (const c of SUMS) sum[c] += d[c];
  }
  // A move between two subcategories of one category sums to zero here: nothing to write.
  const rows = [...byCategory.entries()]
    .filter(([, d]) => SUMS.some((c) => d[c] !== 0))
    .sort(([a], [b]) => byKey(a, b))
    .map(([, d]) => ({ user_id: userId, ...d }));
  await addToAggregate(db, 'category_month_sums', ['user_id', 'basis', 'month', 'category_id'], SUMS, rows);
}

/**
 * Reads of category_month_totals (migration 008; kept by applyEntryChanges). Every query is one range of the
 * primary key (user_id, basis, month, category_id, sub_category_id): O(categories × months) rows, never
 * entries. Exported for the EXPLAIN guard test.
 */
export function categoryMonthsQuery(db: Db, userId: number, basis: ReportBasis, start: string, end: string) {
  return db
    .selectFrom('category_month_totals')
    .select(['month', 'category_id', 'sub_category_id', ...SUMS])
    .where('user_id', '=', userId)
    .where('basis', '=', basis)
    .where('month', '>=', start)
    .where('month', '<=', end);
}

export type CategoryMonthRow = Omit<CategoryDelta, 'basis'>;

/** The rows of a month range (BIGINT columns come as numbers on both databases: db/connection.ts). */
export function findCategoryMonths(
  db: Db,
  userId: number,
  basis: ReportBasis,
  start: string,
  end: string,
): Promise<CategoryMonthRow[]> {
  return categoryMonthsQuery(db, userId, basis, start, end).execute();
}
