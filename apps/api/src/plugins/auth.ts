import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';
import { findSignedInUser, type SignedInUserRow } from '../modules/identity/users.repository.ts';

export interface AuthUser {
  id: number;
  languageId: number;
  /** The row as authentication read it: GET /user/me answers from it without a second query. */
  row: SignedInUserRow;
  /** When this session signed in (seconds), if its token says: "a sign-in within the last 10 minutes". */
  authTime: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; every user-data query is scoped by `user.id`. */
    user: AuthUser;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    /** Every route registered after registerAuth, for the unauthenticated sweep test and audits. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * `app.authenticate` checks the bearer token, then reads its user by primary key on every request: a
 * deleted user's token stops working at once, and a token issued before the user's last password change or
 * reset is refused at once, on every API node (nothing about users is kept between requests). Modules add it
 * as an onRequest hook on their protected routes.
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
    // The scheme is case-insensitive (RFC 9110 §11.1): `bearer`, `BEARER` and `Bearer` are the same.
    const match = header ? /^bearer +(.+)$/i.exec(header) : null;
    const claims = match?.[1] ? app.accessTokens.verifyClaims(match[1].trim()) : null;
    if (claims === null) throw unauthenticated();
    const row = await findSignedInUser(app.db, claims.userId);
    if (!row) throw unauthenticated();
    // A password change or reset ends every session, access tokens included, not only refresh tokens.
    // iat has second precision: tokens of the very second of the change (the new session's) stay valid.
    const validFrom = row.sessions_valid_from;
    if (validFrom && claims.issuedAt < Math.floor(Date.parse(validFrom) / 1000)) throw unauthenticated();
    request.user = { id: row.id, languageId: row.language_id, row, authTime: claims.authTime };
  });
}
