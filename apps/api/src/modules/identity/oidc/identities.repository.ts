import type { SocialProvider } from '@centavo/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { UserIdentitiesTable } from '../../../db/tables/sign-in.ts';

type Executor = Kysely<Database>;
export type IdentityRow = Selectable<UserIdentitiesTable>;

/** An identity is its provider's (issuer, subject), never an e-mail address (DESIGN.md §5). */
export function findIdentity(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<IdentityRow | undefined> {
  return db
    .selectFrom('user_identities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function listIdentities(db: Executor, userId: number): Promise<IdentityRow[]> {
  return db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function countIdentities(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_identities')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertIdentity(
  db: Executor,
  identity: {
    userId: number;
    provider: SocialProvider;
    issuer: string;
    subject: string;
    email: string | null;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({
      user_id: identity.userId,
      provider: identity.provider,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      created_at: identity.now,
      last_used_at: identity.now,
    })
    .execute();
}

export async function touchIdentity(
  db: Executor,
  id: number,
  email: string | null,
  now: string,
): Promise<void> {
  await db.updateTable('user_identities').set({ last_used_at: now, email }).where('id', '=', id).execute();
}

/** Scoped by user: another user's identity id deletes nothing (the route answers 404). */
export async function deleteIdentity(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('user_identities')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
