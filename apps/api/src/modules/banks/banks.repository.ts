import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { likePattern } from '../ledger/common.ts';

/** Banks are global reference rows (no user_id): the only ledger table not scoped by user. */
export function findBanks(db: Db, search?: string) {
  let query = db.selectFrom('banks').select(['id', 'code', 'name']).orderBy('id');
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(name)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb('code', '=', search),
      ]),
    );
  }
  return query.execute();
}

export function findBankById(db: Db, id: number) {
  return db.selectFrom('banks').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
}
