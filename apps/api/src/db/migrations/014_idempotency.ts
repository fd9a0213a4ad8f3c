import type { Db, DbKind } from '../connection.ts';
import { BIGINT, TEXT } from '../dialect.ts';

/**
 * The answers of writes that took an Idempotency-Key (POST /entry, /invoice/{id}/paid, /budget/replicate,
 * /import/{id}/commit): the same key from the same user within 24 h gets the stored answer and writes nothing
 * (docs/decisions/concurrency.md). The row is written in the transaction of the write it answers, so a write
 * that fails leaves no key behind. `request` is a digest of the method, path and body: the same key with
 * another request is refused. Rows older than 24 h are replaced when their key comes again.
 */
export async function up(db: Db, _kind: DbKind): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', TEXT, (c) => c.notNull())
    .addColumn('request', TEXT, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', TEXT, (c) => c.notNull())
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_key', ['user_id', 'key'])
    .execute();
}
