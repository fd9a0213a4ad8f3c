import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection.ts';
import { USER_CHANGES_CHANNEL } from '../db/migrations/004_user_changes.ts';
import { NOT_NOW, preparedQuery } from '../db/prepared.ts';
import type { UsersTable } from '../db/tables/identity.ts';
import { type AppError, unauthenticated } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';
import type { AccessClaims } from '../lib/jwt.ts';
import { SignedInUserCache } from './signed-in-users.ts';

/** The user's columns an API answer may show (never the password hash), read with every authentication. */
export type SignedInUserRow = Pick<
  Selectable<UsersTable>,
  | 'id'
  | 'name'
  | 'email'
  | 'email_verified_at'
  | 'language_id'
  | 'currency_id'
  | 'country_id'
  | 'stripe_customer_id'
  | 'created_at'
>;

type AuthRow = SignedInUserRow & Pick<Selectable<UsersTable>, 'sessions_valid_from'>;

export interface AuthUser {
  id: number;
  languageId: number;
  /**
   * The row as authentication read it: GET /user/me answers from it without a second query. It also holds
   * `sessions_valid_from` (not copied out per request): answers are built field by field from it.
   */
  row: SignedInUserRow;
}

const AUTH_COLUMNS = [
  'id',
  'name',
  'email',
  'email_verified_at',
  'language_id',
  'currency_id',
  'country_id',
  'stripe_customer_id',
  'created_at',
  'sessions_valid_from',
] as const;

const findSignedInUser = preparedQuery<{ id: number }, AuthRow>((db, arg) =>
  db.selectFrom('users').select(AUTH_COLUMNS).where('id', '=', arg('id')),
);

/** PostgreSQL only: one array parameter, so the statement text stays the same whatever the batch's size. */
const findSignedInUsers = preparedQuery<{ ids: number[] }, AuthRow>((db, arg) =>
  db
    .selectFrom('users')
    .select(AUTH_COLUMNS)
    .where(sql<boolean>`"id" = any(${arg('ids')})`),
);

type UserLookup = (id: number) => Promise<AuthRow | undefined>;

/** Batches of user lookups in flight at once; requests arriving meanwhile wait for the next batch. */
const LOOKUP_BATCHES_IN_FLIGHT = 2;

interface Waiting {
  resolve: (row: AuthRow | undefined) => void;
  reject: (error: Error) => void;
}

/**
 * PostgreSQL: the user lookups of concurrent requests go out together, as one query (DataLoader's batching,
 * without its cache). node-postgres spends ~30 µs of CPU per query and the database a round trip, so under
 * load the lookups, one per authenticated request, were most of a small request's cost
 * (docs/decisions/request-cost.md). A batch is sent from `setImmediate`, once the loop has read every socket
 * that was ready; with LOOKUP_BATCHES_IN_FLIGHT batches out, new lookups wait for one to come back, so the
 * batches grow with the load and an idle server sends a request's lookup at once. The rows read are kept in
 * `cache` (when it is enabled) for the requests that follow; a request that finds its user there sends no
 * lookup at all.
 */
