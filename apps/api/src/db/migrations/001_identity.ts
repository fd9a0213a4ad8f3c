import type { Db, DbKind } from '../connection.ts';
import { BIGINT, TEXT, withId } from '../dialect.ts';

export async function up(db: Db, kind: DbKind): Promise<void> {
  await withId(db.schema.createTable('users'), kind)
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('email', TEXT, (c) => c.notNull())
    .addColumn('email_normalized', TEXT, (c) => c.notNull().unique())
    .addColumn('password_hash', TEXT, (c) => c.notNull())
    .addColumn('email_verified_at', TEXT)
    .addColumn('language_id', BIGINT, (c) => c.notNull().defaultTo(1))
    .addColumn('currency_id', BIGINT, (c) => c.notNull().defaultTo(4))
    .addColumn('country_id', BIGINT, (c) => c.notNull().defaultTo(32))
    .addColumn('stripe_customer_id', TEXT)
    // Access tokens issued before this instant are refused (set by password change and reset).
    .addColumn('sessions_valid_from', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  // Every table holding user data leads with user_id and cascades from users.id, so DELETE /user is one
  // statement; a test walks the schema and fails for a table that forgets the cascade.

  await withId(db.schema.createTable('refresh_tokens'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', TEXT, (c) => c.notNull())
    .addColumn('token_hash', TEXT, (c) => c.notNull().unique())
    .addColumn('expires_at', TEXT, (c) => c.notNull())
    .addColumn('used_at', TEXT)
    .addColumn('revoked_at', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_tokens_user')
    .on('refresh_tokens')
    .columns(['user_id', 'family_id'])
    .execute();

  await withId(db.schema.createTable('email_tokens'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', TEXT, (c) => c.notNull())
    // The address a verification token was sent to: after an e-mail change an old link verifies nothing.
    .addColumn('email', TEXT)
    .addColumn('token_hash', TEXT, (c) => c.notNull().unique())
    .addColumn('expires_at', TEXT, (c) => c.notNull())
    .addColumn('used_at', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_tokens_user').on('email_tokens').columns(['user_id', 'kind']).execute();

  await withId(db.schema.createTable('account_logs'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', TEXT, (c) => c.notNull())
    .addColumn('ip', TEXT)
    .addColumn('user_agent', TEXT)
    .addColumn('details', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();
  // Newest-first pagination of one user's log.
  await db.schema
    .createIndex('account_logs_user_id')
    .on('account_logs')
    .columns(['user_id', 'id desc'])
    .execute();
}
