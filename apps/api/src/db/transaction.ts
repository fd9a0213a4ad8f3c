import type { Db } from './connection.ts';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back, and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

export function isRetryableConflict(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && RETRYABLE.has(String((error as { code?: unknown }).code))
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in one transaction; repositories receive the transaction as their `db`. Inside a transaction
 * already, `work` joins it (Kysely has no nested transactions), so services compose.
 *
 * On PostgreSQL two writers that lock rows in different orders (a category deleted while entries are written
 * in it, a series edit beside a single-entry edit) can deadlock; PostgreSQL then rolls one back (40P01). Its
 * work is run again from the start, a few times, after a short random pause, so the request succeeds as if it
 * had come after the other (docs/decisions/concurrency.md). `work` reads everything it needs inside the
 * transaction, so running it again is safe. SQLite never raises these: its writers queue on BEGIN IMMEDIATE.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      await pause(5 * attempt + Math.random() * 20 * attempt);
    }
  }
}
