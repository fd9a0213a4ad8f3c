import { addMonths, firstDayOfMonth, lastDayOfMonth, monthOf } from '@centavo/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { likePattern } from '../../lib/sql.ts';
import { type EntryRow, entryColumns } from '../money-core/entry-rows.repository.ts';

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
  /**
   * The basis the range is read in (reports' drill-down), as reportMonths() (category-totals.repository.ts)
   * counts it. Accrual: every entry by its date, card purchases included. Cash: account entries by their
   * date, card entries by their invoice month. Without a basis (the entries page) card purchases are left
   * out: they appear as their invoice's line.
   */
  basis?: 'accrual' | 'cash' | undefined;
  without_subcategory?: boolean | undefined;
  without_category?: boolean | undefined;
}

/**
 * The entries matching a list's filters, as a query to select from. The month (or date range) is a range of
 * entries_user_date (user_id, date, id); the other filters are checked on the range's rows. An account
 * filter takes the account's own entries and the transfers into it. Measured on D1 against the union of the
 * two account indexes (entries_user_account_date ∪ entries_user_destination, merged in date order): the
 * union paid only on SQLite when its planner is forced onto those indexes (INDEXED BY, a dialect of its
 * own), and cost twice as much on PostgreSQL (an append of both ranges, then a sort), so the list is this
 * one range in (date, id) order, which stops reading once the page is full (docs/decisions/ledger-list-paging.md).
 */
