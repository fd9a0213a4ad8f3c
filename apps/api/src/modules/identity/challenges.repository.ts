import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthChallengesTable, ChallengeKind } from '../../db/tables/sign-in.ts';

type Executor = Kysely<Database>;
export type ChallengeRow = Selectable<AuthChallengesTable>;

/**
 * Single-use tokens of the sign-in steps (migration 011): the mfa token between password and code, the social
 * one-time code, the profile's link intent, WebAuthn challenges. Only a hash is stored; expired rows go on
 * each insert, so the table holds minutes of traffic, not history.
 */
export async function insertChallenge(
  db: Executor,
  challenge: {
    userId: number | null;
    kind: ChallengeKind;
    tokenHash: string;
    data?: Record<string, unknown>;
    expiresAt: string;
    now: string;
  },
): Promise<void> {
  await db.deleteFrom('auth_challenges').where('expires_at', '<', challenge.now).execute();
  await db
    .insertInto('auth_challenges')
    .values({
      user_id: challenge.userId,
      kind: challenge.kind,
      token_hash: challenge.tokenHash,
      data: challenge.data ? JSON.stringify(challenge.data) : null,
      expires_at: challenge.expiresAt,
      used_at: null,
      created_at: challenge.now,
    })
    .execute();
}

/** The unspent, unexpired challenge of that kind and hash, without spending it. */
export function findUsableChallenge(
  db: Executor,
  kind: ChallengeKind,
  tokenHash: string,
  now: string,
): Promise<ChallengeRow | undefined> {
  return db
    .selectFrom('auth_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends a challenge; of two parallel requests with one token exactly one gets the row (conditional UPDATE). */
export async function consumeChallenge(
  db: Executor,
  kind: ChallengeKind,
  tokenHash: string,
  now: string,
): Promise<ChallengeRow | undefined> {
  const row = await findUsableChallenge(db, kind, tokenHash, now);
  if (!row) return undefined;
  const result = await db
    .updateTable('auth_challenges')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row : undefined;
}

export function challengeData(row: ChallengeRow): Record<string, unknown> {
  return row.data ? (JSON.parse(row.data) as Record<string, unknown>) : {};
}
