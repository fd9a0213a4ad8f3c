import type { Login2faBody, SignInResponse, SocialProvider, TokenResponse } from '@centavo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validationError } from '../../lib/errors.ts';
import { recordAccountLog } from './account-logs.ts';
import { issueTokens } from './auth.service.ts';
import { challengeData, insertChallenge } from './challenges.repository.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { countUnusedRecoveryCodes, isTotpEnabled } from './mfa/mfa.repository.ts';
import { verifySecondFactor } from './mfa/second-factor.ts';
import { assertNotBlocked, countFailure } from './reauth.ts';
import { consume, findUsable } from './single-use.repository.ts';
import { findUserById, type UserRow } from './users.repository.ts';

/** How the first step of a sign-in was made; logged with it. */
export type SignInMethod = 'password' | SocialProvider | 'passkey';

const MFA_TOKEN_TTL_MS = 5 * 60_000;

function mfaTokenInvalid() {
  return validationError({ mfa_token: 'mfaTokenInvalid' }, 'mfaTokenInvalid');
}

/**
 * The end of every sign-in's first step (password, provider, passkey). With 2FA on, a password or provider
 * sign-in answers `{mfa_required, mfa_token}` (single use, 5 minutes) instead of tokens: no path around the
 * second factor. A passkey is two factors in itself (the device and its unlock), so it signs in at once.
 */
export async function signIn(
  deps: IdentityDeps,
  user: Pick<UserRow, 'id' | 'stripe_customer_id'>,
  request: FastifyRequest,
  method: SignInMethod,
): Promise<SignInResponse> {
  if (method !== 'passkey' && (await isTotpEnabled(deps.db, user.id))) {
    const challenge = { userId: user.id, kind: 'mfa', ttlMs: MFA_TOKEN_TTL_MS, data: { method } } as const;
    return { mfa_required: true, mfa_token: await insertChallenge(deps.db, challenge) };
  }
  return deps.db.transaction().execute(async (trx) => {
    // A password sign-in's line stays as it always was; the others say how.
    await recordAccountLog(trx, user.id, 'login', request, method === 'password' ? undefined : { method });
    return issueTokens(deps, trx, user);
  });
}

/**
 * POST /auth/login/2fa: the mfa token and a code (or a recovery code). Wrong codes count like wrong passwords
 * (per IP and per account, limits.ts) and are logged on the account; the token stays usable until it expires,
 * so a mistyped code can be corrected, and is spent by the sign-in it completes.
 */
export async function completeSecondFactor(
  deps: IdentityDeps,
  body: Login2faBody,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TokenResponse> {
  const pending = await findUsable(deps.db, 'auth_challenges', { kind: 'mfa', token: body.mfa_token });
  if (!pending || pending.user_id === null) {
    await deps.limiter.hit('loginIp', request);
    throw mfaTokenInvalid();
  }
  const userId = pending.user_id;
  const method = String(challengeData(pending).method ?? 'password');
  await assertNotBlocked(deps, request, reply, userId);
  const factor = await verifySecondFactor(deps, userId, body);
  if (!factor) {
    await countFailure(deps, request, userId);
    await recordAccountLog(deps.db, userId, 'mfa_failed', request, {
      ...(method === 'password' ? {} : { method }),
      kind: body.recovery_code === undefined ? 'totp' : 'recovery_code',
    });
    throw validationError({
      [body.recovery_code === undefined ? 'code' : 'recovery_code']: 'totpCodeInvalid',
    });
  }
  const tokens = await deps.db.transaction().execute(async (trx) => {
    const spent = await consume(trx, 'auth_challenges', { kind: 'mfa', token: body.mfa_token });
    const user = spent ? await findUserById(trx, userId) : undefined;
    if (!user) return undefined;
    if (factor === 'recovery_code') {
      const remaining = await countUnusedRecoveryCodes(trx, userId);
      await recordAccountLog(trx, userId, 'recovery_code_used', request, { remaining });
    }
    await recordAccountLog(trx, userId, 'login', request, {
      ...(method === 'password' ? {} : { method }),
      second_factor: factor,
    });
    return issueTokens(deps, trx, user);
  });
  if (!tokens) throw mfaTokenInvalid();
  return tokens;
}
