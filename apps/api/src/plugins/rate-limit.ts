import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor, normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { serviceUnavailable } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';

/**
 * @fastify/rate-limit without a global limit: features count what they choose with `RateLimits` below. The
 * counters live in Redis when REDIS_URL is set (shared by every API node, so adding nodes does not multiply an
 * attacker's budget), else in this process.
 */
export async function registerRateLimit(app: App): Promise<void> {
  // Fail fast while Redis is away: the limited routes then answer 503 rather than let attempts through
  // uncounted. Each failed command is reported by the request that needed it, so the client's own error
  // events (one per reconnection attempt) are not logged again.
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 2000 })
    : undefined;
  if (redis) {
    redis.on('error', () => {});
    app.addHook('onClose', async () => redis.disconnect());
  }
  await app.register(rateLimit, { global: false, ...(redis ? { store: namedRedisStore(redis) } : {}) });
}

export const RATE_LIMIT_PREFIX = 'centavo:rl:';

interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string; url?: string };
}
type RedisStoreClass = new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => { key: string; child?(options: StoreOptions): unknown };

/**
 * @fastify/rate-limit's Redis store names a counter made by `createRateLimit` after a route it does not have
 * (`centavo:rl:undefinedundefined-login:…`): its child store adds `${method}${url}-` from an empty routeInfo.
 * This store is the library's own, with that part left out when there is no route: the counters are
 * `centavo:rl:<limit>:<subject>` (our key generators already name the limit).
 */
function namedRedisStore(redis: Redis) {
  const RedisStore = createRequire(import.meta.url)(
    '@fastify/rate-limit/store/RedisStore.js',
  ) as RedisStoreClass;
  const make = (options: StoreOptions, key: string) => {
    const store = new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, key);
    store.child = (child: StoreOptions) => {
      const route = child.routeInfo?.method ? `${child.routeInfo.method}${child.routeInfo.url ?? ''}-` : '';
      return make(child, `${key}${route}`);
    };
    return store;
  };
  return function NamedRedisStore(options: StoreOptions) {
    return make(options, RATE_LIMIT_PREFIX);
  } as unknown as FastifyRateLimitStoreCtor;
}

export interface Limit {
  max: number;
  windowMs: number;
  /** What is counted: the client's address, or an account the caller names (kept only as a hash). */
  per: 'ip' | 'account';
}

type Check = ReturnType<App['createRateLimit']>;

/**
 * Budgets of events a feature counts itself (failed sign-ins, reset e-mails), over @fastify/rate-limit's
 * `createRateLimit`: `blocked` looks without counting, `hit` counts one. Per IP means `request.ip`: the socket
 * address unless TRUST_PROXY names a proxy, so a forged X-Forwarded-For changes nothing; an IPv6 client
 * counts by its /64, as the library does. A counter that cannot be read (Redis away) is a 503: fail closed.
 */
export class RateLimits<Name extends string> {
  readonly #checks = new Map<Name, { check: Check; per: Limit['per'] }>();
  /** createRateLimit keys a count by the request alone: the account a count is for is kept beside it here. */
  readonly #accounts = new WeakMap<FastifyRequest, string>();

  constructor(app: App, limits: Record<Name, Limit>) {
    for (const [name, limit] of Object.entries<Limit>(limits)) {
      const subject =
        limit.per === 'ip'
          ? (request: FastifyRequest) => normalizeIP(request.ip)
          : (request: FastifyRequest) => sha256(this.#accounts.get(request) ?? '');
      const check = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (request) => `${name}:${subject(request)}`,
      });
      this.#checks.set(name as Name, { check, per: limit.per });
    }
  }

  /** Milliseconds until the budget frees up when it is spent, else null. */
  async blocked(name: Name, request: FastifyRequest, account?: string): Promise<number | null> {
    const state = await this.#count(name, request, account, false);
    return state.remaining === 0 ? Math.max(state.resetInMs, 1000) : null;
  }

  /** Counts one event; whether it was still within the budget. */
  async hit(
    name: Name,
    request: FastifyRequest,
    account?: string,
  ): Promise<{ allowed: boolean; resetInMs: number }> {
    const state = await this.#count(name, request, account, true);
    return { allowed: !state.exceeded, resetInMs: state.resetInMs };
  }

  async #count(name: Name, request: FastifyRequest, account: string | undefined, increment: boolean) {
    const limit = this.#checks.get(name);
    if (!limit) throw new Error(`no rate limit named ${name}`);
    if (limit.per === 'account') {
      if (account === undefined) throw new Error(`rate limit ${name} counts per account: name the account`);
      this.#accounts.set(request, account);
    }
    let state: Awaited<ReturnType<Check>>;
    try {
      state = await limit.check(request, { increment });
    } catch (error) {
      throw serviceUnavailable(error);
    }
    // isAllowed is createRateLimit's allow-list, which these limits do not use.
    if (state.isAllowed) return { remaining: Number.POSITIVE_INFINITY, exceeded: false, resetInMs: 0 };
    return { remaining: state.remaining, exceeded: state.isExceeded, resetInMs: state.ttl };
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
