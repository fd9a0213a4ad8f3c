import { sql } from 'kysely';
import type { Db, DbKind } from '../connection.ts';

/**
 * Undoes migration 004 on PostgreSQL: API nodes no longer keep users in memory (authentication reads the
 * user on every request), so nobody LISTENs for the trigger's NOTIFY any more. `if exists`: a database
 * migrated by an older build has them, and this must not depend on it. SQLite never had them.
 */
export async function up(db: Db, kind: DbKind): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`drop trigger if exists users_changed on users`.execute(db);
  await sql`drop function if exists centavo_user_changed()`.execute(db);
}
