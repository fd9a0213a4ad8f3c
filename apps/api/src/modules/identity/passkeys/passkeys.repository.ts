import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { PasskeysTable } from '../../../db/tables/sign-in.ts';

type Executor = Kysely<Database>;
export type PasskeyRow = Selectable<PasskeysTable>;

export function listPasskeys(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function countPasskeys(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** By credential id alone: a passkey sign-in does not say whose it is until the credential is found. */
export function findPasskeyByCredential(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(
  db: Executor,
  passkey: {
    userId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[] | undefined;
    name: string;
    backedUp: boolean;
    now: string;
  },
): Promise<PasskeyRow> {
  return db
    .insertInto('passkeys')
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports ? JSON.stringify(passkey.transports) : null,
      name: passkey.name,
      backed_up: passkey.backedUp ? 1 : 0,
      created_at: passkey.now,
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function recordPasskeyUse(
  db: Executor,
  id: number,
  counter: number,
  now: string,
): Promise<void> {
  await db.updateTable('passkeys').set({ counter, last_used_at: now }).where('id', '=', id).execute();
}

/** Scoped by user: another user's passkey id deletes nothing (404). */
export async function deletePasskey(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
