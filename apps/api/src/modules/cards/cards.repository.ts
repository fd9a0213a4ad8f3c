import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { CardsTable, InvoicesTable } from '../../db/tables/ledger.ts';
import { entryColumns, type LockOption } from '../money-core/entry-rows.repository.ts';

const cardColumns = [
  'id',
  'name',
  'flag_id',
  'credit_limit',
  'close_day',
  'expiration_day',
  'account_id',
  'color',
  'archived',
  'created_at',
  'updated_at',
] as const;

export function findCards(db: Db, userId: number, includeArchived: boolean) {
  let query = db.selectFrom('cards').select(cardColumns).where('user_id', '=', userId);
  if (!includeArchived) query = query.where('archived', '=', 0);
  return query.orderBy('id').execute();
}

/** One card; `{lock: true}` locks it: payments, date and day changes of one card queue on it. */
export function findCardById(db: Db, userId: number, id: number, options: LockOption = {}) {
  const query = db.selectFrom('cards').select(cardColumns).where('user_id', '=', userId).where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}
export type CardRow = NonNullable<Awaited<ReturnType<typeof findCardById>>>;

export function insertCard(db: Db, values: Insertable<CardsTable>) {
  return db.insertInto('cards').values(values).returning(cardColumns).executeTakeFirstOrThrow();
}

export function updateCard(db: Db, userId: number, id: number, values: Updateable<CardsTable>) {
  return db.updateTable('cards').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
}

export function deleteCardRow(db: Db, userId: number, id: number) {
  return db.deleteFrom('cards').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** The card's entries and its payments (full rows: their effects and the delete need them). */
export function findCardEntries(db: Db, userId: number, cardId: number) {
  return db
    .selectFrom('entries')
    .select(entryColumns)
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function findFlags(db: Db) {
  return db.selectFrom('flags').select(['id', 'name']).orderBy('id').execute();
}

export function findFlagById(db: Db, id: number) {
  return db.selectFrom('flags').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

const invoiceColumns = ['id', 'card_id', 'month', 'close_date', 'due_date'] as const;
export type InvoiceRow = Pick<InvoicesTable, 'card_id' | 'month' | 'close_date' | 'due_date'> & {
  id: number;
};

export function findInvoiceById(db: Db, userId: number, id: number): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .select(invoiceColumns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The invoice rows of the user's cards in `months` (created rows only). */
export function findInvoices(
  db: Db,
  userId: number,
  cardIds: readonly number[],
  months: readonly string[],
): Promise<InvoiceRow[]> {
  if (cardIds.length === 0 || months.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoices')
    .select(invoiceColumns)
    .where('user_id', '=', userId)
    .where('card_id', 'in', cardIds as number[])
    .where('month', 'in', months as string[])
    .execute();
}

/**
 * The invoice rows of (card, month) pairs, created when first needed (DESIGN.md: invoices exist as rows so
 * they have ids, which the pay and date actions take): the write a read of an invoice may do, named for it.
 * Insert-or-ignore, then read: two requests creating the same invoice both get the one row.
 */
export async function createMissingInvoices(
  db: Db,
  userId: number,
  keys: ReadonlyArray<{ card_id: number; month: string }>,
  now: string,
): Promise<InvoiceRow[]> {
  if (keys.length === 0) return [];
  const cardIds = [...new Set(keys.map((k) => k.card_id))];
  const months = [...new Set(keys.map((k) => k.month))];
  const existing = await findInvoices(db, userId, cardIds, months);
  const have = new Set(existing.map((r) => `${r.card_id}|${r.month}`));
  const missing = keys.filter((k) => !have.has(`${k.card_id}|${k.month}`));
  if (missing.length === 0) return existing;
  await db
    .insertInto('invoices')
    .values(
      missing.map((k) => ({
        user_id: userId,
        card_id: k.card_id,
        month: k.month,
        close_date: null,
        due_date: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'card_id', 'month']).doNothing())
    .execute();
  return findInvoices(db, userId, cardIds, months);
}

/** The overridden due dates of some cards' invoices, per card and month (the carrying rule needs them). */
export async function findDueOverrides(
  db: Db,
  userId: number,
  cardIds: readonly number[],
): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>(cardIds.map((id) => [id, new Map()]));
  if (cardIds.length === 0) return out;
  const rows = await db
    .selectFrom('invoices')
    .select(['card_id', 'month', 'due_date'])
    .where('user_id', '=', userId)
    .where('card_id', 'in', cardIds as number[])
    .where('due_date', 'is not', null)
    .execute();
  for (const r of rows) out.get(Number(r.card_id))?.set(r.month, r.due_date as string);
  return out;
}

export function updateInvoiceDates(
  db: Db,
  userId: number,
  id: number,
  values: { close_date: string | null; due_date: string | null; updated_at: string },
) {
  return db.updateTable('invoices').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
}

/** A card's entries of one invoice, date order (exported for the EXPLAIN guard: entries_user_card_invoice). */
export function invoiceEntriesQuery(db: Db, userId: number, cardId: number, month: string) {
  return db
    .selectFrom('entries')
    .select(entryColumns)
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .where('invoice_month', '=', month)
    .orderBy('date')
    .orderBy('id');
}

/** A card's entries and payments of one invoice, date order; locked with `{lock: true}` (a payment, its undo). */
export function findInvoiceEntries(
  db: Db,
  userId: number,
  cardId: number,
  month: string,
  options: LockOption = {},
) {
  const query = invoiceEntriesQuery(db, userId, cardId, month);
  return (options.lock ? query.forUpdate() : query).execute();
}

/** A card's entries in the invoices of `months` (recomputing invoice months after a date change). */
export function findEntriesInInvoices(db: Db, userId: number, cardId: number, months: readonly string[]) {
  // Locked: the entries a date change moves are re-read as they are now and cannot change meanwhile.
  return db
    .selectFrom('entries')
    .select(entryColumns)
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .where('invoice_month', 'in', months as string[])
    .where('invoice_id', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function findOwnedCardIds(db: Db, userId: number, ids: number[]) {
  return db.selectFrom('cards').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
}
