import type { Db, DbKind } from '../connection.ts';
import { BIGINT, TEXT } from '../dialect.ts';

/**
 * The overall spending limit of a month (issue 23, docs/decisions/budgets.md): at most one per user and month,
 * so (user_id, month) is the key, and setting it twice at once leaves one row (an upsert on the key). No id:
 * it is addressed by its month, like the budget page that shows it.
 */
export async function up(db: Db, _kind: DbKind): Promise<void> {
  await db.schema
    .createTable('budget_limits')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', TEXT, (c) => c.notNull())
    .addColumn('value', BIGINT, (c) => c.notNull())
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_limits_key', ['user_id', 'month'])
    .execute();
}
