import { sql } from 'kysely';
import type { Db, DbKind } from '../connection.ts';
import { BIGINT } from '../dialect.ts';

/**
 * Each user's money volume: the sum of the absolute values of every entry and every account initial balance
 * they have (docs/decisions/money-limits.md). Writes keep it in the same transaction and refuse one that
 * would take it past MAX_TOTAL_CENTS. Filled here for the users that already exist.
 */
export async function up(db: Db, _kind: DbKind): Promise<void> {
  await db.schema
    .createTable('user_money_totals')
    .addColumn('user_id', BIGINT, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('volume', BIGINT, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into user_money_totals (user_id, volume)
    select u.id,
      coalesce((select sum(abs(e.value)) from entries e where e.user_id = u.id), 0)
        + coalesce((select sum(abs(a.initial_balance)) from accounts a where a.user_id = u.id), 0)
    from users u`.execute(db);
}
