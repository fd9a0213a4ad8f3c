import type { FastifyReply, FastifyRequest } from 'fastify';
import { validationError } from '../../lib/errors.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { tooManyRequests } from './limits.ts';
import { hasPassword, verifyPassword } from './passwords.ts';
import type { UserRow } from './users.repository.ts';

/** DESIGN.md §5: an account without a password proves itself by a sign-in within the last 10 minutes. */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

/** The per-account budget of wrong codes and re-entered passwords (limits.ts `mfaAccount`). */
export function mfaAccountKey(userId: number): string {
  return `mfa:${userId}`;
}

export async function assertNotBlocked(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  const wait =
    (await deps.limiter.blocked('loginIp', request)) ??
    (await deps.limiter.blocked('mfaAccount', request, mfaAccountKey(userId)));
  if (wait !== null) throw tooManyRequests(reply, wait);
}

export async function countFailure(deps: IdentityDeps, request: FastifyRequest, userId: number) {
  await deps.limiter.hit('loginIp', request);
  await deps.limiter.hit('mfaAccount', request, mfaAccountKey(userId));
}

/**
 * Asks again who is there before a sign-in setting changes (2FA, a new provider or passkey): the password, or
 * for an account without one, a sign-in of this session within the last 10 minutes. A stolen access token
 * alone cannot add a way into the account.
 */
export async function confirmIdentity(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  password: string | undefined,
): Promise<void> {
  if (!hasPassword(user)) {
    const authTime = request.user.authTime;
    const recent = authTime !== null && Date.now() / 1000 - authTime <= RECENT_SIGN_IN_SECONDS;
    if (!recent) throw validationError({ password: 'recentSignInRequired' }, 'recentSignInRequired');
    return;
  }
  if (password === undefined) throw validationError({ password: 'isRequired' });
  await assertNotBlocked(deps, request, reply, user.id);
  if (!(await verifyPassword(user.password_hash, password))) {
    await countFailure(deps, request, user.id);
    throw validationError({ password: 'passwordIncorrect' });
  }
}