function batchedLookup(app: App, cache: SignedInUserCache<AuthRow>): UserLookup {
  let pending = new Map<number, Waiting[]>();
  let scheduled = false;
  let inFlight = 0;
  const send = () => {
    scheduled = false;
    if (pending.size === 0 || inFlight >= LOOKUP_BATCHES_IN_FLIGHT) return;
    const batch = pending;
    pending = new Map();
    inFlight += 1;
    // Before the query goes out: a change heard while it is in flight keeps its rows out of the cache.
    const stamp = cache.stamp();
    const settle = () => {
      inFlight -= 1;
      if (pending.size > 0 && !scheduled) {
        scheduled = true;
        setImmediate(send);
      }
    };
    findSignedInUsers.all(app.db, { ids: [...batch.keys()] }).then(
      (rows) => {
        settle();
        const byId = new Map<number, AuthRow>();
        for (const row of rows) {
          const id = Number(row.id);
          byId.set(id, row);
          cache.put(id, row, stamp);
        }
        for (const [id, waiting] of batch) for (const w of waiting) w.resolve(byId.get(id));
      },
      (error: Error) => {
        settle();
        for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
      },
    );
  };
  return (id) =>
    new Promise((resolve, reject) => {
      const waiting = pending.get(id);
      if (waiting) waiting.push({ resolve, reject });
      else pending.set(id, [{ resolve, reject }]);
      if (!scheduled && inFlight < LOOKUP_BATCHES_IN_FLIGHT) {
        scheduled = true;
        setImmediate(send);
      }
    });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; every user-data query is scoped by `user.id`. */
    user: AuthUser;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
    /**
     * A write to this user's row has committed: authentication reads it again. Call it after the transaction,
     * before answering, so the client's next request sees its own change on this node at once (other nodes hear
     * of it through the users trigger's NOTIFY). A no-op on SQLite, which reads the row on every request.
     */
    userChanged(userId: number): void;
    /** PostgreSQL: the users rows kept between requests (undefined on SQLite). */
    signedInUsers: SignedInUserCache<SignedInUserRow> | undefined;
    /** Every route registered after registerAuth, for the unauthenticated sweep test and audits. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * `app.authenticate` checks the bearer token, that its user still exists (a deleted user's token stops
 * working at once) and that it was issued after the user's last password change or reset. Modules add it as
 * an onRequest hook on their protected routes.
 */
export function registerAuth(app: App, database: Pick<DatabaseHandle, 'kind' | 'listen'>): void {
  app.decorateRequest('user', undefined as unknown as AuthUser);
  // Collected as routes are added, so a route of any later feature is in the sweep without anyone listing it.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method: String(method), url: route.url });
  });
  const cache = database.kind === 'postgres' ? signedInUserCache(app, database) : undefined;
  app.decorate('signedInUsers', cache);
  app.decorate('userChanged', (userId: number) => cache?.forget(userId));
  // A callback hook, not an async one: on SQLite the user is read synchronously (no transaction open), and on
  // PostgreSQL a row kept from an earlier request is used, so the request goes on to its handler in the same
  // call, without a promise and a microtask per request.
  const lookup: UserLookup = cache
    ? batchedLookup(app, cache)
    : (id) => findSignedInUser.first(app.db, { id });
  app.decorate(
    'authenticate',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const header = request.headers.authorization;
      const claims =
        header?.startsWith('Bearer ') === true ? app.accessTokens.verifyClaims(header.slice(7).trim()) : null;
      if (claims === null) return done(unauthenticated());
      if (cache) {
        const kept = cache.get(claims.userId);
        if (kept !== undefined) return done(signIn(request, claims, kept));
      } else {
        const found = findSignedInUser.firstNow(app.db, { id: claims.userId });
        if (found !== NOT_NOW) return done(signIn(request, claims, found));
      }
      lookup(claims.userId).then(
        (row) => done(signIn(request, claims, row)),
        (error: Error) => done(error),
      );
    },
  );
}

/**
 * PostgreSQL: the rows authentication read, kept while this node hears of every change to users (the
 * trigger of migration 004 NOTIFYs each updated or deleted id). Off until LISTEN is in place, emptied and
 * off again the moment the connection is lost (a silent loss is found by db/listen.ts's heartbeat within
 * 15 s; a kept row is read again after 30 s in any case). What this trades: another node serves a changed row
 * until the notification reaches it, 0.1 ms after the commit at the median on one host
 * (docs/decisions/signed-in-user-cache.md).
 */
function signedInUserCache(app: App, database: Pick<DatabaseHandle, 'listen'>): SignedInUserCache<AuthRow> {
  const cache = new SignedInUserCache<AuthRow>();
  if (!database.listen) return cache;
  let wasUp = false;
  const listening = database.listen(USER_CHANGES_CHANNEL, {
    notify: (payload) => cache.forget(Number(payload)),
    up: () => {
      cache.enable();
      if (wasUp) app.log.info('users change feed listening again: signed-in users are kept in memory again');
      wasUp = true;
    },
    down: (error) => {
      const wasEnabled = cache.enabled;
      cache.disable();
      if (wasEnabled) app.log.warn({ err: error }, 'users change feed lost: every request reads its user');
    },
  });
  app.addHook('onClose', async () => listening.close());
  return cache;
}

/** Sets `request.user` from the token's user, or answers why not (a deleted user, a session cut off). */
function signIn(
  request: FastifyRequest,
  claims: AccessClaims,
  row: AuthRow | undefined,
): AppError | undefined {
  if (!row) return unauthenticated();
  // A password change or reset ends every session, access tokens included, not only refresh tokens.
  // iat has second precision: tokens of the very second of the change (the new session's) stay valid.
  const validFrom = row.sessions_valid_from;
  if (validFrom && claims.issuedAt < Math.floor(Date.parse(validFrom) / 1000)) return unauthenticated();
  request.user = { id: row.id, languageId: row.language_id, row };
  return undefined;
}
