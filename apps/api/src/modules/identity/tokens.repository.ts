import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EmailTokensTable, RefreshTokensTable } from '../../db/tables/identity.ts';

type Executor = Kysely<Database>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type EmailTokenRow = Selectable<EmailTokensTable>;

export async function insertRefreshToken(
  db: Executor,
  token: {
    userId: number;
    familyId: string;
    tokenHash: string;
    expiresAt: string;
    now: string;
    authTime: string | null;
  },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: token.userId,
      family_id: token.familyId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      used_at: null,
      revoked_at: null,
      created_at: token.now,
      auth_time: token.authTime,
    })
    .execute();
}

export function findRefreshTokenByHash(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks a refresh token spent only if nobody did first: the conditional UPDATE is the lock, so of two
 * parallel refreshes with one token exactly one sees `true`.
 */
export async function markRefreshTokenUsed(db: Executor, tokenId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeRefreshFamily(
  db: Executor,
  userId: number,
  familyId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllRefreshTokens(db: Executor, userId: number, now: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertEmailToken(
  db: Executor,
  token: {
    userId: number;
    kind: 'verify' | 'reset';
    email: string | null;
    tokenHash: string;
    expiresAt: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      user_id: token.userId,
      kind: token.kind,
      email: token.email,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      used_at: null,
      created_at: token.now,
    })
    .execute();
}

/** A spent token of the kind (to tell "already verified" from a wrong link). */
export function findUsedEmailToken(
  db: Executor,
  kind: 'verify' | 'reset',
  tokenHash: string,
): Promise<EmailTokenRow | undefined> {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
}

/** Spends every outstanding token of a kind (after a reset, or an e-mail change that voids old links). */
export async function invalidateEmailTokens(
  db: Executor,
  userId: number,
  kind: 'verify' | 'reset',
  now: string,
): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}
