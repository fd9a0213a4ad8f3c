import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.ts';
import { inTransaction } from '../db/transaction.ts';
import { validationError } from './errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an idempotent write needs of its request: who, the key, and what was asked. */
type KeyedRequest = Pick<FastifyRequest, 'headers' | 'method' | 'url' | 'body'> & { user: { id: number } };

/**
 * The one Idempotency-Key mechanism of the API (POST /entry, /invoice/{id}/paid, /budget/replicate,
 * /import/{id}/commit; docs/decisions/concurrency.md). Without the header `work` simply runs. With it, the
 * key is claimed in the same transaction as the write: the first request inserts its row, runs `work` and
 * stores the answer; a request with the same key from the same user within 24 h — a double click, a retry
 * after a lost answer, even one arriving while the first still runs (it waits on the row) — gets the stored
 * answer and writes nothing. A write that fails rolls its key back with it, so the retry runs. The same key
 * with a different request (method, path or body) is a 422: a client bug, not a retry.
 */
export async function idempotent<T>(
  db: Db,
  request: KeyedRequest,
  status: number,
  work: (trx: Db) => Promise<T>,
): Promise<{ status: number; body: T }> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) return { status, body: await work(db) };
  const userId = request.user.id;
  const digest = createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0]}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
  return inTransaction(db, async (trx) => {
    const now = new Date();
    const fresh = { request: digest, status: 0, body: '', created_at: now.toISOString() };
    // An expired row (older than 24 h) is taken over as if it were not there.
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, ...fresh })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'key'])
          .doUpdateSet(fresh)
          .where('idempotency_keys.created_at', '<', new Date(now.getTime() - DAY_MS).toISOString()),
      )
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const stored = await trx
        .selectFrom('idempotency_keys')
        .select(['request', 'status', 'body'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (stored.request !== digest) throw validationError({ 'idempotency-key': 'idempotencyKeyReused' });
      return { status: Number(stored.status), body: JSON.parse(stored.body) as T };
    }
    const body = await work(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ status, body: JSON.stringify(body) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return { status, body };
  });
}
