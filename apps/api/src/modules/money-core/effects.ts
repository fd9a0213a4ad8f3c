import type { Db } from '../../db/connection.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import {
  addEffects,
  applyTotals,
  type EffectRow,
  findRefundCategories,
  type TotalsDelta,
} from './account-totals.repository.ts';
import { addCardEffects, applyCardTotals, type CardTotalsDelta } from './card-totals.repository.ts';
import { addCategoryEffects, applyCategoryTotals, type CategoryDelta } from './category-totals.repository.ts';
import { addMoneyVolume } from './money-volume.repository.ts';

/** 422 naming `field`: the write would take the user's money volume past MAX_TOTAL_CENTS. */
export function moneyLimitError(field: string): AppError {
  return validationError({ [field]: 'moneyTotalExceeded' });
}

export function isMoneyLimitError(error: unknown): boolean {
  return error instanceof AppError && Object.values(error.fields ?? {}).includes('moneyTotalExceeded');
}

const volume = (rows: readonly EffectRow[]) => rows.reduce((sum, row) => sum + Math.abs(row.value), 0);

/**
 * THE place where a write of entries applies its effects, inside the caller's transaction. Every write
 * calls it with the rows as they were (`before`) and as they are now (`after`): a create has no `before`, a
 * delete no `after`, an update or a paid flag both. Callers: create, update, delete, paid
 * (entries/create.service.ts, entries/update.service.ts), the materialisation of fixed series (series.ts) and the
 * deletion of an account with its entries (accounts.service.ts).
 *
 * The effects, in this order:
 * 1. the user's money volume (money-volume.repository.ts): a write that would take it past
 *    MAX_TOTAL_CENTS throws a 422 on `value` before anything else here is written, and the caller's
 *    transaction then writes nothing (docs/decisions/money-limits.md);
 * 2. the per-(account, month) aggregates that balances read (account_month_totals);
 * 3. the per-(card, invoice month) aggregates that invoices and available limits read (card_invoice_totals).
 * 4. the per-(basis, month, category, subcategory) aggregates that budgets, the dashboard and the reports
 *    read (category_month_totals; the basis rule is reportMonths() in category-totals.repository.ts), and
 *    their sums per (basis, month, category) (category_month_sums, migration 016), from the same deltas.
 *
 * Extension point: every aggregate a later feature keeps over entries is updated here, in the same
 * transaction, so no write path can miss it — as 3 and 4 are. Whatever it throws rolls the whole write back.
 */
export async function applyEntryChanges(
  trx: Db,
  userId: number,
  before: readonly EffectRow[],
  after: readonly EffectRow[],
): Promise<void> {
  if (!(await addMoneyVolume(trx, userId, volume(after) - volume(before)))) throw moneyLimitError('value');
  // Incomes in expense categories are refunds in the account and category aggregates (one lookup, if any).
  const refunds = await findRefundCategories(trx, [...before, ...after]);
  const deltas = new Map<string, TotalsDelta>();
  addEffects(deltas, before, -1, refunds);
  addEffects(deltas, after, 1, refunds);
  await applyTotals(trx, userId, deltas);
  const cardDeltas = new Map<string, CardTotalsDelta>();
  addCardEffects(cardDeltas, before, -1);
  addCardEffects(cardDeltas, after, 1);
  await applyCardTotals(trx, userId, cardDeltas);
  const categoryDeltas = new Map<string, CategoryDelta>();
  addCategoryEffects(categoryDeltas, before, -1, refunds);
  addCategoryEffects(categoryDeltas, after, 1, refunds);
  await applyCategoryTotals(trx, userId, categoryDeltas);
}
