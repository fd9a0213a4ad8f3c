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
  }
}

/**
 * `app.authenticate` checks the bearer token and that its user still exists (a deleted user's token stops
 * working at once). Modules add it as an onRequest hook on their protected routes.
 */
export function registerAuth(app: App): void {
  app.decorateRequest('user', undefined as unknown as AuthUser);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthenticated();
    const userId = await app.accessTokens.verify(header.slice(7).trim());
    if (userId === null) throw unauthenticated();
    const row = await app.db
      .selectFrom('users')
      .select(['id', 'language_id'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) throw unauthenticated();
    request.user = { id: row.id, languageId: row.language_id };
  });
}
