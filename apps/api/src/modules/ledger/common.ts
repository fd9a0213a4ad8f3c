import type { Db } from '../../db/connection.ts';

/** Helpers shared by the ledger features (banks, accounts, categories, tags, entries). */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%" (used with `escape '\'`). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Runs `work` in one transaction; repositories receive the transaction as their `db`. Inside a transaction
 * already, `work` joins it (Kysely has no nested transactions), so services compose.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
