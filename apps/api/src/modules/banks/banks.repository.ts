import { matchesSearch } from '@centavo/shared/text';
import type { Db } from '../../db/connection.ts';

/** Banks are global reference rows (no user_id): the only ledger table not scoped by user. */
export async function findBanks(db: Db, search?: string) {
  const rows = await db.selectFrom('banks').select(['id', 'code', 'name']).orderBy('id').execute();
  if (!search) return rows;
  // Accent- and case-insensitive ("itau" finds Itaú, issue 13 #10), the same on SQLite and PostgreSQL:
  // the reference list is a few hundred rows, compared in the app rather than with each database's collation.
  return rows.filter((bank) => bank.code === search || matchesSearch(bank.name, search));
}

export function findBankById(db: Db, id: number) {
  return db.selectFrom('banks').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
}
