import type { Db } from '../src/db/connection.ts';

/*
 * Rows inserted directly (no HTTP, no services), for the property tests that drive the services for a fresh
 * user per run (insertUser in app.ts). Ids come back in creation order.
 */

/** The columns an account and a card start with. */
function owned(userId: number, name: string) {
  const now = new Date().toISOString();
  return { user_id: userId, name, color: null, archived: 0, created_at: now, updated_at: now };
}

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((x, y) => x - y);

export async function insertAccounts(db: Db, userId: number, initialBalances: number[]): Promise<number[]> {
  const values = initialBalances.map((initial, i) => ({
    ...owned(userId, `A${i}`),
    bank_id: null,
    type: 'checking' as const,
    initial_balance: initial,
  }));
  return ids(await db.insertInto('accounts').values(values).returning('id').execute());
}

/** Cards paying from `accountId`, one a pair of closing and due days. */
export async function insertCards(
  db: Db,
  userId: number,
  accountId: number,
  days: Array<{ close: number; due: number }>,
): Promise<number[]> {
  const values = days.map((d, i) => ({
    ...owned(userId, `C${i}`),
    flag_id: null,
    credit_limit: 1_000_000,
    close_day: d.close,
    expiration_day: d.due,
    account_id: accountId,
  }));
  return ids(await db.insertInto('cards').values(values).returning('id').execute());
}
