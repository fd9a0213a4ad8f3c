import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { type Db, idleSqlite, type SqliteAccess } from '../../db/connection.ts';
import type { EntriesTable, EntrySeriesTable } from '../../db/tables/ledger.ts';
import { fixedStatement, inTransaction, isPostgres } from '../ledger/common.ts';
import { listConditions } from './entries.list.ts';
import {
  addEffects,
  applyTotals,
  applyTotalsSync,
  nonZeroDeltas,
  type TotalsDelta,
  totalsUpsertArgs,
  totalsUpsertFromText,
} from './totals.repository.ts';

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

/** GET /entry/{id} and every update's first read: fixed text, no Kysely build per call. */
const entryByIdStatement = fixedStatement<EntryRow>(
  `select ${entryColumns.join(', ')} from entries where user_id = $1 and id = $2`,
);

export async function findEntryById(db: Db, userId: number, id: number): Promise<EntryRow | undefined> {
  return (await entryByIdStatement(db, [userId, id])).rows[0];
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

const INSERT_COLUMNS = ['user_id', ...entryColumns.filter((c) => c !== 'id')] as const;
const INSERT_TEXT = `insert into entries (${INSERT_COLUMNS.join(', ')})
  values (${INSERT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;
const insertOneStatement = fixedStatement<{ id: number }>(`${INSERT_TEXT} returning id`);
/** SQLite's synchronous create: the id is the insert's lastInsertRowid (no RETURNING row to build). */
const INSERT_TEXT_SQLITE = INSERT_TEXT.replace(/\$\d+/g, '?');
const insertArgs = (row: NewEntryRow) => INSERT_COLUMNS.map((c) => row[c]);

/** Inserts entries and answers their ids in the order given (ids grow with insertion order). */
export async function insertEntries(db: Db, rows: NewEntryRow[]): Promise<number[]> {
  if (rows.length === 1) {
    const { rows: inserted } = await insertOneStatement(db, insertArgs(rows[0] as NewEntryRow));
    return [Number(inserted[0]?.id)];
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

type EntryRefRow = { kind: string; id: number; type: string | null; category_id: number | null };

/**
 * An entry's references in one statement (the create path is hot): which accounts are the user's, and the
 * category and subcategory when visible to the user (system rows or the user's own). $1 user, $2 and $3
 * accounts (the same id twice for one account), $4 category and $5 subcategory (null: none).
 */
const ENTRY_REFS_TEXT = `select 'a' as kind, id, cast(null as text) as type, cast(null as bigint) as category_id
    from accounts where user_id = $1 and id in ($2, $3)
  union all
  select 'c', id, type, cast(null as bigint) from categories
    where id = $4 and (user_id is null or user_id = $1)
  union all
  select 's', id, cast(null as text), category_id from subcategories
    where id = $5 and (user_id is null or user_id = $1)`;
const entryRefsStatement = fixedStatement<EntryRefRow>(ENTRY_REFS_TEXT);

function refsArgs(
  userId: number,
  refs: Pick<EntryRefsCheck, 'accounts' | 'categoryId' | 'subCategoryId'>,
): unknown[] {
  const [first, second = first] = refs.accounts;
  return [userId, first, second, refs.categoryId, refs.subCategoryId];
}

/** The lookup's rows as sets and records (rows of other kinds, such as the written entry, are skipped). */
function refRows(rows: readonly EntryRefRow[]): EntryRefRows {
  const result: EntryRefRows = { accounts: new Set() };
  for (const row of rows) {
    const id = Number(row.id);
    if (row.kind === 'a') result.accounts.add(id);
    else if (row.kind === 'c') result.category = { id, type: row.type ?? '' };
    else if (row.kind === 's') result.subcategory = { id, category_id: Number(row.category_id) };
  }
  return result;
}

/** What a single entry's references must be for the write to go ahead (see insertEntryWithTotals). */
export interface EntryRefsCheck {
  /** One account, or a transfer's two (distinct) accounts: all must be the user's. */
  accounts: [number] | [number, number];
  /** A category visible to the user, of `categoryType`; null: none asked (transfers). */
  categoryId: number | null;
  categoryType: string | null;
  /** A subcategory visible to the user and of `categoryId`; null: none asked. */
  subCategoryId: number | null;
  /** Throws the request's 404/422 when `found` does not confirm the references (never writes). */
  confirm(found: EntryRefRows): void;
}

/** PostgreSQL types of the entry columns: placeholders of an INSERT … SELECT are not typed by the target. */
const PG_COLUMN_TYPES: Record<(typeof INSERT_COLUMNS)[number], string> = {
  user_id: 'bigint',
  description: 'text',
  value: 'bigint',
  date: 'text',
  operation_id: 'integer',
  category_id: 'bigint',
  sub_category_id: 'bigint',
  account_id: 'bigint',
  card_id: 'bigint',
  destination_account_id: 'bigint',
  paid: 'integer',
  paid_at: 'text',
  notes: 'text',
  fixed: 'integer',
  limit_fixed_date: 'text',
  series_id: 'bigint',
  installment_number: 'integer',
  installment_count: 'integer',
  tag_ids: 'text',
  created_at: 'text',
  updated_at: 'text',
};

/** Placeholders of createWithRefsStatements: $1–$5 as ENTRY_REFS_TEXT, $6 accounts, $7 category type. */
const FIRST_ROW_ARG = 8;

/**
 * PostgreSQL, the single-entry create in one statement and one round trip: the references (ENTRY_REFS_TEXT,
 * answered as they are, for the error when one fails), the entry inserted only when the same rows confirm
 * every reference as EntryRefsCheck.confirm does, and its aggregate rows (none, one, two for a transfer)
 * upserted only for an inserted entry. One statement is atomic; the create no longer waits for the lookup's
 * round trip before it writes.
 */
const createWithRefsStatements = [0, 1, 2].map((totals) => {
  const values = INSERT_COLUMNS.map((c, i) => `$${FIRST_ROW_ARG + i}::${PG_COLUMN_TYPES[c]}`);
  const upsert = totals
    ? `, t as (${totalsUpsertFromText(totals, FIRST_ROW_ARG + INSERT_COLUMNS.length, 'e')})`
    : '';
  return fixedStatement<EntryRefRow>(`with r as (${ENTRY_REFS_TEXT}),
    e as (
      insert into entries (${INSERT_COLUMNS.join(', ')}) select ${values.join(', ')}
      where (select count(*) from r where kind = 'a') = $6
        and ($4::bigint is null or exists (select 1 from r where kind = 'c' and type = $7::text))
        and ($5::bigint is null or exists (select 1 from r where kind = 's' and category_id = $4::bigint))
      returning id)${upsert}
    select kind, id, type, category_id from r
    union all
    select 'e', id, cast(null as text), cast(null as bigint) from e`);
});

/**
 * SQLite: one better-sqlite3 transaction function per connection (building one costs more than the insert):
 * the lookup, the check, the insert and the upsert run synchronously inside BEGIN IMMEDIATE, so nothing
 * interleaves and a failed check rolls back a transaction that wrote nothing.
 */
const sqliteCreates = new WeakMap<
  SqliteAccess,
  (row: NewEntryRow, userId: number, refs: EntryRefsCheck, totals: TotalsDelta[]) => number
>();

function sqliteCreate(sqlite: SqliteAccess) {
  let create = sqliteCreates.get(sqlite);
  if (!create) {
    const transaction = sqlite.database.transaction(
      (row: NewEntryRow, userId: number, refs: EntryRefsCheck, totals: TotalsDelta[]) => {
        refs.confirm(refRows(entryRefsStatement.runSync(sqlite, refsArgs(userId, refs))));
        const id = Number(sqlite.prepare(INSERT_TEXT_SQLITE).run(insertArgs(row)).lastInsertRowid);
        applyTotalsSync(sqlite, userId, totals);
        return id;
      },
    );
    create = transaction.immediate;
    sqliteCreates.set(sqlite, create);
  }
  return create;
}

/**
 * One entry with its effect on the aggregates, written only once its references are confirmed, atomically:
 * a single statement on PostgreSQL, one synchronous transaction on SQLite when the connection is idle, else
 * Kysely's (joined when the caller has one open). Answers the entry's id; a failed check throws
 * `refs.confirm`'s error and writes nothing.
 */
export async function insertEntryWithTotals(
  db: Db,
  userId: number,
  row: NewEntryRow,
  refs: EntryRefsCheck,
): Promise<number> {
  const deltas = new Map<string, TotalsDelta>();
  addEffects(deltas, [row], 1);
  const totals = nonZeroDeltas(deltas);
  const single = isPostgres(db) ? createWithRefsStatements[totals.length] : undefined;
  if (single) {
    const args = [
      ...refsArgs(userId, refs),
      refs.accounts.length,
      refs.categoryType,
      ...insertArgs(row),
      ...totalsUpsertArgs(totals),
    ];
    const { rows } = await single(db, args);
    const written = rows.find((r) => r.kind === 'e');
    if (written) return Number(written.id);
    refs.confirm(refRows(rows));
    throw new Error('entry not written although its references were confirmed');
  }
  const sqlite = idleSqlite(db);
  if (sqlite) return sqliteCreate(sqlite)(row, userId, refs, totals);
  return inTransaction(db, async (trx) => {
    refs.confirm(await findEntryRefs(trx, userId, refs.accounts, refs.categoryId, refs.subCategoryId));
    const [id] = await insertEntries(trx, [row]);
    await applyTotals(trx, userId, deltas);
    return id as number;
  });
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

const COLUMN_LIST = sql.raw(entryColumns.map((c) => `"${c}"`).join(', '));

/**
 * The month list query (exported for the EXPLAIN guard test): a range scan of entries_user_date (user_id,
 * date, id), which is also the ORDER BY, so neither dialect sorts. With an account filter the list is the
 * union of the account's own entries (entries_user_account_date) and the transfers into it
 * (entries_user_destination), each a range scan of its index in date order: a tenth of the month's rows are
 * read instead of all of them. A transfer never has the same account on both sides (validated), so the
 * halves never overlap. SQLite is told the two indexes (INDEXED BY): without ANALYZE statistics — the app
 * never gathers them — its planner takes entries_user_date for both halves and reads the whole month twice
 * (measured on D1: 2.4× the time for a 600-row account month).
 */
export function entriesListQuery(
  db: Db,
  userId: number,
  f: EntryQuery,
  page?: { limit: number; offset: number },
) {
  const postgres = isPostgres(db);
  const select = COLUMN_LIST;
  const hint = (index: string) => (postgres ? sql`` : sql.raw(` indexed by ${index}`));
  const body =
    f.account_id === undefined
      ? sql`select ${select} from "entries" where ${listConditions(userId, f)}`
      : sql`select ${select} from "entries"${hint('entries_user_account_date')} where ${listConditions(userId, f, 'account_id')}
          union all
          select ${select} from "entries"${hint('entries_user_destination')} where ${listConditions(userId, f, 'destination_account_id')}`;
  const limit = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  return sql<EntryRow>`${body} order by "date", "id"${limit}`;
}

export async function findEntries(
  db: Db,
  userId: number,
  f: EntryQuery,
  page?: { limit: number; offset: number },
): Promise<EntryRow[]> {
  return (await entriesListQuery(db, userId, f, page).execute(db)).rows;
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

export async function findEntryRefs(
  db: Db,
  userId: number,
  accountIds: [number] | [number, number],
  categoryId: number | null,
  subCategoryId: number | null,
): Promise<EntryRefRows> {
  const refs = { accounts: accountIds, categoryId, subCategoryId };
  return refRows((await entryRefsStatement(db, refsArgs(userId, refs))).rows);
}
