import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { countIdentities } from './oidc/identities.repository.ts';
import { countPasskeys } from './passkeys/passkeys.repository.ts';
import { hasPassword } from './passwords.ts';

/**
 * Removing a provider or a passkey must leave a way in (DESIGN.md §5, "never the last way to sign in"): the
 * password, another provider or another passkey. Run first inside the transaction that removes it: touching
 * the user's row takes its row lock on PostgreSQL (SQLite's IMMEDIATE transactions already serialise), so two
 * removals at once cannot each count the other's method and leave none.
 */
export async function assertAnotherWayIn(
  db: Kysely<Database>,
  user: { id: number; password_hash: string },
  now: string,
): Promise<void> {
  await db.updateTable('users').set({ updated_at: now }).where('id', '=', user.id).execute();
  const identities = await countIdentities(db, user.id);
  const passkeys = await countPasskeys(db, user.id);
  // The method being removed is one of those counted.
  if ((hasPassword(user) ? 1 : 0) + identities + passkeys <= 1) throw conflict('lastSignInMethod');
}
