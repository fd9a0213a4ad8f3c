import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';

export interface AuthUser {
  id: number;
  languageId: number;
}

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
    const claims = await app.accessTokens.verifyClaims(header.slice(7).trim());
    if (claims === null) throw unauthenticated();
    const row = await app.db
      .selectFrom('users')
      .select(['id', 'language_id', 'sessions_valid_from'])
      .where('id', '=', claims.userId)
      .executeTakeFirst();
    if (!row) throw unauthenticated();
    // A password change or reset ends every session, access tokens included, not only refresh tokens.
    // iat has second precision: tokens of the very second of the change (the new session's) stay valid.
    if (row.sessions_valid_from && claims.issuedAt < Math.floor(Date.parse(row.sessions_valid_from) / 1000)) {
      throw unauthenticated();
    }
    request.user = { id: row.id, languageId: row.language_id };
  });
}
