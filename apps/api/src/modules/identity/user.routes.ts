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
import { logout } from './auth.service.ts';
import type { IdentityDeps } from './identity.deps.ts';
import * as users from './user.service.ts';

const errors = { 401: errorBodySchema, 422: errorBodySchema };

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
    {
      schema: {
        summary: 'The signed-in user',
        operationId: 'getMe',
        tags: ['user'],
        response: { 200: userSchema, ...errors },
      },
    },
    // Synchronous: Fastify sends a plain return value at once, where a promise costs a microtask hop.
    (request) => users.getMe(request.user.row),
  );

  app.put(
    '/user',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Change name or e-mail',
        operationId: 'updateUser',
        tags: ['user'],
        body: updateUserBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => users.updateProfile(deps, request.user.id, request.body, request),
  );

  app.put(
    '/user/password',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Change the password',
        operationId: 'changePassword',
        tags: ['user'],
        body: changePasswordBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => users.changePassword(deps, request.user.id, request.body, request),
  );

  app.delete(
    '/user',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Delete the account and all its data',
        operationId: 'deleteUser',
        tags: ['user'],
        body: deleteUserBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await users.deleteAccount(deps, request.user.id, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/preferences',
    {
      schema: {
        summary: 'Language, currency and country',
        operationId: 'getPreferences',
        tags: ['user'],
        response: { 200: preferencesSchema, ...errors },
      },
    },
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
