import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UsersTable } from '../../db/tables/identity.ts';

/** Takes the database or a transaction: the caller owns the transaction. */
type Executor = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;

/** The user's columns an API answer may show (never the password hash), with the session cut-off. */
const SIGNED_IN_COLUMNS = [
  'id',
  'name',
  'email',
  'email_verified_at',
  'language_id',
  'currency_id',
  'country_id',
  // The user's "today" on every request that needs one (DESIGN.md §4 "A user's today").
  'time_zone',
  'stripe_customer_id',
  'created_at',
  'sessions_valid_from',
  // The subscription's copy (migration 009): entitlement is decided from this same read (billing/entitlement.ts).
  'subscription_status',
  'trial_end',
  'past_due_since',
] as const;

export type SignedInUserRow = Pick<UserRow, (typeof SIGNED_IN_COLUMNS)[number]>;

/** Authentication's read of the token's user, once per request (plugins/auth.ts). */
export function findSignedInUser(db: Executor, userId: number): Promise<SignedInUserRow | undefined> {
  return db.selectFrom('users').select(SIGNED_IN_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export function findUserById(db: Executor, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function findUserByEmail(db: Executor, emailNormalized: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst();
}

export interface NewUser {
  name: string;
  email: string;
  emailNormalized: string;
  passwordHash: string;
  languageId: number;
  /** IANA zone from the browser at registration (DESIGN.md §4); absent: UTC. */
  timeZone?: string | undefined;
  now: string;
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      name: user.name,
      email: user.email,
      email_normalized: user.emailNormalized,
      password_hash: user.passwordHash,
      email_verified_at: null,
      language_id: user.languageId,
      currency_id: 4,
      country_id: 32,
      time_zone: user.timeZone ?? 'UTC',
      stripe_customer_id: null,
      sessions_valid_from: null,
      created_at: user.now,
      updated_at: user.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Only the columns a caller names are written; the services decide which fields are writable. */
export async function updateUser(
  db: Executor,
  userId: number,
  changes: Pick<
    Updateable<UsersTable>,
    | 'name'
    | 'email'
    | 'email_normalized'
    | 'email_verified_at'
    | 'password_hash'
    | 'sessions_valid_from'
    | 'language_id'
    | 'currency_id'
    | 'country_id'
    | 'time_zone'
    | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** Whether the user has any entry (a currency with other minor-unit digits would misread their amounts). */
export async function userHasEntries(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('entries')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isEmailTakenByOther(
  db: Executor,
  emailNormalized: string,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', emailNormalized)
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every row of the user goes with it: each user-data table cascades from users.id (a test checks). */
export async function deleteUser(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
