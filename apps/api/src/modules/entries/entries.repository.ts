import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { EntriesTable, EntrySeriesTable } from '../../db/tables/ledger.ts';
import { likePattern } from '../ledger/common.ts';

export const entryColumns = [
  'id',
  'description',
  'value',
  'date',
  'operation_id',
  'category_id',
  'sub_category_id',
  'account_id',
  'card_id',
  'destination_account_id',
  'paid',
  'paid_at',
  'notes',
  'fixed',
  'limit_fixed_date',
  'series_id',
  'installment_number',
  'installment_count',
  'tag_ids',
  'created_at',
  'updated_at',
] as const;

export type EntryRow = Omit<EntriesTable, 'id' | 'user_id'> & { id: number };
export type NewEntryRow = Insertable<EntriesTable> & Omit<EntriesTable, 'id'>;

export function parseTagIds(text: string): number[] {
  return text ? text.split(',').map(Number) : [];
}

export function findEntryById(db: Db, userId: number, id: number): Promise<EntryRow | undefined> {
  return db
    .selectFrom('entries')
    .select(entryColumns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Entries of a series, optionally from one occurrence on (date, id), in date order. */
export function findSeriesEntries(
  db: Db,
  userId: number,
  seriesId: number,
  from?: { date: string; id: number },
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
  return query.orderBy('date').orderBy('id').execute();
}

const INSERT_CHUNK = 500;

/** Inserts entries and answers their ids in the order given (ids grow with insertion order). */
export async function insertEntries(db: Db, rows: NewEntryRow[]): Promise<number[]> {
  if (rows.length === 1) {
    const row = await db.insertInto('entries').values(rows).returning('id').executeTakeFirstOrThrow();
    return [row.id];
  }
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await db
      .insertInto('entries')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}

export async function insertEntryTags(db: Db, userId: number, entryIds: number[], tagIds: number[]) {
  if (entryIds.length === 0 || tagIds.length === 0) return;
  const rows = entryIds.flatMap((entry_id) =>
    tagIds.map((tag_id) => ({ user_id: userId, entry_id, tag_id })),
  );
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('entry_tags')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Replaces the tags of these entries (link rows and the denormalised tag_ids). */
export async function replaceEntryTags(db: Db, userId: number, entryIds: number[], tagIds: number[]) {
  if (entryIds.length === 0) return;
  await db.deleteFrom('entry_tags').where('user_id', '=', userId).where('entry_id', 'in', entryIds).execute();
  await insertEntryTags(db, userId, entryIds, tagIds);
  await db
    .updateTable('entries')
    .set({ tag_ids: tagIds.join(',') })
    .where('user_id', '=', userId)
    .where('id', 'in', entryIds)
    .execute();
}

export function updateEntries(db: Db, userId: number, ids: number[], values: Updateable<EntriesTable>) {
  return db.updateTable('entries').set(values).where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export function updateEntry(db: Db, userId: number, id: number, values: Updateable<EntriesTable>) {
  return db.updateTable('entries').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function deleteEntries(db: Db, userId: number, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await db
      .deleteFrom('entries')
      .where('user_id', '=', userId)
      .where('id', 'in', ids.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

export interface EntryQuery {
  start: string;
  end: string;
  account_id?: number | undefined;
  card_id?: number | undefined;
  category_id?: number | undefined;
  sub_category_id?: number | undefined;
  tag_id?: number | undefined;
  operation_id?: number | undefined;
  paid?: boolean | undefined;
  q?: string | undefined;
}

type AccountSide = 'account_id' | 'destination_account_id';

/**
 * The month list: a range scan of entries_user_date (user_id, date, id), which is also the ORDER BY, so
 * neither dialect sorts; the other filters are checked on the rows of the range. With an account filter the
 * list is the union of the account's own entries (entries_user_account_date) and the transfers into it
 * (entries_user_destination), each a range scan of its index in date order: a tenth of the month's rows
 * are read instead of all of them. A transfer never has the same account on both sides (validated), so the
 * halves never overlap.
 */
function entriesQuery(db: Db, userId: number, f: EntryQuery, side?: AccountSide) {
  let query = db
    .selectFrom('entries')
    .where('user_id', '=', userId)
    .where('date', '>=', f.start)
    .where('date', '<=', f.end);
  if (side && f.account_id !== undefined) query = query.where(side, '=', f.account_id);
  if (f.card_id !== undefined) query = query.where('card_id', '=', f.card_id);
  if (f.category_id !== undefined) query = query.where('category_id', '=', f.category_id);
  if (f.sub_category_id !== undefined) query = query.where('sub_category_id', '=', f.sub_category_id);
  if (f.operation_id !== undefined) query = query.where('operation_id', '=', f.operation_id);
  if (f.paid !== undefined) query = query.where('paid', '=', f.paid ? 1 : 0);
  if (f.tag_id !== undefined) {
    const tagId = f.tag_id;
    query = query.where('id', 'in', (eb) =>
      eb
        .selectFrom('entry_tags')
        .select('entry_id')
        .where('user_id', '=', userId)
        .where('tag_id', '=', tagId),
    );
  }
  if (f.q) {
    const pattern = likePattern(f.q);
    query = query.where(
      sql<boolean>`(lower(description) like ${pattern} escape '\\' or lower(coalesce(notes, '')) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

/** The month list query itself (exported for the EXPLAIN guard test). */
export function entriesListQuery(
  db: Db,
  userId: number,
  f: EntryQuery,
  page?: { limit: number; offset: number },
) {
  let query =
    f.account_id === undefined
      ? entriesQuery(db, userId, f).select(entryColumns)
      : entriesQuery(db, userId, f, 'account_id')
          .select(entryColumns)
          .unionAll(entriesQuery(db, userId, f, 'destination_account_id').select(entryColumns));
  query = query.orderBy('date').orderBy('id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query;
}

export function findEntries(
  db: Db,
  userId: number,
  f: EntryQuery,
  page?: { limit: number; offset: number },
): Promise<EntryRow[]> {
  return entriesListQuery(db, userId, f, page).execute();
}

export async function countEntries(db: Db, userId: number, f: EntryQuery): Promise<number> {
  const inner =
    f.account_id === undefined
      ? entriesQuery(db, userId, f).select('id')
      : entriesQuery(db, userId, f, 'account_id')
          .select('id')
          .unionAll(entriesQuery(db, userId, f, 'destination_account_id').select('id'));
  const row = await db
    .selectFrom(inner.as('matching'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The earliest entry's date (entries_user_date gives it in one index step). */
export async function findFirstEntryDate(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('entries')
    .select('date')
    .where('user_id', '=', userId)
    .orderBy('date')
    .limit(1)
    .executeTakeFirst();
  return row?.date;
}

// Series ---------------------------------------------------------------------------------------------------

export type SeriesRow = Omit<EntrySeriesTable, 'id'> & { id: number };

export async function insertSeries(db: Db, values: Insertable<EntrySeriesTable>): Promise<number> {
  const row = await db.insertInto('entry_series').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findSeriesById(db: Db, userId: number, id: number): Promise<SeriesRow | undefined> {
  return db
    .selectFrom('entry_series')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
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

/** Fixed series materialised short of `month` that may still have occurrences (entry_series_user_generated). */
export function findSeriesToExtend(db: Db, userId: number, month: string): Promise<SeriesRow[]> {
  return db
    .selectFrom('entry_series')
    .selectAll()
    .where('user_id', '=', userId)
    .where('generated_through', '<', month)
    .where('kind', '=', 'fixed')
    .where((eb) =>
      eb.or([
        eb('limit_fixed_date', 'is', null),
        eb(sql<string>`substr(limit_fixed_date, 1, 7)`, '>', eb.ref('generated_through')),
      ]),
    )
    .execute();
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

export interface EntryRefRows {
  accounts: Set<number>;
  category?: { id: number; type: string } | undefined;
  subcategory?: { id: number; category_id: number } | undefined;
}

/**
 * An entry's references checked in one statement (the create path is hot): which accounts are the user's,
 * and the category and subcategory when visible to the user (system rows or the user's own).
 */
export async function findEntryRefs(
  db: Db,
  userId: number,
  accountIds: number[],
  categoryId: number | null,
  subCategoryId: number | null,
): Promise<EntryRefRows> {
  const parts = [
    sql`select 'a' as kind, id, cast(null as text) as type, cast(null as bigint) as category_id
        from accounts where user_id = ${userId} and id in (${sql.join(accountIds)})`,
  ];
  if (categoryId !== null) {
    parts.push(sql`select 'c', id, type, cast(null as bigint) from categories
        where id = ${categoryId} and (user_id is null or user_id = ${userId})`);
  }
  if (subCategoryId !== null) {
    parts.push(sql`select 's', id, cast(null as text), category_id from subcategories
        where id = ${subCategoryId} and (user_id is null or user_id = ${userId})`);
  }
  const { rows } = await sql<{
    kind: string;
    id: number;
    type: string | null;
    category_id: number | null;
  }>`${sql.join(parts, sql` union all `)}`.execute(db);
  const result: EntryRefRows = { accounts: new Set() };
  for (const row of rows) {
    const id = Number(row.id);
    if (row.kind === 'a') result.accounts.add(id);
    else if (row.kind === 'c') result.category = { id, type: row.type ?? '' };
    else result.subcategory = { id, category_id: Number(row.category_id) };
  }
  return result;
}
