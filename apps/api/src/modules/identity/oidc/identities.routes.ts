import {
  errorBodySchema,
  idParamsSchema,
  type LinkedIdentity,
  linkedIdentitiesResponseSchema,
  linkIdentityBodySchema,
  linkIdentityResponseSchema,
} from '@centavo/shared';
import { z } from 'zod';
import { notFound, unauthenticated } from '../../../lib/errors.ts';
import type { App } from '../../../lib/http.ts';
import { recordAccountLog } from '../account-logs.ts';
import type { IdentityDeps } from '../identity.deps.ts';
import { confirmIdentity } from '../reauth.ts';
import { nowIso } from '../secrets.ts';
import { assertAnotherWayIn } from '../sign-in-methods.ts';
import { findUserById } from '../users.repository.ts';
import { deleteIdentity, type IdentityRow, listIdentities } from './identities.repository.ts';
import { createLinkToken } from './oidc.service.ts';

const errors = { 401: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

/** The profile's linked providers (DESIGN.md §5): list, link (through the provider), unlink. */
export async function identityRoutes(app: App, deps: IdentityDeps): Promise<void> {
  const tags = ['sign-in methods'];
  const toApi = (row: IdentityRow): LinkedIdentity => ({
    id: row.id,
    provider: row.provider,
    name: deps.providers.get(row.provider)?.name ?? row.provider,
    email: row.email,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  });
  const currentUser = async (userId: number) => {
    const user = await findUserById(deps.db, userId);
    if (!user) throw unauthenticated();
    return user;
  };

  app.get(
    '/user/identities',
    {
      schema: {
        summary: 'Sign-in providers linked to the account',
        operationId: 'listLinkedProviders',
        tags,
        response: { 200: linkedIdentitiesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: (await listIdentities(deps.db, request.user.id)).map(toApi) }),
  );

  app.post(
    '/user/identities',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Start linking a provider (asks for the password again)',
        operationId: 'linkProvider',
        tags,
        body: linkIdentityBodySchema,
        response: { 200: linkIdentityResponseSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const provider = deps.providers.get(request.body.provider);
      if (!provider) throw notFound('providerNotConfigured', 'provider');
      const user = await currentUser(request.user.id);
      await confirmIdentity(deps, request, reply, user, request.body.password);
      const token = await createLinkToken(deps, user.id, provider.id);
      return { url: `/api/v1/auth/oidc/${provider.id}/start?link=${encodeURIComponent(token)}` };
    },
  );

  app.delete(
    '/user/identities/:id',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Unlink a provider (never the last way to sign in)',
        operationId: 'unlinkProvider',
        tags,
        params: idParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request.user.id);
      const own = (await listIdentities(deps.db, user.id)).find((row) => row.id === request.params.id);
      if (!own) throw notFound('identityNotFound');
      await deps.db.transaction().execute(async (trx) => {
        await assertAnotherWayIn(trx, user, nowIso());
        if (!(await deleteIdentity(trx, user.id, own.id))) throw notFound('identityNotFound');
        await recordAccountLog(trx, user.id, 'identity_unlinked', request, { provider: own.provider });
      });
      return reply.status(204).send(null);
    },
  );
}
