import { sql } from 'kysely';
import type { Db, DbKind } from '../connection.ts';

/** The channel every API node LISTENs on for changed users (plugins/auth.ts); the payload is the user's id. */
export const USER_CHANGES_CHANNEL = 'centavo_user_changed';

/**
 * PostgreSQL: every update or deletion of a users row NOTIFYs its id when the transaction commits. API nodes
 * keep the rows they authenticate with in memory and drop one when its id arrives (docs/decisions/
 * signed-in-user-cache.md). A trigger rather than a call in the services, so no write can be missed: today's
 * services, a later feature's, or an operator's SQL. A rolled-back transaction notifies nothing, and NOTIFY
 * sends one notification per distinct id per transaction. SQLite has no other process to tell: nothing here.
 */
export async function up(db: Db, kind: DbKind): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`
    create function centavo_user_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(USER_CHANGES_CHANNEL)}, old.id::text);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger users_changed after update or delete on users
    for each row execute function centavo_user_changed()
  `.execute(db);
}
