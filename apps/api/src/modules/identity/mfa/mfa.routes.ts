import {
  errorBodySchema,
  login2faBodySchema,
  mfaChangeBodySchema,
  recoveryCodesResponseSchema,
  tokenResponseSchema,
  totpConfirmBodySchema,
  totpSetupBodySchema,
  totpSetupResponseSchema,
  twoFactorStatusSchema,
} from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../../lib/http.ts';
import type { IdentityDeps } from '../identity.deps.ts';
import { completeSecondFactor } from '../sign-in.ts';
import * as mfa from './mfa.service.ts';

const errors = { 401: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

/** POST /auth/login/2fa (DESIGN.md §5): public, the mfa token is the credential. */
export async function mfaSignInRoutes(app: App, deps: IdentityDeps): Promise<void> {
  app.post(
    '/auth/login/2fa',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Second step of a sign-in with 2FA: the code or a recovery code',
        operationId: 'loginSecondFactor',
        tags: ['auth'],
        security: [],
        body: login2faBodySchema,
        response: { 200: tokenResponseSchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => completeSecondFactor(deps, request.body, request, reply),
  );
}

/** The signed-in user's two-factor settings (DESIGN.md §5). */
export async function mfaRoutes(app: App, deps: IdentityDeps): Promise<void> {
  const tags = ['two-factor'];
  app.get(
    '/user/2fa',
    {
      schema: {
        summary: 'Whether 2FA is on, recovery codes left, whether the account has a password',
        operationId: 'getTwoFactorStatus',
        tags,
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => mfa.twoFactorStatus(deps, request.user.id),
  );

  app.post(
    '/user/2fa/totp',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Start setting up an authenticator app (asks for the password again)',
        operationId: 'startTotpSetup',
        tags,
        body: totpSetupBodySchema,
        response: { 200: totpSetupResponseSchema, ...errors },
      },
    },
    async (request, reply) => mfa.startTotpSetup(deps, request, reply, request.body.password),
  );

  app.post(
    '/user/2fa/totp/confirm',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Confirm the set-up with a code: 2FA is on; the recovery codes, shown once',
        operationId: 'confirmTotpSetup',
        tags,
        body: totpConfirmBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request, reply) => mfa.confirmTotp(deps, request, reply, request.body.code),
  );

  app.delete(
    '/user/2fa',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Turn 2FA off (password and a code)',
        operationId: 'disableTwoFactor',
        tags,
        body: mfaChangeBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await mfa.disableTwoFactor(deps, request, reply, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/2fa/recovery-codes',
    {
      config: { access: 'open' },
      schema: {
        summary: 'A new set of recovery codes (the old ones stop working)',
        operationId: 'regenerateRecoveryCodes',
        tags,
        body: mfaChangeBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request, reply) => mfa.regenerateRecoveryCodes(deps, request, reply, request.body),
  );
}
