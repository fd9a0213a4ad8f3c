import type { Db, DbKind } from '../connection.ts';
import { BIGINT, bool, TEXT, withId } from '../dialect.ts';

/**
 * Rules (DESIGN.md §9). Conditions and actions are JSON text: they are read whole, compiled once per run and
 * evaluated in the application (accent folding and the linear-time regular expressions cannot run in SQL on
 * both dialects alike), so no query ever filters on them. The ids inside them are checked on every write and
 * again when the rules are loaded (a category deleted since is dropped from the actions).
 */
export async function up(db: Db, kind: DbKind): Promise<void> {
  await withId(db.schema.createTable('rules'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('match', TEXT, (c) => c.notNull())
    .addColumn('conditions', TEXT, (c) => c.notNull())
    .addColumn('actions', TEXT, (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => bool(c, 1))
    .addColumn('on_create', 'integer', (c) => bool(c))
    .addColumn('match_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  // Every run reads the user's rules in the order they run.
  await db.schema
    .createIndex('rules_user_priority')
    .on('rules')
    .columns(['user_id', 'priority', 'id'])
    .execute();
}
