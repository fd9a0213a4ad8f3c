import {
  changePasswordBodySchema,
  deleteUserBodySchema,
  errorBodySchema,
  logoutBodySchema,
  preferencesSchema,
  preferencesUpdateResponseSchema,
  tokenResponseSchema,
  updatePreferencesBodySchema,
  updateUserBodySchema,
  userSchema,
} from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import { ownAccountRoutes } from '../../lib/routes.ts';
import { logout } from './auth.service.ts';
import type { IdentityDeps } from './identity.deps.ts';
import * as users from './user.service.ts';

const errors = { 401: errorBodySchema, 422: errorBodySchema };
const own = ownAccountRoutes(['user'], errors);

/** Routes of the signed-in user; registered where `app.authenticate` runs first (see index.ts). */
export async function userRoutes(app: App, deps: IdentityDeps): Promise<void> {
  app.post(
    '/auth/logout',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Sign out (revoke the refresh token)',
        operationId: 'logout',
        tags: ['auth'],
        body: logoutBodySchema.nullish(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await logout(deps, request.user.id, request.body?.refresh_token, request);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/me',
    own.read({ summary: 'The signed-in user', operationId: 'getMe' }, userSchema),
    // Synchronous: Fastify sends a plain return value at once, where a promise costs a microtask hop.
    (request) => users.getMe(request.user.row),
  );

  app.put(
    '/user',
    own.change(
      { summary: 'Change name or e-mail', operationId: 'updateUser', body: updateUserBodySchema },
      userSchema,
    ),
    async (request) => users.updateProfile(deps, request.user.id, request.body, request),
  );

  app.put(
    '/user/password',
    own.change(
      { summary: 'Change the password', operationId: 'changePassword', body: changePasswordBodySchema },
      tokenResponseSchema,
    ),
    async (request) => users.changePassword(deps, request.user.id, request.body, request),
  );

  app.delete(
    '/user',
    own.remove({
      summary: 'Delete the account and all its data',
      operationId: 'deleteUser',
      body: deleteUserBodySchema,
    }),
    async (request, reply) => {
      await users.deleteAccount(deps, request.user.id, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/preferences',
    own.read({ summary: 'Language, currency and country', operationId: 'getPreferences' }, preferencesSchema),
    async (request) => users.getPreferences(deps, request.user.id),
  );

  app.put(
    '/user/preferences',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Change language, currency or country',
        operationId: 'updatePreferences',
        tags: ['user'],
        body: updatePreferencesBodySchema,
        response: { 200: preferencesUpdateResponseSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => users.updatePreferences(deps, request.user.id, request.body, request),
  );
}
