import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { isPostgres, likePattern } from '../ledger/common.ts';
import type { EntryQuery } from './entries.repository.ts';

/**
 * GET /entry's queries: the whole list, or one page of it with the list's total, each entry's JSON written
 * by the database (docs/decisions/ledger-list-json.md, "Paging").
 *
 * A page is found before any JSON is written: the page's (date, id) keys come from the list's indexes alone
 * (with an account filter both halves are covering: entries_user_account_date and entries_user_destination
 * hold user_id, the account, date and id), LIMIT/OFFSET apply to those keys, and only the page's rows are
 * then read by id and written as JSON. Computing the JSON in the ordered list itself, as the whole-month
 * query does, made OFFSET write (and throw away) every skipped row's JSON on both databases: page N cost
 * N × page 1.
 */

/**
 * One entry as JSON text, built by the database in the key order of `toEntry` (entrySchema): the month list
 * sends thousands of rows, and building row objects, mapping them and JSON.stringify-ing them cost the
 * Node process more than the query itself. Text columns go through the dialect's JSON quoting; tag_ids only
 * ever holds comma-separated integer ids written by the entries module. Column names are unqualified: the
 * queries below give the page's keys other names (page_date, page_id), so these resolve to `entries`.
 */
const ENTRY_JSON_SQLITE = sql.raw(`format('{"id":%d,"description":%s,"value":%d,"date":%s,"operation_id":%d,\
"category_id":%s,"sub_category_id":%s,"account_id":%s,"card_id":%s,"destination_account_id":%s,"paid":%s,\
"paid_at":%s,"notes":%s,"fixed":%s,"limit_fixed_date":%s,"series_id":%s,"installment_number":%s,\
"installment_count":%s,"tags":[%s],"created_at":%s,"updated_at":%s}', "id", json_quote("description"),\
"value", json_quote("date"), "operation_id", ifnull("category_id", 'null'), ifnull("sub_category_id", 'null'),\
ifnull("account_id", 'null'), ifnull("card_id", 'null'), ifnull("destination_account_id", 'null'),\
iif("paid" = 1, 'true', 'false'), json_quote("paid_at"), json_quote("notes"), iif("fixed" = 1, 'true', 'false'),\
json_quote("limit_fixed_date"), ifnull("series_id", 'null'), ifnull("installment_number", 'null'),\
ifnull("installment_count", 'null'), "tag_ids", json_quote("created_at"), json_quote("updated_at"))`);

const pgText = (c: string) => `coalesce(to_json("${c}")::text, 'null')`;
const pgNumber = (c: string) => `coalesce("${c}"::text, 'null')`;
const ENTRY_JSON_PG = sql.raw(`format('{"id":%s,"description":%s,"value":%s,"date":%s,"operation_id":%s,\
"category_id":%s,"sub_category_id":%s,"account_id":%s,"card_id":%s,"destination_account_id":%s,"paid":%s,\
"paid_at":%s,"notes":%s,"fixed":%s,"limit_fixed_date":%s,"series_id":%s,"installment_number":%s,\
"installment_count":%s,"tags":[%s],"created_at":%s,"updated_at":%s}', "id", to_json("description"), "value",\
to_json("date"), "operation_id", ${pgNumber('category_id')}, ${pgNumber('sub_category_id')},\
${pgNumber('account_id')}, ${pgNumber('card_id')}, ${pgNumber('destination_account_id')},\
case when "paid" = 1 then 'true' else 'false' end, ${pgText('paid_at')}, ${pgText('notes')},\
case when "fixed" = 1 then 'true' else 'false' end, ${pgText('limit_fixed_date')}, ${pgNumber('series_id')},\
${pgNumber('installment_number')}, ${pgNumber('installment_count')}, "tag_ids", to_json("created_at"),\
to_json("updated_at"))`);

type AccountSide = 'account_id' | 'destination_account_id';

/** The conditions of one range of the list (the filters are checked on the rows of the range). */
export function listConditions(userId: number, f: EntryQuery, side?: AccountSide) {
  const where = [sql`"user_id" = ${userId}`, sql`"date" >= ${f.start}`, sql`"date" <= ${f.end}`];
  if (side && f.account_id !== undefined) where.push(sql`${sql.ref(side)} = ${f.account_id}`);
  if (f.card_id !== undefined) where.push(sql`"card_id" = ${f.card_id}`);
  if (f.category_id !== undefined) where.push(sql`"category_id" = ${f.category_id}`);
  if (f.sub_category_id !== undefined) where.push(sql`"sub_category_id" = ${f.sub_category_id}`);
  if (f.operation_id !== undefined) where.push(sql`"operation_id" = ${f.operation_id}`);
  if (f.paid !== undefined) where.push(sql`"paid" = ${f.paid ? 1 : 0}`);
  if (f.tag_id !== undefined) {
    where.push(
      sql`"id" in (select "entry_id" from "entry_tags" where "user_id" = ${userId} and "tag_id" = ${f.tag_id})`,
    );
  }
  if (f.q) {
    const pattern = likePattern(f.q);
    where.push(
      sql`(lower("description") like ${pattern} escape '\\' or lower(coalesce("notes", '')) like ${pattern} escape '\\')`,
    );
  }
  return sql.join(where, sql` and `);
}

