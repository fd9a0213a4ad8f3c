import type { Generated, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso, sha256 } from './secrets.ts';

/** The tables of single-use tokens found by kind and hash: e-mail links and sign-in challenges. */
type SingleUseTable = 'email_tokens' | 'auth_challenges';

/** What those tables share, the columns these queries read and write. */
interface SingleUseColumns {
  id: Generated<number>;
  kind: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
}

/** A token a client presents: its kind and text, at `now` (the caller's transaction time, else the present). */
interface Presented<T extends SingleUseTable> {
  kind: Database[T]['kind'];
  token: string;
  now?: string;
}

/** Kysely cannot type a query over a table chosen at run time; this view of the tables' shared columns can. */
function singleUse(db: Kysely<Database>) {
  return db as unknown as Kysely<Record<string, SingleUseColumns>>;
}

/** The unspent, unexpired token of that kind and hash, without spending it; anything else is "invalid or expired". */
export async function findUsable<T extends SingleUseTable>(
  db: Kysely<Database>,
  table: T,
  token: Presented<T>,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await singleUse(db)
    .selectFrom(table as string)
    .selectAll()
    .where('token_hash', '=', sha256(token.token))
    .where('kind', '=', token.kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', token.now ?? nowIso())
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/**
 * Spends the usable token of that kind and hash: of two parallel requests with one token exactly one gets the
 * row, because the conditional UPDATE is the lock.
 */
export async function consume<T extends SingleUseTable>(
  db: Kysely<Database>,
  table: T,
  token: Presented<T>,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await findUsable(db, table, token);
  if (!row) return undefined;
  const { id } = row as { id: number };
  const result = await singleUse(db)
    .updateTable(table as string)
    .set({ used_at: token.now ?? nowIso() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row : undefined;
}
