import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Selectable } from 'kysely';
import { NOT_NOW, preparedQuery } from '../db/prepared.ts';
import type { UsersTable } from '../db/tables/identity.ts';
import { type AppError, unauthenticated } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';
import type { AccessClaims } from '../lib/jwt.ts';

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

const findSignedInUser = preparedQuery<{ id: number }, AuthRow>((db, arg) =>
  db
    .selectFrom('users')
    .select([
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
    ])
    .where('id', '=', arg('id')),
);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; every user-data query is scoped by `user.id`. */
    user: AuthUser;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
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
 * working at once) and that it was issued after the user's last password change or reset. Modules add it as an onRequest hook on their protected routes.
 */
export function registerAuth(app: App): void {
  app.decorateRequest('user', undefined as unknown as AuthUser);
  // Collected as routes are added, so a route of any later feature is in the sweep without anyone listing it.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method: String(method), url: route.url });
  });
  // A callback hook, not an async one: on SQLite the user is read synchronously (no transaction open), so the
  // request goes on to its handler in the same call, without a promise and a microtask per request.
  app.decorate(
    'authenticate',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const header = request.headers.authorization;
      const claims =
        header?.startsWith('Bearer ') === true ? app.accessTokens.verifyClaims(header.slice(7).trim()) : null;
      if (claims === null) return done(unauthenticated());
      const found = findSignedInUser.firstNow(app.db, { id: claims.userId });
      if (found !== NOT_NOW) return done(signIn(request, claims, found));
      findSignedInUser.first(app.db, { id: claims.userId }).then(
        (row) => done(signIn(request, claims, row)),
        (error: Error) => done(error),
      );
    },
  );
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
