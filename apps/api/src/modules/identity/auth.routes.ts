import {
  errorBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  refreshBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  signInResponseSchema,
  tokenResponseSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@centavo/shared';
import type { App } from '../../lib/http.ts';
import { apiText, requestLocale } from '../../lib/messages.ts';
import * as auth from './auth.service.ts';
import type { IdentityDeps } from './identity.deps.ts';

const errors = { 401: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

/** The public half of identity: no bearer token needed (these are in the sweep test's allow-list). */
export async function authRoutes(app: App, deps: IdentityDeps): Promise<void> {
  const common = { tags: ['auth'], security: [] };

  app.post(
    '/auth/register',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Register and sign in',
        operationId: 'register',
        ...common,
        body: registerBodySchema,
        response: { 201: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.register(deps, request.body, request, reply)),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Sign in with e-mail and password',
        operationId: 'login',
        ...common,
        body: loginBodySchema,
        // With 2FA on: {mfa_required, mfa_token}, completed by POST /auth/login/2fa (issue 22).
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    async (request, reply) => auth.login(deps, request.body, request, reply),
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Swap a refresh token for a new token pair',
        operationId: 'refreshToken',
        ...common,
        body: refreshBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => auth.refresh(deps, request.body.refresh_token),
  );

  app.post(
    '/auth/verify-email',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Confirm an e-mail address with the link’s token',
        operationId: 'verifyEmail',
        ...common,
        body: verifyEmailBodySchema,
        response: { 200: verifyEmailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { alreadyVerified } = await auth.verifyEmail(deps, request.body.token, request);
      return {
        message: apiText(requestLocale(request), alreadyVerified ? 'emailAlreadyVerified' : 'emailVerified'),
        already_verified: alreadyVerified,
      };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Send a password reset link',
        operationId: 'forgotPassword',
        ...common,
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.forgotPassword(deps, request.body.email, request, reply);
      return { message: apiText(requestLocale(request), 'resetLinkSent') };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Set a new password with the reset link’s token',
        operationId: 'resetPassword',
        ...common,
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(deps, request.body, request);
      return { message: apiText(requestLocale(request), 'passwordWasReset') };
    },
  );
}
