import { addMonths, type BudgetBatchResult, type FillStrategy } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { findVisibleCategories } from '../categories/categories.repository.ts';
import { findUserById } from '../identity/users.repository.ts';
import { findCategoryMonths } from '../money-core/category-totals.repository.ts';
import { materialiseSeriesThrough } from '../money-core/series.ts';
import { CURRENCIES } from '../reference/reference.data.ts';
import { findSeriesExpenses } from './budgets.repository.ts';
import { writeBudgets } from './budgets.service.ts';

const STRATEGY_MONTHS: Record<FillStrategy, number> = {
  last_month: 1,
  avg_3: 3,
  avg_6: 6,
  avg_12: 12,
  zero: 0,
};

/**
 * A suggested budget as a person would write it (issue 23 #13d: "R$ 1.099,77" read as a computation, not a
 * limit): rounded up to the next 10 units of the currency (R$ 10), or the next 50 from 1 000 units on
 * (R$ 1.000). Up, so that a month like the ones averaged fits in it. `digits`: the currency's minor-unit digits.
 */
export function roundSuggestion(cents: number, digits: number): number {
  const unit = 10 ** digits;
  const step = (cents >= 1000 * unit ? 50 : 10) * unit;
  return Math.ceil(cents / step) * step;
}

/**
 * POST /budget/fill: the month's budgets from history — last month's spending, or the average spending of the
 * last 3/6/12 months (months without spending count as 0), per expense category with spending; `zero` gives
 * every expense category a budget of 0 to fill in. Spending as the budget page counts it (accrual, refunds
 * subtract); categories whose figure is ≤ 0 are left alone.
 *
 * What is already known of the month is not guessed (issue 23 #13d): the installments and fixed charges
 * (subscriptions) dated in it are added as they are, and their past occurrences are taken out of the average
 * they would otherwise repeat in. A suggestion is then rounded up (`roundSuggestion`).
 */
export async function fillBudgets(
  db: Db,
  userId: number,
  body: { month: string; strategy: FillStrategy; overwrite: boolean },
): Promise<BudgetBatchResult> {
  // The month's fixed occurrences must exist before they are read (the one write a read may do).
  if (body.strategy !== 'zero') await materialiseSeriesThrough(db, userId, body.month);
  return inTransaction(db, async (trx) => {
    const categories = await findVisibleCategories(trx, userId, 'expense');
    const values = new Map<number, number>();
    if (body.strategy === 'zero') {
      for (const c of categories) values.set(Number(c.id), 0);
      return writeBudgets(trx, userId, [body.month], values, body.overwrite);
    }
    const n = STRATEGY_MONTHS[body.strategy];
    const first = addMonths(body.month, -n);
    const last = addMonths(body.month, -1);
    const expenseIds = new Set(categories.map((c) => Number(c.id)));
    const [rows, series, user] = await Promise.all([
      findCategoryMonths(trx, userId, 'accrual', first, last),
      findSeriesExpenses(trx, userId, first, body.month),
      findUserById(trx, userId),
    ]);
    const add = (into: Map<number, number>, categoryId: number, value: number) => {
      if (expenseIds.has(categoryId)) into.set(categoryId, (into.get(categoryId) ?? 0) + value);
    };
    const history = new Map<number, number>();
    const known = new Map<number, number>();
    for (const r of rows) add(history, r.category_id, r.expense - r.income);
    for (const s of series) {
      if (s.month === body.month) add(known, s.category_id, s.value);
      else add(history, s.category_id, -s.value);
    }
    const digits = (user ? CURRENCIES[user.currency_id - 1]?.[2] : undefined) ?? 2;
    for (const id of new Set([...history.keys(), ...known.keys()])) {
      const value = Math.round((history.get(id) ?? 0) / n) + (known.get(id) ?? 0);
      if (value > 0) values.set(id, roundSuggestion(value, digits));
    }
    return writeBudgets(trx, userId, [body.month], values, body.overwrite);
  });
}
