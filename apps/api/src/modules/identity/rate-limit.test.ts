import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MemoryMailer, type TestContext, testConfig } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../lib/http.ts';
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from '../../plugins/rate-limit.ts';
import { api, registerUser, tokenFromLink, uniqueEmail } from './identity.test-helpers.ts';
import { IDENTITY_LIMITS } from './limits.ts';

/** A fresh client address per use: counters (also in a shared Redis) never leak between tests or runs. */
function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

const forged = () => ({
  'x-forwarded-for': randomIp(),
  'x-real-ip': randomIp(),
  forwarded: `for=${randomIp()}`,
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('login limits', () => {
  it('per IP: 429 after the budget of failures, even for right credentials; forged X-Forwarded-For changes nothing', async () => {
    const ip = randomIp();
    const user = await registerUser(ctx);
    const max = IDENTITY_LIMITS.loginIp.max;
    expect(max).toBeLessThan(100 / 4); // a 15-minute window: well under 100 failures an hour
    for (let i = 0; i < max; i += 1) {
      const res = await api(ctx, 'POST', '/auth/login', {
        payload: { email: uniqueEmail('probe'), password: 'wrong password' },
        remoteAddress: ip,
        headers: forged(),
      });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: user.password },
      remoteAddress: ip,
      headers: forged(),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: expect.any(String),
      code: 'RATE_LIMITED',
      key: 'tooManyAttempts',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same user from another address signs in: the IP was limited, not the account.
    const elsewhere = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: user.password },
      remoteAddress: randomIp(),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('per account: 429 after its failures from any IP, the same for unknown addresses; short; a reset clears it', async () => {
    const user = await registerUser(ctx);
    const unknown = uniqueEmail('ghost');
    const max = IDENTITY_LIMITS.loginAccount.max;
    expect(IDENTITY_LIMITS.loginAccount.windowMs).toBeLessThanOrEqual(15 * 60_000);
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < max; i += 1) {
        const res = await api(ctx, 'POST', '/auth/login', {
          payload: { email, password: 'wrong password' },
          remoteAddress: randomIp(),
        });
        expect(res.statusCode).toBe(422);
      }
    }
    const known = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email.toUpperCase(), password: user.password },
      remoteAddress: randomIp(),
    });
    const ghost = await api(ctx, 'POST', '/auth/login', {
      payload: { email: unknown, password: 'whatever it is' },
      remoteAddress: randomIp(),
    });
    expect(known.statusCode).toBe(429);
    expect(ghost.statusCode).toBe(429);
    expect(ghost.json()).toEqual(known.json());

    // The owner is never locked out of the reset, and a completed reset lets them sign in at once.
    const forgot = await api(ctx, 'POST', '/auth/forgot-password', {
      payload: { email: user.email },
      remoteAddress: randomIp(),
    });
    expect(forgot.statusCode).toBe(200);
    const token = tokenFromLink(ctx.mailer.last(user.email)?.link);
    const password = 'owner is back 123';
    await api(ctx, 'POST', '/auth/reset-password', {
      payload: { token, password, password_confirmation: password },
    });
    const back = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password },
      remoteAddress: randomIp(),
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('forgot-password limits', () => {
  it('per IP: 429 after the budget; forged headers change nothing; other IPs unaffected', async () => {
    const ip = randomIp();
    for (let i = 0; i < IDENTITY_LIMITS.forgotIp.max; i += 1) {
      const res = await api(ctx, 'POST', '/auth/forgot-password', {
        payload: { email: uniqueEmail('f') },
        remoteAddress: ip,
        headers: forged(),
      });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await api(ctx, 'POST', '/auth/forgot-password', {
      payload: { email: uniqueEmail('f') },
      remoteAddress: ip,
      headers: forged(),
    });
    expect(blocked.statusCode).toBe(429);
    const other = await api(ctx, 'POST', '/auth/forgot-password', {
      payload: { email: uniqueEmail('f') },
      remoteAddress: randomIp(),
    });
    expect(other.statusCode).toBe(200);
  });

  it('per account: only the mails are throttled; the answer never changes and sent links stay valid', async () => {
    const user = await registerUser(ctx);
    const before = ctx.mailer.sent.length;
    const answers = new Set<string>();
    for (let i = 0; i < IDENTITY_LIMITS.forgotAccount.max + 4; i += 1) {
      const res = await api(ctx, 'POST', '/auth/forgot-password', {
        payload: { email: user.email },
        remoteAddress: randomIp(),
      });
      answers.add(`${res.statusCode} ${res.body}`);
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^200 /);
    const mails = ctx.mailer.sent.slice(before).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(IDENTITY_LIMITS.forgotAccount.max);
    // The stranger's flood did not spoil the owner's mail: the first link still works.
    const token = tokenFromLink(mails[0]?.link);
    const reset = await api(ctx, 'POST', '/auth/reset-password', {
      payload: { token, password: 'mine again 1234', password_confirmation: 'mine again 1234' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('registration with a taken address', () => {
  it('is limited per IP', async () => {
    const user = await registerUser(ctx);
    const ip = randomIp();
    const payload = {
      name: 'X',
      email: user.email,
      password: 'password 1234',
      password_confirmation: 'password 1234',
    };
    for (let i = 0; i < IDENTITY_LIMITS.registerTakenIp.max; i += 1) {
      expect(
        (await api(ctx, 'POST', '/auth/register', { payload, remoteAddress: ip, headers: forged() }))
          .statusCode,
      ).toBe(422);
    }
    expect(
      (await api(ctx, 'POST', '/auth/register', { payload, remoteAddress: ip, headers: forged() }))
        .statusCode,
    ).toBe(429);
  });
});

/** The contract every store keeps; run against memory and against Redis. */
function storeContract(name: string, make: () => RateLimitStore) {
  describe(name, () => {
    let store: RateLimitStore;
    beforeAll(() => {
      store = make();
    });
    afterAll(async () => store.close());

    it('counts hits per key in a window, peeks without counting, resets, and expires', async () => {
      const key = `test:${randomIp()}:${Date.now()}`;
      expect((await store.peek(key)).count).toBe(0);
      expect((await store.hit(key, 400)).count).toBe(1);
      const second = await store.hit(key, 400);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(0);
      expect(second.resetInMs).toBeLessThanOrEqual(400);
      expect((await store.peek(key)).count).toBe(2);
      expect((await store.hit(`${key}:other`, 400)).count).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect((await store.peek(key)).count).toBe(0);
      expect((await store.hit(key, 400)).count).toBe(1);
      await store.reset(key);
      expect((await store.peek(key)).count).toBe(0);
    });

    it('counts concurrent hits exactly', async () => {
      const key = `test:concurrent:${randomIp()}:${Date.now()}`;
      const counts = await Promise.all(Array.from({ length: 25 }, () => store.hit(key, 5000)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
    });
  });
}

const redisUrl = process.env.TEST_REDIS_URL;
storeContract('memory store', () => new MemoryRateLimitStore());
if (!redisUrl) {
  console.warn(
    'TEST_REDIS_URL is not set: the shared-store tests run against the in-memory store instead of Redis',
  );
}
storeContract(
  redisUrl ? `redis store (${redisUrl})` : 'shared store (in memory: TEST_REDIS_URL not set)',
  () =>
    redisUrl ? new RedisRateLimitStore(redisUrl, `centavo-test:${process.pid}:`) : new MemoryRateLimitStore(),
);

describe(`two API nodes share the counters (${redisUrl ? 'Redis via REDIS_URL' : 'one in-memory store'})`, () => {
  let database: TestDatabase;
  let nodes: App[];
  let shared: RateLimitStore | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    shared = redisUrl ? undefined : new MemoryRateLimitStore();
    const config = testConfig(redisUrl ? { REDIS_URL: redisUrl } : {});
    nodes = [];
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp(config, {
        database,
        mailer: new MemoryMailer(),
        logger: false,
        ...(shared ? { rateLimitStore: shared } : {}),
      });
      await app.ready();
      nodes.push(app);
    }
  });
  afterAll(async () => {
    for (const app of nodes) await app.close();
    await shared?.close();
    await database.destroy();
  });

  it('failures on one node count on the other', async () => {
    const [a, b] = nodes as [App, App];
    if (redisUrl) expect(a.rateLimitStore).toBeInstanceOf(RedisRateLimitStore);
    const ip = randomIp();
    const max = IDENTITY_LIMITS.loginIp.max;
    for (let i = 0; i < max; i += 1) {
      const node = i % 2 === 0 ? a : b;
      const res = await node.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail('n'), password: 'wrong password' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(422);
    }
    for (const node of [a, b]) {
      const res = await node.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail('n'), password: 'wrong password' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(429);
    }
  });
});

describe('Redis away', () => {
  it('the limited routes fail closed with 503, never 500 and never uncounted', async () => {
    const database = await createTestDatabase();
    // Port 1: nothing listens, so every command fails.
    const app = await buildApp(testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }), {
      database,
      mailer: new MemoryMailer(),
      logger: false,
    });
    try {
      await app.ready();
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail('r'), password: 'whatever password' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual({
        message: expect.any(String),
        code: 'SERVICE_UNAVAILABLE',
        key: 'serviceUnavailable',
      });
      const forgot = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: uniqueEmail('r') },
      });
      expect(forgot.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
