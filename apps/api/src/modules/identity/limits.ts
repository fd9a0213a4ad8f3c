import type { FastifyReply } from 'fastify';
import { type AppError, tooManyRequests as rateLimited } from '../../lib/errors.ts';
import type { App } from '../../lib/http.ts';
import { type Limit, RateLimits } from '../../plugins/rate-limit.ts';

const MINUTE = 60_000;

/** Budgets of QUALITY.md ("429 well before 100 failures an hour"). */
export const IDENTITY_LIMITS = {
  /** Failed sign-ins from one IP: at most 80 an hour. */
  loginIp: { max: 20, windowMs: 15 * MINUTE, per: 'ip' },
  /**
   * Failed sign-ins on one account from anywhere, counted per address and password (auth.service.ts): short on
   * purpose, a stranger can only delay the owner's sign-in by 15 minutes, and a password reset (never blocked
   * per account) starts a fresh count.
   */
  loginAccount: { max: 10, windowMs: 15 * MINUTE, per: 'account' },
  forgotIp: { max: 10, windowMs: 60 * MINUTE, per: 'ip' },
  /**
   * Reset e-mails per account. Only the sending is throttled; the answer stays the same 200, and the links
   * already sent stay valid, so a stranger can flood nobody and lock nobody out of resetting.
   */
  forgotAccount: { max: 3, windowMs: 60 * MINUTE, per: 'account' },
  /** Registrations with an address that already has an account, per IP: bounds enumeration by sign-up. */
  registerTakenIp: { max: 10, windowMs: 60 * MINUTE, per: 'ip' },
  /**
   * Wrong second-factor codes and wrong passwords re-entered to change sign-in settings, per account (the
   * user id): like loginAccount, and they count in loginIp too (issue 22).
   */
  mfaAccount: { max: 10, windowMs: 15 * MINUTE, per: 'account' },
  /** Passkey sign-in challenges asked for by one IP (each one is a row until it expires). */
  passkeyIp: { max: 60, windowMs: 15 * MINUTE, per: 'ip' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof IDENTITY_LIMITS;

export function identityLimits(app: App): RateLimits<LimitName> {
  return new RateLimits(app, IDENTITY_LIMITS);
}

/** 429 with Retry-After; the body is the same whatever the address, so it reveals nothing either. */
export function tooManyRequests(reply: FastifyReply, resetInMs: number): AppError {
  reply.header('retry-after', String(Math.ceil(resetInMs / 1000)));
  return rateLimited('tooManyAttempts');
}
