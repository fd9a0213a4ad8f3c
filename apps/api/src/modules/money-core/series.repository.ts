import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { EntrySeriesTable } from '../../db/tables/ledger.ts';
import { type EntryRow, entryColumns, type LockOption } from './entry-rows.repository.ts';

/** Fixed series and installment purchases (entry_series), and their entries as a series. */
export type SeriesRow = Omit<Selectable<EntrySeriesTable>, 'id'> & { id: number };

export async function insertSeries(db: Db, values: Insertable<EntrySeriesTable>): Promise<number> {
  const row = await db.insertInto('entry_series').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** One series; `{lock: true}` locks it for a series-wide edit (see findEntryById). */
export function findSeriesById(
  db: Db,
  userId: number,
  id: number,
  options: LockOption = {},
): Promise<SeriesRow | undefined> {
  const query = db.selectFrom('entry_series').selectAll().where('user_id', '=', userId).where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export function updateSeries(db: Db, userId: number, id: number, values: Updateable<EntrySeriesTable>) {
  return db
    .updateTable('entry_series')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export function deleteSeries(db: Db, userId: number, id: number) {
  return db.deleteFrom('entry_series').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** The invoice moves of a card's fixed series (series id → invoices moved), only those that have one. */
export async function findSeriesShifts(db: Db, userId: number, cardId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('entry_series')
    .select(['id', 'invoice_shift'])
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .where('invoice_shift', '!=', 0)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.invoice_shift)]));
}

/** Fixed series materialised short of `month` that may still have occurrences (entry_series_user_generated). */
export function seriesToExtend(db: Db, userId: number, month: string) {
  return db
    .selectFrom('entry_series')
    .where('user_id', '=', userId)
    .where('generated_through', '<', month)
    .where('kind', '=', 'fixed')
    .where((eb) =>
      eb.or([
        eb('limit_fixed_date', 'is', null),
        eb(sql<string>`substr(limit_fixed_date, 1, 7)`, '>', eb.ref('generated_through')),
      ]),
    );
}

export function findSeriesToExtend(db: Db, userId: number, month: string): Promise<SeriesRow[]> {
  return seriesToExtend(db, userId, month).selectAll().execute();
}

/** Whether findSeriesToExtend would find anything (one indexed probe). */
export async function anySeriesToExtend(db: Db, userId: number, month: string): Promise<boolean> {
  return (await seriesToExtend(db, userId, month).select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Moves generated_through forward only if nobody else did (compare-and-set): two requests extending the
 * same series at once generate its occurrences once.
 */
export async function claimSeriesExtension(
  db: Db,
  userId: number,
  id: number,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('entry_series')
    .set({ generated_through: to })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('generated_through', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findLastSeriesDate(
  db: Db,
  userId: number,
  seriesId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('entries')
    .select('date')
    .where('user_id', '=', userId)
    .where('series_id', '=', seriesId)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.date;
}

/** Entries of a series, optionally from one occurrence on (date, id), in date order. */
export function findSeriesEntries(
  db: Db,
  userId: number,
  seriesId: number,
  from?: { date: string; id: number },
  options: LockOption = {},
): Promise<EntryRow[]> {
  let query = db
    .selectFrom('entries')
    .select(entryColumns)
    .where('user_id', '=', userId)
    .where('series_id', '=', seriesId);
  if (from) {
    query = query.where((eb) =>
      eb.or([eb('date', '>', from.date), eb.and([eb('date', '=', from.date), eb('id', '>=', from.id)])]),
    );
  }
  query = query.orderBy('date').orderBy('id');
  return (options.lock ? query.forUpdate() : query).execute();
}

/** Every entry of a series takes the series' last date (limit_fixed_date is copied on each occurrence). */
export function setSeriesEntriesLimit(db: Db, userId: number, seriesId: number, limit: string | null) {
  return db
    .updateTable('entries')
    .set({ limit_fixed_date: limit })
    .where('user_id', '=', userId)
    .where('series_id', '=', seriesId)
    .execute();
}
