import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { preparedQuery } from '../db/prepared.ts';
import type { UsersTable } from '../db/tables/identity.ts';
import { unauthenticated } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';

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

export interface AuthUser {
  id: number;
  languageId: number;
  /** The row as authentication read it: GET /user/me answers from it without a second query. */
  row: SignedInUserRow;
}

const findSignedInUser = preparedQuery<
  { id: number },
  SignedInUserRow & Pick<Selectable<UsersTable>, 'sessions_valid_from'>
>((db, arg) =>
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
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthenticated();
    const claims = app.accessTokens.verifyClaims(header.slice(7).trim());
    if (claims === null) throw unauthenticated();
    const found = await findSignedInUser.first(app.db, { id: claims.userId });
    if (!found) throw unauthenticated();
    const { sessions_valid_from, ...row } = found;
    // A password change or reset ends every session, access tokens included, not only refresh tokens.
    // iat has second precision: tokens of the very second of the change (the new session's) stay valid.
    if (sessions_valid_from && claims.issuedAt < Math.floor(Date.parse(sessions_valid_from) / 1000)) {
      throw unauthenticated();
    }
    request.user = { id: row.id, languageId: row.language_id, row };
  });
}
