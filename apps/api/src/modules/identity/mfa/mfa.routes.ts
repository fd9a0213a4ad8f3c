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
import type { App } from '../../../lib/http.ts';
import { ownAccountRoutes } from '../../../lib/routes.ts';
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
  const own = ownAccountRoutes(['two-factor'], errors);
  app.get(
    '/user/2fa',
    own.read(
      {
        summary: 'Whether 2FA is on, recovery codes left, whether the account has a password',
        operationId: 'getTwoFactorStatus',
      },
      twoFactorStatusSchema,
    ),
    async (request) => mfa.twoFactorStatus(deps, request.user.id),
  );

  app.post(
    '/user/2fa/totp',
    own.change(
      {
        summary: 'Start setting up an authenticator app (asks for the password again)',
        operationId: 'startTotpSetup',
        body: totpSetupBodySchema,
      },
      totpSetupResponseSchema,
    ),
    async (request, reply) => mfa.startTotpSetup(deps, request, reply, request.body.password),
  );

  app.post(
    '/user/2fa/totp/confirm',
    own.change(
      {
        summary: 'Confirm the set-up with a code: 2FA is on; the recovery codes, shown once',
        operationId: 'confirmTotpSetup',
        body: totpConfirmBodySchema,
      },
      recoveryCodesResponseSchema,
    ),
    async (request, reply) => mfa.confirmTotp(deps, request, reply, request.body.code),
  );

  app.delete(
    '/user/2fa',
    own.remove({
      summary: 'Turn 2FA off (password and a code)',
      operationId: 'disableTwoFactor',
      body: mfaChangeBodySchema,
    }),
    async (request, reply) => {
      await mfa.disableTwoFactor(deps, request, reply, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/2fa/recovery-codes',
    own.change(
      {
        summary: 'A new set of recovery codes (the old ones stop working)',
        operationId: 'regenerateRecoveryCodes',
        body: mfaChangeBodySchema,
      },
      recoveryCodesResponseSchema,
    ),
    async (request, reply) => mfa.regenerateRecoveryCodes(deps, request, reply, request.body),
  );
}