function matching(db: Db, userId: number, f: EntryQuery, from?: string) {
  let query = inBasisRange(
    db.selectFrom('entries').where('user_id', '=', userId),
    f.basis,
    f.start,
    f.end,
    from,
  );
  const accountId = f.account_id;
  if (accountId !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('account_id', '=', accountId), eb('destination_account_id', '=', accountId)]),
    );
  }
  if (f.card_id !== undefined) query = query.where('card_id', '=', f.card_id);
  else if (f.basis === undefined) query = query.where('account_id', 'is not', null);
  if (f.category_id !== undefined) query = query.where('category_id', '=', f.category_id);
  if (f.sub_category_id !== undefined) query = query.where('sub_category_id', '=', f.sub_category_id);
  if (f.without_subcategory) query = query.where('sub_category_id', 'is', null);
  if (f.without_category) query = query.where('category_id', 'is', null);
  if (f.operation_id !== undefined) query = query.where('operation_id', '=', f.operation_id);
  if (f.paid !== undefined) query = query.where('paid', '=', f.paid ? 1 : 0);
  if (f.tag_id !== undefined) {
    const tagged = db
      .selectFrom('entry_tags')
      .select('entry_id')
      .where('user_id', '=', userId)
      .where('tag_id', '=', f.tag_id);
    query = query.where('id', 'in', tagged);
  }
  if (f.q) {
    const pattern = likePattern(f.q);
    query = query.where(
      sql<boolean>`(lower("description") like ${pattern} escape '\\' or lower(coalesce("notes", '')) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

/**
 * How far a card entry's invoice month is from its date: invoiceMonthFor (shared/cards.ts) answers from one
 * month before the date's month to three after it, and a move takes it one invoice further either way.
 */
const INVOICE_MONTHS_BEFORE_DATE = 2;
const INVOICE_MONTHS_AFTER_DATE = 5;

/** The month an entry counts in on the cash basis (SQL): a card entry's invoice month, else its date's. */
export const cashMonth = sql<string>`case when account_id is null and invoice_month is not null then invoice_month else substr(date, 1, 7) end`;

/**
 * Entries of the dates `start`…`end` in a basis. The cash basis takes card entries by invoice month: their
 * dates lie within a few months of it, so the query stays a range of entries_user_date, widened by that much,
 * with the exact month checked on its rows. `from` (a keyset page's last date) starts the range later: the
 * index range then begins there, where a separate `date >= from` would leave the planner to pick one of two
 * lower bounds it cannot compare (SQLite took the first: each page of an export re-read every row before it).
 */
// biome-ignore lint/suspicious/noExplicitAny: any query over entries (Kysely's builder types differ per select)
export function inBasisRange<Q extends { where: (...args: any[]) => any }>(
  query: Q,
  basis: 'accrual' | 'cash' | undefined,
  start: string,
  end: string,
  from?: string,
): Q {
  const lower = (bound: string) => (from !== undefined && from > bound ? from : bound);
  if (basis !== 'cash') return query.where('date', '>=', lower(start)).where('date', '<=', end);
  const widened = query
    .where('date', '>=', lower(firstDayOfMonth(addMonths(monthOf(start), -INVOICE_MONTHS_AFTER_DATE))))
    .where('date', '<=', lastDayOfMonth(addMonths(monthOf(end), INVOICE_MONTHS_BEFORE_DATE)));
  return widened.where(sql<boolean>`(case when account_id is null and invoice_month is not null
    then invoice_month between ${monthOf(start)} and ${monthOf(end)}
    else date between ${start} and ${end} end)`);
}

/** The list (exported for the EXPLAIN guard test): the matching entries in (date, id) order, or a page of them. */
export function entriesListQuery(
  db: Db,
  userId: number,
  f: EntryQuery,
  page?: { limit: number; offset: number },
) {
  const query = matching(db, userId, f).select(entryColumns).orderBy('date').orderBy('id');
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export function findEntries(
  db: Db,
  userId: number,
  f: EntryQuery,
  page?: { limit: number; offset: number },
): Promise<EntryRow[]> {
  return entriesListQuery(db, userId, f, page).execute();
}

/**
 * The next page of the matching entries in (date, id) order after `after` (keyset paging: an export reads
 * 100 000 entries a page at a time, each page an index range, not an ever longer OFFSET).
 */
export function findEntriesAfter(
  db: Db,
  userId: number,
  f: EntryQuery,
  after: { date: string; id: number } | undefined,
  limit: number,
): Promise<EntryRow[]> {
  let query = matching(db, userId, f, after?.date).select(entryColumns);
  // The range already starts at after.date: past it, or on it with a later id.
  if (after) query = query.where((eb) => eb.or([eb('date', '>', after.date), eb('id', '>', after.id)]));
  return query.orderBy('date').orderBy('id').limit(limit).execute();
}

/** How many entries match the filters (exported for the EXPLAIN guard test). */
export function entriesCountQuery(db: Db, userId: number, f: EntryQuery) {
  return matching(db, userId, f).select((eb) => eb.fn.countAll<number>().as('total'));
}

/** Sums of the matching entries by operation, and their count (the totals of a filtered list). */
export async function sumEntries(
  db: Db,
  userId: number,
  f: EntryQuery,
): Promise<{ income: number; expense: number; investment: number; count: number }> {
  const byOperation = (operation: number) =>
    sql<number | string | null>`sum(case when "operation_id" = ${operation} then "value" else 0 end)`;
  const row = await matching(db, userId, f)
    .select((eb) => [
      byOperation(1).as('income'),
      byOperation(2).as('expense'),
      byOperation(3).as('investment'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .executeTakeFirstOrThrow();
  return {
    income: Number(row.income ?? 0),
    expense: Number(row.expense ?? 0),
    investment: Number(row.investment ?? 0),
    count: Number(row.count),
  };
}

export async function countEntries(db: Db, userId: number, f: EntryQuery): Promise<number> {
  return Number((await entriesCountQuery(db, userId, f).executeTakeFirstOrThrow()).total);
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

export interface EntryRefRows {
  accounts: Set<number>;
  category?: { id: number; type: string } | undefined;
  subcategory?: { id: number; category_id: number } | undefined;
}

/**
 * An entry's references in one query (every create checks them): which of the accounts are the user's, and
 * the category and subcategory when visible to the user (system rows or the user's own).
 */
export async function findEntryRefs(
  db: Db,
  userId: number,
  accountIds: [] | [number] | [number, number],
  categoryId: number | null,
  subCategoryId: number | null,
): Promise<EntryRefRows> {
  let query = db
    .selectFrom('accounts')
    .select([
      sql.lit('a').as('kind'),
      'id',
      sql<string | null>`cast(null as text)`.as('type'),
      sql<number | null>`cast(null as bigint)`.as('category_id'),
    ])
    .where('user_id', '=', userId)
    // A card entry names no account: `id in ()` is not SQL, so the account branch then matches nothing.
    .where('id', 'in', accountIds.length > 0 ? accountIds : [0]);
  if (categoryId !== null) {
    query = query.unionAll(
      db
        .selectFrom('categories')
        .select([
          sql.lit('c').as('kind'),
          'id',
          'type',
          sql<number | null>`cast(null as bigint)`.as('category_id'),
        ])
        .where('id', '=', categoryId)
        .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)])),
    );
  }
  if (subCategoryId !== null) {
    query = query.unionAll(
      db
        .selectFrom('subcategories')
        .select([
          sql.lit('s').as('kind'),
          'id',
          sql<string | null>`cast(null as text)`.as('type'),
          'category_id',
        ])
        .where('id', '=', subCategoryId)
        .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)])),
    );
  }
  const result: EntryRefRows = { accounts: new Set() };
  for (const row of await query.execute()) {
    const id = Number(row.id);
    if (row.kind === 'a') result.accounts.add(id);
    else if (row.kind === 'c') result.category = { id, type: row.type ?? '' };
    else result.subcategory = { id, category_id: Number(row.category_id) };
  }
  return result;
}
