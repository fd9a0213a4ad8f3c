import type { Db } from './connection.ts';

/**
 * Runs `work` in one transaction; repositories receive the transaction as their `db`. Inside a transaction
 * already, `work` joins it (Kysely has no nested transactions), so services compose.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
