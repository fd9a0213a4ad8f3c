import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MemoryMailer, type TestContext, testConfig } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../lib/http.ts';
import { RATE_LIMIT_PREFIX, RateLimits } from '../../plugins/rate-limit.ts';
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

/**
 * RateLimits over the app's counters, in this process and in Redis: short windows, through test routes (the
 * limiter counts for a request, as the identity routes do).
 */
function limitsContract(name: string, env: Record<string, string>) {
  describe(name, () => {
    // Long enough that a loaded CI machine does not end the window between two calls of one check (400 ms
    // did, once, with the browser tests beside this suite), short enough to wait for its end.
    const WINDOW_MS = 1500;
    let database: TestDatabase;
    let app: App;
    beforeAll(async () => {
      database = await createTestDatabase();
      app = await buildApp(testConfig(env), { database, mailer: new MemoryMailer(), logger: false });
      const limits = new RateLimits(app, {
        perIp: { max: 2, windowMs: WINDOW_MS, per: 'ip' },
        perAccount: { max: 2, windowMs: WINDOW_MS, per: 'account' },
        concurrent: { max: 10, windowMs: 5000, per: 'account' },
      });
      app.post<{
        Params: { op: string; name: 'perIp' | 'perAccount' | 'concurrent' };
        Body: { account?: string };
      }>('/test/:op/:name', async (request) => {
        const { op, name } = request.params;
        const account = request.body?.account;
        return op === 'hit'
          ? limits.hit(name, request, account)
          : { blocked: await limits.blocked(name, request, account) };
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    async function call(op: 'hit' | 'peek', limit: string, ip: string, account?: string) {
      const res = await app.inject({
        method: 'POST',
        url: `/test/${op}/${limit}`,
        payload: account === undefined ? {} : { account },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    }

    for (const limit of ['perIp', 'perAccount'] as const) {
      it(`${limit}: counts in a window, looks without counting, keeps subjects apart, starts afresh`, async () => {
        const ip = randomIp();
        const account = `a-${randomIp()}`;
        // The other subject: another address per IP, another account (from the same address) per account.
        const [otherIp, otherAccount] = limit === 'perIp' ? [randomIp(), account] : [ip, `${account}-2`];
        expect(await call('peek', limit, ip, account)).toEqual({ blocked: null });
        expect(await call('hit', limit, ip, account)).toMatchObject({ allowed: true });
        expect(await call('peek', limit, ip, account)).toEqual({ blocked: null });
        const second = await call('hit', limit, ip, account);
        expect(second.allowed).toBe(true);
        expect(second.resetInMs).toBeGreaterThan(0);
        expect(second.resetInMs).toBeLessThanOrEqual(WINDOW_MS);
        expect((await call('peek', limit, ip, account)).blocked).toBeGreaterThan(0);
        expect((await call('peek', limit, ip, account)).blocked).toBeGreaterThan(0);
        expect(await call('hit', limit, ip, account)).toMatchObject({ allowed: false });
        expect(await call('peek', limit, otherIp, otherAccount)).toEqual({ blocked: null });
        // The window ends: polled, at most 5 s.
        const until = Date.now() + 5000;
        while ((await call('peek', limit, ip, account)).blocked !== null) {
          expect(Date.now()).toBeLessThan(until);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await call('hit', limit, ip, account)).toMatchObject({ allowed: true });
      });
    }

    it('counts an IPv6 client by its /64, as @fastify/rate-limit does', async () => {
      const prefix = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
      expect(await call('hit', 'perIp', `${prefix}::1`)).toMatchObject({ allowed: true });
      expect(await call('hit', 'perIp', `${prefix}:ffff::2`)).toMatchObject({ allowed: true });
      expect((await call('peek', 'perIp', `${prefix}:1:2:3:4`)).blocked).toBeGreaterThan(0);
      expect(await call('peek', 'perIp', `2001:db8:ffff:${randomInt(65536).toString(16)}::1`)).toEqual({
        blocked: null,
      });
    });

    it('counts concurrent events exactly', async () => {
      const account = `c-${randomIp()}`;
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => call('hit', 'concurrent', randomIp(), account)),
      );
      expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    });
  });
}

const redisUrl = process.env.TEST_REDIS_URL;
limitsContract('rate limits in memory', {});
if (redisUrl) {
  limitsContract(`rate limits in Redis (${redisUrl})`, { REDIS_URL: redisUrl });
} else {
  console.warn('TEST_REDIS_URL is not set: the Redis rate-limit tests (counters, two nodes) are skipped');
}

describe.skipIf(!redisUrl)('two API nodes share the counters through Redis (REDIS_URL)', () => {
  let database: TestDatabase;
  let nodes: App[];
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ REDIS_URL: redisUrl ?? '' });
    nodes = [];
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp(config, { database, mailer: new MemoryMailer(), logger: false });
      await app.ready();
      nodes.push(app);
    }
  });
  afterAll(async () => {
    for (const app of nodes) await app.close();
    await database.destroy();
  });

  it('failures on one node count on the other', async () => {
    const [a, b] = nodes as [App, App];
    const ip = randomIp();
    const max = IDENTITY_LIMITS.loginIp.max;
    const wrongLogin = (node: App) =>
      node.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail('n'), password: 'wrong password' },
        remoteAddress: ip,
      });
    for (let i = 0; i < max; i += 1) {
      expect((await wrongLogin(i % 2 === 0 ? a : b)).statusCode).toBe(422);
    }
    for (const node of [a, b]) expect((await wrongLogin(node)).statusCode).toBe(429);
  });

  it('names its Redis counters centavo:rl:<limit>:<subject> (no "undefinedundefined" route part)', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl ?? '');
    try {
      const ip = randomIp();
      await (nodes[0] as App).inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail('k'), password: 'wrong password' },
        remoteAddress: ip,
      });
      // Only this test's address: the Redis may hold other runs' counters.
      const keys = await redis.keys(`*${ip}*`);
      expect(keys).toContain(`${RATE_LIMIT_PREFIX}loginIp:${ip}`);
      expect(keys.filter((k) => k.includes('undefined'))).toEqual([]);
    } finally {
      redis.disconnect();
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
