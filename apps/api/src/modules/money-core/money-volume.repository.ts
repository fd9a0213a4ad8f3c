import { MAX_TOTAL_CENTS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';

/**
 * Locks the user's money-volume row until the transaction ends. Every write that adds money takes this row
 * in applyEntryChanges; a deletion of an account, card or category with all its entries takes it first, so
 * writes of that user's entries queue behind it instead of deadlocking with it half-way (PostgreSQL; on
 * SQLite writers are serialised anyway). docs/decisions/concurrency.md.
 */
export async function lockMoneyWrites(db: Db, userId: number): Promise<void> {
  await db
    .selectFrom('user_money_totals')
    .select('user_id')
    .where('user_id', '=', userId)
    .forUpdate()
    .execute();
}

/**
 * Adds `delta` (negative: money given back) to the user's money volume, in the caller's transaction.
 * Answers false, having written nothing, when the volume would pass MAX_TOTAL_CENTS; the caller then
 * refuses its whole write. The check and the addition are one statement: on PostgreSQL concurrent writers
 * queue on the user's row and each re-checks the condition against the committed total, so parallel
 * writes never pass the limit together.
 */
export async function addMoneyVolume(db: Db, userId: number, delta: number): Promise<boolean> {
  if (delta === 0) return true;
  if (delta < 0) {
    await db
      .updateTable('user_money_totals')
      .set((eb) => ({ volume: eb('volume', '+', delta) }))
      .where('user_id', '=', userId)
      .execute();
    return true;
  }
  if (delta > MAX_TOTAL_CENTS) return false;
  // The first write of a user inserts the row (users created before migration 006 got theirs there).
  const result = await db
    .insertInto('user_money_totals')
    .values({ user_id: userId, volume: delta })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({ volume: eb('user_money_totals.volume', '+', eb.ref('excluded.volume')) }))
        .where((eb) =>
          eb(eb('user_money_totals.volume', '+', eb.ref('excluded.volume')), '<=', MAX_TOTAL_CENTS),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
