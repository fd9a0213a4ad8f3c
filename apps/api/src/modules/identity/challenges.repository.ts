import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthChallengesTable, ChallengeKind } from '../../db/tables/sign-in.ts';
import { isoIn, randomToken, sha256 } from './secrets.ts';

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
    ttlMs: number;
    data?: Record<string, unknown>;
  },
  /** What the client will present (only its hash is kept): a random one unless the protocol sets it. */
  token = randomToken(32),
): Promise<string> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  await db.deleteFrom('auth_challenges').where('expires_at', '<', nowIso).execute();
  await db
    .insertInto('auth_challenges')
    .values({
      user_id: challenge.userId,
      kind: challenge.kind,
      token_hash: sha256(token),
      data: challenge.data ? JSON.stringify(challenge.data) : null,
      expires_at: isoIn(challenge.ttlMs, now),
      used_at: null,
      created_at: nowIso,
    })
    .execute();
  return token;
}

export function challengeData(row: ChallengeRow): Record<string, unknown> {
  return row.data ? (JSON.parse(row.data) as Record<string, unknown>) : {};
}
