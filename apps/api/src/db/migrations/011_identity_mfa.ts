import type { Db, DbKind } from '../connection.ts';
import { BIGINT, bool, TEXT, withId } from '../dialect.ts';

/**
 * Sign-in methods (issue 22, DESIGN.md §5): identities of OpenID providers, TOTP, recovery codes, passkeys, and
 * the short-lived single-use tokens of the sign-in steps. Every table leads with user_id and cascades from
 * users.id (security.test.ts checks).
 *
 * An account created through a provider has no password: `users.password_hash` is then the empty string, not
 * NULL. Dropping NOT NULL on SQLite means rebuilding `users`, and dropping that table (even to rebuild it)
 * would cascade into every user's data; '' keeps one schema on both dialects (passwords.ts: '' matches nothing).
 */
export async function up(db: Db, kind: DbKind): Promise<void> {
  await withId(db.schema.createTable('user_identities'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', TEXT, (c) => c.notNull())
    // Keyed by (issuer, sub), never by e-mail: the provider's subject is its stable account id.
    .addColumn('issuer', TEXT, (c) => c.notNull())
    .addColumn('subject', TEXT, (c) => c.notNull())
    .addColumn('email', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('last_used_at', TEXT)
    .addUniqueConstraint('user_identities_issuer_subject', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').columns(['user_id']).execute();

  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', BIGINT, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // AES-256-GCM, bound to the user id (mfa/secret-box.ts); never the plain secret.
    .addColumn('secret', TEXT, (c) => c.notNull())
    // Null while the set-up waits for its first code: 2FA is on from the confirmation.
    .addColumn('enabled_at', TEXT)
    // The last time step accepted: each step's code works once (RFC 6238 §5.2).
    .addColumn('last_step', BIGINT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('recovery_codes'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', TEXT, (c) => c.notNull())
    .addColumn('used_at', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id']).execute();

  await withId(db.schema.createTable('passkeys'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', TEXT, (c) => c.notNull().unique())
    .addColumn('public_key', TEXT, (c) => c.notNull())
    .addColumn('counter', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('transports', TEXT)
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => bool(c))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('last_used_at', TEXT)
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id']).execute();

  // One-time tokens of the sign-in steps (mfa tokens, social codes, link intents, WebAuthn challenges): stored
  // hashed, single use by a conditional UPDATE, in the database so any API node can finish what another began.
  await withId(db.schema.createTable('auth_challenges'), kind)
    .addColumn('user_id', BIGINT, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', TEXT, (c) => c.notNull())
    .addColumn('token_hash', TEXT, (c) => c.notNull().unique())
    .addColumn('data', TEXT)
    .addColumn('expires_at', TEXT, (c) => c.notNull())
    .addColumn('used_at', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_challenges_expiry')
    .on('auth_challenges')
    .columns(['expires_at'])
    .execute();

  // When the session's sign-in happened (carried from token to token by rotation): "a sign-in within the
  // last 10 minutes" stands in for the password of an account that has none.
  await db.schema.alterTable('refresh_tokens').addColumn('auth_time', TEXT).execute();
}
