import type { FastifyReply } from 'fastify';
import { type AppError, tooManyRequests as rateLimited } from '../../lib/errors.ts';
import type { RateLimitStore } from '../../plugins/rate-limit.ts';
import { sha256 } from './secrets.ts';

const MINUTE = 60_000;

/**
 * Budgets of QUALITY.md ("429 well before 100 failures an hour"). Per IP uses request.ip, which is the
 * socket address unless TRUST_PROXY names a proxy, so a forged X-Forwarded-For changes nothing.
 */
export const IDENTITY_LIMITS = {
  /** Failed sign-ins from one IP: at most 80 an hour. */
  loginIp: { max: 20, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins on one account from anywhere. Short on purpose: a stranger can only delay the owner's
   * sign-in by 15 minutes, and a password reset (never blocked per account) clears it.
   */
  loginAccount: { max: 10, windowMs: 15 * MINUTE },
  forgotIp: { max: 10, windowMs: 60 * MINUTE },
  /**
   * Reset e-mails per account. Only the sending is throttled; the answer stays the same 200, and the links
   * already sent stay valid, so a stranger can flood nobody and lock nobody out of resetting.
   */
  forgotAccount: { max: 3, windowMs: 60 * MINUTE },
  /** Registrations with an address that already has an account, per IP: bounds enumeration by sign-up. */
  registerTakenIp: { max: 10, windowMs: 60 * MINUTE },
} as const;

export type LimitName = keyof typeof IDENTITY_LIMITS;

function key(name: LimitName, subject: string): string {
  // Addresses are hashed: the shared store (Redis) holds no personal data.
  return `${name}:${name.endsWith('Account') ? sha256(subject) : subject}`;
}

export class IdentityLimiter {
  readonly #store: RateLimitStore;

  constructor(store: RateLimitStore) {
    this.#store = store;
  }

  /** Milliseconds until the limit frees up when it is exhausted, else null. */
  async blocked(name: LimitName, subject: string): Promise<number | null> {
    const state = await this.#store.peek(key(name, subject));
    return state.count >= IDENTITY_LIMITS[name].max ? Math.max(state.resetInMs, 1000) : null;
  }

  /** Counts one event; returns whether it was still within the budget. */
  async hit(name: LimitName, subject: string): Promise<{ allowed: boolean; resetInMs: number }> {
    const limit = IDENTITY_LIMITS[name];
    const state = await this.#store.hit(key(name, subject), limit.windowMs);
    return { allowed: state.count <= limit.max, resetInMs: state.resetInMs };
  }

  async clear(name: LimitName, subject: string): Promise<void> {
    await this.#store.reset(key(name, subject));
  }
}

/** 429 with Retry-After; the body is the same whatever the address, so it reveals nothing either. */
export function tooManyRequests(reply: FastifyReply, resetInMs: number): AppError {
  reply.header('retry-after', String(Math.ceil(resetInMs / 1000)));
  return rateLimited('tooManyAttempts');
}
