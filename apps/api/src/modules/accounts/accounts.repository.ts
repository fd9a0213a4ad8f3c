import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { AccountsTable } from '../../db/tables/ledger.ts';
import { EFFECT_COLUMNS } from '../money-core/account-totals.repository.ts';

const columns = [
  'id',
  'name',
  'bank_id',
  'type',
  'initial_balance',
  'color',
  'archived',
  'created_at',
  'updated_at',
] as const;

export function findAccounts(db: Db, userId: number, includeArchived: boolean) {
  let query = db.selectFrom('accounts').select(columns).where('user_id', '=', userId);
  if (!includeArchived) query = query.where('archived', '=', 0);
  return query.orderBy('id').execute();
}

/** One account; `{lock: true}` locks it (its deletion: see removeAccount). */
export function findAccountById(db: Db, userId: number, id: number, options: { lock?: boolean } = {}) {
  const query = db.selectFrom('accounts').select(columns).where('user_id', '=', userId).where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

/** Which of `ids` are the user's accounts (one query for an entry's source and destination). */
export async function findOwnedAccountIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export function insertAccount(db: Db, values: Insertable<AccountsTable>) {
  return db.insertInto('accounts').values(values).returning(columns).executeTakeFirstOrThrow();
}

export function updateAccount(db: Db, userId: number, id: number, values: Updateable<AccountsTable>) {
  return db
    .updateTable('accounts')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export async function countAccountEntries(db: Db, userId: number, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('destination_account_id', '=', accountId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The account's entries and the transfers into it, with what their effects need (deleting the account). */
export function findAccountEntries(db: Db, userId: number, accountId: number) {
  return (
    db
      .selectFrom('entries')
      .select(EFFECT_COLUMNS)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('account_id', '=', accountId), eb('destination_account_id', '=', accountId)]))
      // Locked: what is deleted is exactly what was read, so each transfer's other side leaves its account.
      .orderBy('id')
      .forUpdate()
      .execute()
  );
}

/** Removes the account with its entries, series and aggregates; the caller owns the transaction. */
export async function deleteAccountCascade(db: Db, userId: number, accountId: number): Promise<void> {
  for (const table of ['entries', 'entry_series'] as const) {
    await db
      .deleteFrom(table)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('account_id', '=', accountId), eb('destination_account_id', '=', accountId)]))
      .execute();
  }
  await db
    .deleteFrom('account_month_totals')
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .execute();
  await db.deleteFrom('accounts').where('user_id', '=', userId).where('id', '=', accountId).execute();
}

export async function seriesUseAccount(db: Db, userId: number, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('entry_series')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('destination_account_id', '=', accountId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
