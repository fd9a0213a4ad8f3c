import type { ColumnDefinitionBuilder } from 'kysely';
import type { Db, DbKind } from '../connection.ts';
import { BIGINT, bool, TEXT, withId } from '../dialect.ts';

/**
 * Import (DESIGN.md §8): imports, their staged rows, the keys of what each commit wrote (duplicate detection
 * and undo) and the column mapping saved per account or card. No change to entries: "no category" needed no
 * migration (entries.category_id was nullable from 003, and the aggregates key it as 0 since 008).
 */
const count = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Db, kind: DbKind): Promise<void> {
  await withId(db.schema.createTable('imports'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Deleting the account or card deletes its import history with it (its entries go the same way).
    .addColumn('account_id', BIGINT, (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('card_id', BIGINT, (c) => c.references('cards.id').onDelete('cascade'))
    .addColumn('status', TEXT, (c) => c.notNull())
    .addColumn('format', TEXT, (c) => c.notNull())
    .addColumn('encoding', TEXT, (c) => c.notNull())
    .addColumn('encoding_source', TEXT, (c) => c.notNull())
    .addColumn('preset', TEXT)
    .addColumn('bank', TEXT)
    .addColumn('file_name', TEXT, (c) => c.notNull())
    .addColumn('row_count', 'integer', count)
    .addColumn('new_count', 'integer', count)
    .addColumn('duplicate_count', 'integer', count)
    .addColumn('probable_count', 'integer', count)
    .addColumn('skipped_count', 'integer', count)
    .addColumn('created_count', 'integer')
    .addColumn('payment_count', 'integer')
    .addColumn('left_count', 'integer')
    .addColumn('duplicates_left', 'integer')
    .addColumn('source', TEXT)
    .addColumn('mapping', TEXT)
    .addColumn('idempotency_key', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('committed_at', TEXT)
    .addColumn('undone_at', TEXT)
    .execute();
  // The history, newest first.
  await db.schema.createIndex('imports_user_id').on('imports').columns(['user_id', 'id']).execute();
  // The sweep of staged imports older than 7 days.
  await db.schema
    .createIndex('imports_status_created')
    .on('imports')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('import_rows')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('import_id', BIGINT, (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('date', TEXT)
    .addColumn('description', TEXT, (c) => c.notNull())
    .addColumn('value', BIGINT)
    .addColumn('operation_id', 'integer')
    .addColumn('external_id', TEXT)
    .addColumn('status', TEXT, (c) => c.notNull())
    .addColumn('note_key', TEXT)
    .addColumn('note_params', TEXT)
    .addColumn('match_entry_id', BIGINT)
    .addColumn('category_id', BIGINT)
    .addColumn('sub_category_id', BIGINT)
    .addColumn('rule_id', BIGINT)
    .addColumn('include', 'integer', (c) => bool(c))
    .addColumn('invoice_month', TEXT)
    .addColumn('installment_number', 'integer')
    .addColumn('installment_count', 'integer')
    .addColumn('dedupe_key', TEXT)
    .addPrimaryKeyConstraint('import_rows_key', ['user_id', 'import_id', 'line'])
    .execute();
  // The preview filtered by status, in line order.
  await db.schema
    .createIndex('import_rows_status')
    .on('import_rows')
    .columns(['user_id', 'import_id', 'status', 'line'])
    .execute();
  // The foreign key's cascade from imports (discarding a staged import) looks rows up by import.
  await db.schema.createIndex('import_rows_import').on('import_rows').columns(['import_id']).execute();

  await db.schema
    .createTable('import_keys')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target', TEXT, (c) => c.notNull())
    .addColumn('key', TEXT, (c) => c.notNull())
    .addColumn('entry_id', BIGINT, (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('import_id', BIGINT, (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('import_keys_target_key')
    .on('import_keys')
    .columns(['user_id', 'target', 'key'])
    .execute();
  // Every entry delete checks this foreign key (cascade): without an index on entry_id each would scan.
  await db.schema.createIndex('import_keys_entry').on('import_keys').columns(['entry_id']).execute();
  await db.schema.createIndex('import_keys_import').on('import_keys').columns(['import_id']).execute();

  await db.schema
    .createTable('import_mappings')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target', TEXT, (c) => c.notNull())
    .addColumn('mapping', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .addPrimaryKeyConstraint('import_mappings_key', ['user_id', 'target'])
    .execute();
}
