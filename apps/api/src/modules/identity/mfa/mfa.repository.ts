import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { RecoveryCodesTable, UserTotpTable } from '../../../db/tables/sign-in.ts';

type Executor = Kysely<Database>;
export type TotpRow = Selectable<UserTotpTable>;
export type RecoveryCodeRow = Selectable<RecoveryCodesTable>;

export function findTotp(db: Executor, userId: number): Promise<TotpRow | undefined> {
  return db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** 2FA is on from the confirmation of the set-up (`enabled_at`). */
export async function isTotpEnabled(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new set-up replaces one that was never confirmed. */
export async function savePendingTotp(db: Executor, userId: number, secret: string, now: string) {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
  await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: now })
    .execute();
}

/**
 * Records `step` as used only if it is later than every step used before: the conditional UPDATE is the lock,
 * so a code replayed (or sent twice at once) is accepted once. Turns 2FA on when `enable` (the set-up's code).
 */
export async function acceptTotpStep(
  db: Executor,
  userId: number,
  step: number,
  enable?: { now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ last_step: step, ...(enable ? { enabled_at: enable.now } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .where('enabled_at', enable ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** A new set replaces the old one whole: codes shown earlier stop working. */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], now: string) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
}

export function listUnusedRecoveryCodes(db: Executor, userId: number): Promise<RecoveryCodeRow[]> {
  return db
    .selectFrom('recovery_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Spends a code once, whoever else tries it at the same moment. */
export async function spendRecoveryCode(db: Executor, userId: number, id: number, now: string) {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
