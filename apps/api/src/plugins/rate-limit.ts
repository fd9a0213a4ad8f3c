import type { Redis } from 'ioredis';
import { serviceUnavailable } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';

/**
 * Fixed-window counters for the rate limits of sign-in and password reset (DESIGN.md §5). A small store
 * interface with two implementations: in memory (one process) and Redis (shared by every API node when
 * REDIS_URL is set, so adding nodes does not multiply an attacker's budget).
 */
export interface RateLimitStore {
  /** Adds one to `key` and returns the new count and the milliseconds until the window ends. */
  hit(key: string, windowMs: number): Promise<WindowState>;
  /** The current count without adding to it (0 when the window has ended). */
  peek(key: string): Promise<WindowState>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface WindowState {
  count: number;
  resetInMs: number;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; expiresAt: number }>();

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.expiresAt <= now) {
      // Bounded memory: expired windows are swept whenever the map grows large.
      if (this.#windows.size >= 10_000) this.#sweep(now);
      window = { count: 0, expiresAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.expiresAt - now };
  }

  async peek(key: string): Promise<WindowState> {
    const now = Date.now();
    const window = this.#windows.get(key);
    if (!window || window.expiresAt <= now) return { count: 0, resetInMs: 0 };
    return { count: window.count, resetInMs: window.expiresAt - now };
  }

  async reset(key: string): Promise<void> {
    this.#windows.delete(key);
  }

  async close(): Promise<void> {
    this.#windows.clear();
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (window.expiresAt <= now) this.#windows.delete(key);
  }
}

// INCR and the expiry of a new window in one round trip, atomically: two nodes never both start a window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  readonly #url: string;
  readonly #prefix: string;
  #client: Promise<Redis> | undefined;

  constructor(url: string, prefix = 'centavo:rl:') {
    this.#url = url;
    this.#prefix = prefix;
  }

  /** ioredis is imported on first use, keeping it out of the start-up of servers that never use Redis. */
  #redis(): Promise<Redis> {
    this.#client ??= import('ioredis').then(({ Redis }) => {
      // Fail fast instead of waiting while Redis is away: the limited routes then fail closed with 503 rather
      // than letting sign-in attempts through uncounted.
      const redis = new Redis(this.#url, { maxRetriesPerRequest: 1, commandTimeout: 2000 });
      redis.on('error', () => {});
      return redis;
    });
    return this.#client;
  }

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const result = (await this.#guard(
      this.#redis().then((redis) => redis.eval(HIT_SCRIPT, 1, this.#prefix + key, String(windowMs))),
    )) as [number, number];
    return { count: Number(result[0]), resetInMs: Math.max(0, Number(result[1])) };
  }

  async peek(key: string): Promise<WindowState> {
    const [[, count], [, ttl]] = (await this.#guard(
      this.#redis().then((redis) =>
        redis
          .multi()
          .get(this.#prefix + key)
          .pttl(this.#prefix + key)
          .exec(),
      ),
    )) as [[unknown, string | null], [unknown, number]];
    return { count: count === null ? 0 : Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }

  async reset(key: string): Promise<void> {
    await this.#guard(this.#redis().then((redis) => redis.del(this.#prefix + key)));
  }

  async #guard<T>(command: Promise<T>): Promise<T> {
    try {
      return await command;
    } catch (error) {
      throw serviceUnavailable(error);
    }
  }

  async close(): Promise<void> {
    if (!this.#client) return;
    await (await this.#client).quit().catch(() => undefined);
  }
}

export function createRateLimitStore(redisUrl: string | undefined): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitStore: RateLimitStore;
  }
}

/**
 * One store per app, closed with it (a store passed in belongs to the caller). Limits themselves are declared
 * by the features that use them.
 */
export function registerRateLimit(app: App, store?: RateLimitStore): void {
  const instance = store ?? createRateLimitStore(app.config.redisUrl);
  app.decorate('rateLimitStore', instance);
  if (!store) app.addHook('onClose', async () => instance.close());
}
