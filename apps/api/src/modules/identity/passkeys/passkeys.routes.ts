import {
  addPasskeyBodySchema,
  errorBodySchema,
  passkeyIdParamsSchema,
  passkeyOptionsBodySchema,
  passkeySchema,
  passkeySignInBodySchema,
  passkeysResponseSchema,
  signInResponseSchema,
  webauthnOptionsResponseSchema,
} from '@centavo/shared';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import type { App } from '../../../lib/http.ts';
import { ownAccountRoutes } from '../../../lib/routes.ts';
import type { IdentityDeps } from '../identity.deps.ts';
import { listPasskeys } from './passkeys.repository.ts';
import * as passkeys from './passkeys.service.ts';

const errors = { 401: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

/** Passkey sign-in (public): a challenge, then its signature. */
export async function passkeySignInRoutes(app: App, deps: IdentityDeps): Promise<void> {
  const common = { tags: ['auth'], security: [] };
  app.post(
    '/auth/passkey/options',
    {
      config: { access: 'open' },
      schema: {
        summary: 'A challenge to sign in with a passkey',
        operationId: 'passkeySignInOptions',
        ...common,
        response: { 200: webauthnOptionsResponseSchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => passkeys.authenticationOptions(deps, request, reply),
  );
  app.post(
    '/auth/passkey',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Sign in with a passkey (satisfies 2FA)',
        operationId: 'passkeySignIn',
        ...common,
        body: passkeySignInBodySchema,
        response: { 200: signInResponseSchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) =>
      passkeys.signInWithPasskey(deps, request, reply, request.body.response as AuthenticationResponseJSON),
  );
}

/** The profile's passkeys: list, add (named), remove (never the last way to sign in). */
export async function passkeyRoutes(app: App, deps: IdentityDeps): Promise<void> {
  const tags = ['sign-in methods'];
  const own = ownAccountRoutes(tags, errors);
  app.get(
    '/user/passkeys',
    own.read({ summary: 'Passkeys of the account', operationId: 'listPasskeys' }, passkeysResponseSchema),
    async (request) => ({ data: (await listPasskeys(deps.db, request.user.id)).map(passkeys.toPasskey) }),
  );
  app.post(
    '/user/passkeys/options',
    own.change(
      {
        summary: 'Options to create a passkey (asks for the password again)',
        operationId: 'passkeyRegistrationOptions',
        body: passkeyOptionsBodySchema,
      },
      webauthnOptionsResponseSchema,
    ),
    async (request, reply) => passkeys.registrationOptions(deps, request, reply, request.body.password),
  );
  app.post(
    '/user/passkeys',
    own.create(
      { summary: 'Keep a new passkey under a name', operationId: 'addPasskey', body: addPasskeyBodySchema },
      passkeySchema,
    ),
    async (request, reply) =>
      reply.status(201).send(
        await passkeys.addPasskey(deps, request, {
          name: request.body.name,
          response: request.body.response as RegistrationResponseJSON,
        }),
      ),
  );
  app.delete(
    '/user/passkeys/:id',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Remove a passkey (never the last way to sign in)',
        operationId: 'removePasskey',
        tags,
        params: passkeyIdParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await passkeys.removePasskey(deps, request, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
