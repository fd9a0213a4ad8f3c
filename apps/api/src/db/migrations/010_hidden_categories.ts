import type { Db, DbKind } from '../connection.ts';
import { BIGINT, TEXT } from '../dialect.ts';

/**
 * Categories a user hid from the pickers (issue 13 #17). System categories are global rows, so hiding one is
 * a per-user fact kept beside them rather than a column of `categories`. A row here changes nothing but the
 * `hidden` flag of GET /category: entries, budgets and the report aggregates keep pointing at the category.
 */
export async function up(db: Db, _kind: DbKind): Promise<void> {
  await db.schema
    .createTable('hidden_categories')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A user's own category that is deleted takes its hidden mark with it.
    .addColumn('category_id', BIGINT, (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addPrimaryKeyConstraint('hidden_categories_key', ['user_id', 'category_id'])
    .execute();
}
