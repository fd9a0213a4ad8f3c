import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { EntrySeriesTable } from '../../db/tables/ledger.ts';
import { applyEntryChanges } from './effects.ts';
import {
  deleteEntries,
  type EntryRow,
  insertEntries,
  type NewEntryRow,
  updateEntries,
} from './entry-rows.repository.ts';
import { insertSeries } from './series.repository.ts';

/**
 * Writes of many entries at once (an import's commit and its undo): the same effects as single creates and
 * deletes — `applyEntryChanges` with every row in one call, so the aggregates stay exact — in batched
 * inserts, inside the caller's transaction. References (accounts, cards, categories) are the caller's to
 * have checked: these functions write what they are given.
 */

/** Inserts the rows (in order) and applies their effects; answers their ids in the same order. */
export async function insertEntriesInBulk(trx: Db, userId: number, rows: NewEntryRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  // Effects first: a write past the user's money limit is refused (422) before any row is inserted.
  await applyEntryChanges(trx, userId, [], rows);
  return insertEntries(trx, rows);
}

/** An installment purchase's series row (entry_series, kind installment), for its entries to point at. */
export function insertInstallmentSeries(
  trx: Db,
  values: Omit<Insertable<EntrySeriesTable>, 'kind' | 'limit_fixed_date'>,
): Promise<number> {
  return insertSeries(trx, { ...values, kind: 'installment', limit_fixed_date: null });
}

/** Deletes the rows (as they are now) with their effects, and the installment series left without entries. */
export async function deleteEntriesInBulk(trx: Db, userId: number, rows: readonly EntryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await applyEntryChanges(trx, userId, rows, []);
  await deleteEntries(
    trx,
    userId,
    rows.map((r) => r.id),
  );
  const seriesIds = [...new Set(rows.map((r) => r.series_id).filter((id): id is number => id !== null))];
  for (let i = 0; i < seriesIds.length; i += 500) {
    const chunk = seriesIds.slice(i, i + 500);
    await trx
      .deleteFrom('entry_series')
      .where('user_id', '=', userId)
      .where('id', 'in', chunk)
      .where('kind', '=', 'installment')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('entries')
              .select('entries.id')
              .where('entries.user_id', '=', userId)
              .whereRef('entries.series_id', '=', 'entry_series.id'),
          ),
        ),
      )
      .execute();
  }
}

/**
 * Sets the paid flag of entries (an invoice's, when a payment settles it or its last payment goes), with the
 * effects of those whose flag really changes.
 */
export async function setPaidInBulk(
  trx: Db,
  userId: number,
  entries: readonly EntryRow[],
  paid: boolean,
  stamp: string,
): Promise<void> {
  const changing = entries.filter((e) => (e.paid === 1) !== paid);
  if (changing.length === 0) return;
  const changes = { paid: paid ? 1 : 0, paid_at: paid ? stamp : null, updated_at: stamp };
  await applyEntryChanges(
    trx,
    userId,
    changing,
    changing.map((e) => ({ ...e, ...changes })),
  );
  await updateEntries(
    trx,
    userId,
    changing.map((e) => e.id),
    changes,
  );
}