/**
 * `select <columns> from entries …` over the list's ranges, unordered: entries_user_date (user_id, date, id)
 * for the whole list, or with an account filter the union of the account's own entries
 * (entries_user_account_date) and the transfers into it (entries_user_destination), each a range scan in
 * (date, id) order — a tenth of the month's rows instead of all of them. A transfer never has the same
 * account on both sides (validated), so the halves never overlap. SQLite is told the two indexes (INDEXED
 * BY): without ANALYZE statistics — the app never gathers them — its planner takes entries_user_date for
 * both halves and reads the whole month twice, with a table lookup per row for the account.
 */
function listRanges(db: Db, userId: number, f: EntryQuery, columns: RawBuilder<unknown>) {
  if (f.account_id === undefined)
    return sql`select ${columns} from "entries" where ${listConditions(userId, f)}`;
  const hint = (index: string) => (isPostgres(db) ? sql`` : sql.raw(` indexed by ${index}`));
  return sql`select ${columns} from "entries"${hint('entries_user_account_date')} where ${listConditions(userId, f, 'account_id')}
      union all
      select ${columns} from "entries"${hint('entries_user_destination')} where ${listConditions(userId, f, 'destination_account_id')}`;
}

/**
 * The list's total, one count per range. With only the month and account filters it reads the indexes
 * alone (SQLite "USING COVERING INDEX", PostgreSQL "Index Only Scan"); other filters read the range's rows.
 */
function totalExpression(db: Db, userId: number, f: EntryQuery) {
  if (f.account_id === undefined)
    return sql`(select count(*) from "entries" where ${listConditions(userId, f)})`;
  const hint = (index: string) => (isPostgres(db) ? sql`` : sql.raw(` indexed by ${index}`));
  return sql`((select count(*) from "entries"${hint('entries_user_account_date')} where ${listConditions(userId, f, 'account_id')})
      + (select count(*) from "entries"${hint('entries_user_destination')} where ${listConditions(userId, f, 'destination_account_id')}))`;
}

/** Which page GET /entry answers: LIMIT perPage OFFSET (page − 1) × perPage, and both go into its meta. */
export interface ListPage {
  page: number;
  perPage: number;
}

/**
 * GET /entry's statement: one row, one column, the whole response body `{"data":[…],"meta":{…}}` written by
 * the database.
 *
 * Without a page: the whole list, each entry's JSON written in the ordered ranges and concatenated — SQLite
 * takes the rows in the order the subquery yields them (a merge of the two index ranges, no sort: the
 * EXPLAIN guard and the list tests check it); PostgreSQL orders inside string_agg.
 *
 * With a page: the page's keys first — (date, id) from the ranges' indexes, ordered, LIMIT/OFFSET — then
 * each key's row by primary key (the keys drive the join, so the rows come in page order) and only those
 * rows' JSON; the total rides along as a scalar subquery, so a page is one statement (one snapshot, one
 * round trip on PostgreSQL).
 *
 * The body is one value so the server holds one copy of it: SQLite answers it as a BLOB, a Buffer of UTF-8
 * bytes that goes to the socket untouched (a text value would be decoded into a JS string and encoded
 * again); gluing `{"data":[`, the entries and the meta together in Node cost a second copy of every answer
 * (docs/decisions/memory.md).
 */
export function entriesListJsonQuery(db: Db, userId: number, f: EntryQuery, page?: ListPage) {
  const postgres = isPostgres(db);
  const json = postgres ? ENTRY_JSON_PG : ENTRY_JSON_SQLITE;
  let list: RawBuilder<unknown>;
  let total: RawBuilder<unknown>;
  let current: RawBuilder<unknown>;
  let perPage: RawBuilder<unknown>;
  if (!page) {
    // The sort keys ride along: a compound SELECT can only be ordered by its own columns.
    const columns = sql`${json} as "json", "date" as "page_date", "id" as "page_id"`;
    list = sql`${listRanges(db, userId, f, columns)} order by "page_date", "page_id"`;
    total = sql`count(*)`;
    current = sql`1`;
    perPage = sql`count(*)`;
  } else {
    const offset = (page.page - 1) * page.perPage;
    const keys = sql`${listRanges(db, userId, f, sql.raw(`"date" as "page_date", "id" as "page_id"`))}
      order by "page_date", "page_id" limit ${page.perPage} offset ${offset}`;
    // SQLite keeps the left table of a CROSS JOIN as the outer loop: the keys, in page order.
    list = sql`select ${json} as "json", "page_date", "page_id" from (${keys}) as "page"
      ${sql.raw(postgres ? 'join' : 'cross join')} "entries" on "entries"."id" = "page"."page_id" and "entries"."user_id" = ${userId}`;
    total = totalExpression(db, userId, f);
    current = sql`cast(${page.page} as integer)`;
    perPage = sql`cast(${page.perPage} as integer)`;
  }
  const data = postgres
    ? sql`coalesce(string_agg("json", ',' order by "page_date", "page_id"), '')`
    : sql`ifnull(group_concat("json", ','), '')`;
  const body = sql`'{"data":[' || ${data} || '],"meta":{"total":' || ${total} || ',"page":' || ${current}
    || ',"per_page":' || ${perPage} || '}}'`;
  return postgres
    ? sql<{ body: string }>`select ${body} as "body" from (${list}) as "list"`
    : sql<{ body: Buffer }>`select cast(${body} as blob) as "body" from (${list}) as "list"`;
}

/** GET /entry's response body (entriesListJsonQuery): UTF-8 bytes on SQLite, a string on PostgreSQL. */
export async function findEntriesBody(
  db: Db,
  userId: number,
  f: EntryQuery,
  page?: ListPage,
): Promise<Buffer | string> {
  const { rows } = await entriesListJsonQuery(db, userId, f, page).execute(db);
  return rows[0]?.body as Buffer | string;
}
