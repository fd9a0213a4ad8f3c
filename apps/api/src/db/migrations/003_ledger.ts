import { sql } from 'kysely';
import type { Db, DbKind } from '../connection.ts';
import { BIGINT, bool, TEXT, withId } from '../dialect.ts';

/**
 * Ledger schema: accounts, tags, entry series, entries, entry tags and the monthly aggregates.
 * Indexes follow the hot queries (docs/decisions/ledger-aggregates.md); each leads with user_id and matches
 * its query's ORDER BY so neither dialect sorts.
 */
export async function up(db: Db, kind: DbKind): Promise<void> {
  await withId(db.schema.createTable('accounts'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('bank_id', BIGINT, (c) => c.references('banks.id'))
    .addColumn('type', TEXT, (c) => c.notNull())
    .addColumn('initial_balance', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('color', TEXT)
    .addColumn('archived', 'integer', (c) => bool(c))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_user').on('accounts').columns(['user_id', 'id']).execute();

  await withId(db.schema.createTable('tags'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('name_normalized', TEXT, (c) => c.notNull())
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tags_user_name')
    .on('tags')
    .columns(['user_id', 'name_normalized'])
    .unique()
    .execute();

  await withId(db.schema.createTable('entry_series'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', TEXT, (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('limit_fixed_date', TEXT)
    .addColumn('generated_through', TEXT, (c) => c.notNull())
    .addColumn('description', TEXT, (c) => c.notNull())
    .addColumn('value', BIGINT, (c) => c.notNull())
    .addColumn('operation_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', BIGINT, (c) => c.references('categories.id'))
    .addColumn('sub_category_id', BIGINT, (c) => c.references('subcategories.id'))
    .addColumn('account_id', BIGINT, (c) => c.references('accounts.id'))
    .addColumn('card_id', BIGINT)
    .addColumn('destination_account_id', BIGINT, (c) => c.references('accounts.id'))
    .addColumn('notes', TEXT)
    .addColumn('tag_ids', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  // Lazy extension looks for the user's fixed series materialised short of the requested month; kind comes
  // before the month so thousands of installment series are never visited.
  await db.schema
    .createIndex('entry_series_user_generated')
    .on('entry_series')
    .columns(['user_id', 'kind', 'generated_through'])
    .execute();

  await withId(db.schema.createTable('entries'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', TEXT, (c) => c.notNull())
    .addColumn('value', BIGINT, (c) => c.notNull())
    .addColumn('date', TEXT, (c) => c.notNull())
    .addColumn('operation_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', BIGINT, (c) => c.references('categories.id'))
    .addColumn('sub_category_id', BIGINT, (c) => c.references('subcategories.id'))
    .addColumn('account_id', BIGINT, (c) => c.references('accounts.id'))
    // No FK yet: the cards table belongs to the cards issue, which adds the reference.
    .addColumn('card_id', BIGINT)
    .addColumn('destination_account_id', BIGINT, (c) => c.references('accounts.id'))
    .addColumn('paid', 'integer', (c) => bool(c))
    .addColumn('paid_at', TEXT)
    .addColumn('notes', TEXT)
    .addColumn('fixed', 'integer', (c) => bool(c))
    .addColumn('limit_fixed_date', TEXT)
    .addColumn('series_id', BIGINT, (c) => c.references('entry_series.id').onDelete('set null'))
    .addColumn('installment_number', 'integer')
    .addColumn('installment_count', 'integer')
    .addColumn('tag_ids', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  // The month list: WHERE user_id = ? AND date BETWEEN … ORDER BY date, id.
  await db.schema.createIndex('entries_user_date').on('entries').columns(['user_id', 'date', 'id']).execute();
  // The month list filtered by account (the most common filter), same order.
  await db.schema
    .createIndex('entries_user_account_date')
    .on('entries')
    .columns(['user_id', 'account_id', 'date', 'id'])
    .execute();
  // Incoming transfers of an account: the second half of the account-filtered list (same order).
  await db.schema
    .createIndex('entries_user_destination')
    .on('entries')
    .columns(['user_id', 'destination_account_id', 'date', 'id'])
    .execute();
  await db.schema
    .createIndex('entries_user_category')
    .on('entries')
    .columns(['user_id', 'category_id', 'sub_category_id'])
    .execute();
  await db.schema
    .createIndex('entries_user_series')
    .on('entries')
    .columns(['user_id', 'series_id', 'date'])
    .execute();
  // "Paid up to today": paid entries of the current month dated after today are few; this finds them.
  await db.schema
    .createIndex('entries_user_paid_date')
    .on('entries')
    .columns(['user_id', 'paid', 'date'])
    .execute();

  await db.schema
    .createTable('entry_tags')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entry_id', BIGINT, (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('tag_id', BIGINT, (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('entry_tags_pk', ['entry_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('entry_tags_user_tag')
    .on('entry_tags')
    .columns(['user_id', 'tag_id', 'entry_id'])
    .execute();

  // The upsert key and the balance query's index (WHERE user_id = ? AND month <= ? GROUP BY account_id) is
  // the primary key; on SQLite the table is WITHOUT ROWID so the rows are stored in key order and the
  // balance query reads one contiguous range without lookups.
  let totals = db.schema
    .createTable('account_month_totals')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('month', TEXT, (c) => c.notNull())
    .addColumn('income', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('expense', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('investment', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('transfer_in', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('transfer_out', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('net', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('paid_net', BIGINT, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('account_month_totals_key', ['user_id', 'account_id', 'month']);
  if (kind === 'sqlite') totals = totals.modifyEnd(sql`without rowid`);
  await totals.execute();
}
