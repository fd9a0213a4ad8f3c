import type { AccountLog, AccountLogEvent } from '@centavo/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso } from './secrets.ts';

type Executor = Kysely<Database>;

/** What a log entry needs from a request: the client IP (request.ip honours TRUST_PROXY) and user agent. */
export interface LogRequest {
  ip: string;
  headers: { 'user-agent'?: string | undefined };
}

const SECRET_KEY = /pass|token|secret|authorization|cookie/i;
const MAX_USER_AGENT = 512;

/** Drops anything that looks like a credential, however deep: logs never hold tokens or passwords. */
function scrub(value: unknown, depth = 0): unknown {
  if (depth > 4) return null;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (!SECRET_KEY.test(key)) out[key] = scrub(v, depth + 1);
    return out;
  }
  if (typeof value === 'string') return value.slice(0, 500);
  return value;
}

/**
 * Appends one event to the user's account log (DESIGN.md §4). Exported for the features that log their own
 * events (`export`, `subscription_changed`); pass a transaction as `db` to log atomically with the change.
 */
export async function recordAccountLog(
  db: Executor,
  userId: number,
  event: AccountLogEvent,
  request: LogRequest,
  details?: Record<string, unknown>,
): Promise<void> {
  const userAgent = request.headers['user-agent'];
  await db
    .insertInto('account_logs')
    .values({
      user_id: userId,
      event,
      ip: request.ip || null,
      user_agent: typeof userAgent === 'string' ? userAgent.slice(0, MAX_USER_AGENT) : null,
      details: details ? JSON.stringify(scrub(details)) : null,
      created_at: nowIso(),
    })
    .execute();
}

export async function countAccountLogs(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('account_logs')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first; id order is insertion order, and the (user_id, id desc) index serves it. */
export async function listAccountLogs(
  db: Executor,
  userId: number,
  page: number,
  perPage: number,
): Promise<AccountLog[]> {
  const rows = await db
    .selectFrom('account_logs')
    .select(['id', 'event', 'ip', 'user_agent', 'details', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    event: row.event as AccountLogEvent,
    ip: row.ip,
    user_agent: row.user_agent,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    created_at: row.created_at,
  }));
}
