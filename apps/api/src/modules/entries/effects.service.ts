import type { Db } from '../../db/connection.ts';
import { addEffects, applyTotals, type EffectRow, type TotalsDelta } from './totals.repository.ts';

/**
 * THE place where a write of entries applies its effects, inside the caller's transaction. Every write
 * calls it with the rows as they were (`before`) and as they are now (`after`): a create has no `before`, a
 * delete no `after`, an update or a paid flag both. Callers: create, update, delete, paid
 * (create.service.ts, update.service.ts), the lazy extension of fixed series (series.service.ts) and the
 * deletion of an account with its entries (accounts.service.ts).
 *
 * Today the effects are the per-(account, month) aggregates (account_month_totals) that balances read.
 * Extension point: every aggregate a later feature keeps over entries is updated here, in the same
 * transaction, so no write path can miss it — the cards issue adds per-(card, invoice month) aggregates,
 * the budgets/reports issue per-(category, month, basis) ones. Whatever it throws rolls the whole write back.
 */
export async function applyEntryChanges(
  trx: Db,
  userId: number,
  before: readonly EffectRow[],
  after: readonly EffectRow[],
): Promise<void> {
  const deltas = new Map<string, TotalsDelta>();
  addEffects(deltas, before, -1);
  addEffects(deltas, after, 1);
  await applyTotals(trx, userId, deltas);
}
