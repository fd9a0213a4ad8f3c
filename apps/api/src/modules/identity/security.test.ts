import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MemoryMailer, type TestContext, testConfig } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { buildApp, loggerOptions } from '../../app.ts';
import { AccessTokens } from '../../lib/jwt.ts';
import { api, registerUser } from './identity.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

/**
 * Routes anyone may call. Everything else under /api must answer 401 without a valid access token. A new
 * public route fails the sweep until it is added here, on purpose: that is the review of making it public.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/v1/health',
  'GET /api/v1/config',
  'GET /api/v1/language',
  'GET /api/v1/currency',
  'GET /api/v1/country',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/refresh',
  'POST /api/v1/auth/verify-email',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  // Sign-in methods (issue 22): the provider list, the browser's trips to and from the provider, the
  // one-time code, the second step (the mfa token is the credential) and passkey sign-in.
  'GET /api/v1/auth/providers',
  'GET /api/v1/auth/oidc/:provider/start',
  'GET /api/v1/auth/oidc/:provider/callback',
  'POST /api/v1/auth/oidc/:provider/callback',
  'POST /api/v1/auth/social/exchange',
  'POST /api/v1/auth/login/2fa',
  'POST /api/v1/auth/passkey/options',
  'POST /api/v1/auth/passkey',
  // Billing (#12): the landing page shows the prices; Stripe authenticates its webhook by signature.
  'GET /api/v1/stripe/prices',
  'POST /api/v1/stripe/webhook',
]);

function isPublic(method: string, url: string): boolean {
  // Not the API: the web app's files and SPA fallback, and the OpenAPI document with its UI.
  if (!url.startsWith('/api/') || url === '/api/docs' || url.startsWith('/api/docs/')) return true;
  const getEquivalent = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_ROUTES.has(`${getEquivalent} ${url}`);
}

/** A concrete URL for a route pattern: every path parameter becomes 1 (wildcards "x"). */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, '1').replace(/\*/g, 'x');
}

describe('unauthenticated sweep', () => {
  it('every route outside the public allow-list answers 401 without, or with a bad, token', async () => {
    const routes = ctx.app.routeTable.filter((r) => r.method !== 'OPTIONS');
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    // The table is real (not vacuously empty) and holds the identity routes.
    for (const expected of [
      'GET /api/v1/user/me',
      'DELETE /api/v1/user',
      'GET /api/v1/account-logs',
      ...PUBLIC_ROUTES,
    ]) {
      expect(urls).toContain(expected);
    }
    const protectedRoutes = routes.filter((r) => !isPublic(r.method, r.url));
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(9);
    const failures: string[] = [];
    for (const route of protectedRoutes) {
      const hasBody = !['GET', 'HEAD'].includes(route.method);
      for (const authorization of [undefined, 'Bearer not-a-jwt', 'Basic dXNlcjpwYXNz', 'Bearer ']) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: authorization ? { authorization } : {},
          ...(hasBody ? { payload: {} } : {}),
        });
        if (res.statusCode !== 401)
          failures.push(`${route.method} ${route.url} [${authorization}] → ${res.statusCode}`);
        else if (route.method !== 'HEAD') expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('forged and misused access tokens', () => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  async function status(token: string): Promise<number> {
    return (await api(ctx, 'GET', '/user/me', { headers: { authorization: `Bearer ${token}` } })).statusCode;
  }

  it('accepts a genuine token (control), with the scheme in any case (RFC 9110: bearer, BEARER)', async () => {
    const user = await registerUser(ctx);
    expect(await status(user.tokens.access_token)).toBe(200);
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const headers = { authorization: `${scheme} ${user.tokens.access_token}` };
      expect((await api(ctx, 'GET', '/user/me', { headers })).statusCode, scheme).toBe(200);
    }
  });

  it('rejects alg none, tampered signatures and payloads, other keys and algorithms, expired tokens', async () => {
    const user = await registerUser(ctx);
    const victim = await registerUser(ctx);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const claims = { sub: String(user.id), typ: 'access', iss: 'centavo', iat: exp - 600, exp };
    const [header, payload, signature] = user.tokens.access_token.split('.') as [string, string, string];

    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const middle = Math.floor(signature.length / 2);
    const flipped = signature[middle] === 'A' ? 'B' : 'A';
    const tamperedSignature = `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
    const tamperedPayload = `${header}.${b64({ ...claims, sub: String(victim.id) })}.${signature}`;
    const otherKey = new AccessTokens('another-secret-another-secret-another-secret').sign(user.id);
    const secret = new TextEncoder().encode(ctx.config.jwtSecret);
    const hs512 = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(user.id))
      .setIssuer('centavo')
      .setExpirationTime(exp)
      .sign(secret);
    const notAccess = await new SignJWT({ typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('centavo')
      .setExpirationTime(exp)
      .sign(secret);
    const expired = ctx.app.accessTokens.sign(user.id, -60);

    const forged = { none, tamperedSignature, tamperedPayload, otherKey, hs512, notAccess, expired };
    for (const [name, token] of Object.entries(forged)) expect(await status(token), name).toBe(401);
  });

  it('a refresh token is not an access token', async () => {
    const user = await registerUser(ctx);
    expect(await status(user.tokens.refresh_token)).toBe(401);
  });
});

describe('security headers on identity responses', () => {
  it('CSP, nosniff, referrer policy and no-store', async () => {
    const user = await registerUser(ctx);
    for (const res of [
      await api(ctx, 'POST', '/auth/login', { payload: { email: user.email, password: user.password } }),
      await api(ctx, 'GET', '/user/me', { headers: user.auth }),
      await api(ctx, 'GET', '/user/me'),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
  "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
  "frame-ancestors 'none'";
/** Every response carries helmet's set with our CSP (plugins/security.ts); HSTS because APP_URL is https. */
const HEADERS = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('the full security header set', () => {
  it('is on every document: the docs UI and its files, pages outside /api', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json', '/no-such-page']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers, url).toMatchObject(HEADERS);
      if (url.startsWith('/api/')) expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it("is on the API's JSON answers, never cached: success, 401, 404, 422", async () => {
    const user = await registerUser(ctx);
    const responses = {
      'GET /user/me': await api(ctx, 'GET', '/user/me', { headers: user.auth }),
      'GET /user/me without token': await api(ctx, 'GET', '/user/me'),
      'unknown route': await ctx.app.inject({ url: '/api/v1/no-such-route' }),
      'invalid body': await api(ctx, 'POST', '/auth/login', { payload: { email: 1 } }),
      health: await ctx.app.inject({ url: '/api/v1/health' }),
    };
    for (const [name, res] of Object.entries(responses)) {
      expect(res.headers['content-type'], name).toContain('application/json');
      expect(res.headers, name).toMatchObject({ ...HEADERS, 'cache-control': 'no-store' });
    }
  });

  it('leaves HSTS out when the app is not served over https', async () => {
    const plain = await createTestApp({ APP_URL: 'http://localhost:3000' });
    try {
      const res = await plain.app.inject({ url: '/api/v1/health' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await plain.close();
    }
  });
});

describe('schema: user data cascades from users', () => {
  it('every table with a user_id column references users(id) ON DELETE CASCADE', async () => {
    const tables = (await ctx.database.db.introspection.getTables())
      .filter((t) => t.name !== 'users' && t.columns.some((c) => c.name === 'user_id'))
      .map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['refresh_tokens', 'email_tokens', 'account_logs']));
    const cascading = new Set<string>();
    if (ctx.database.kind === 'sqlite') {
      for (const table of tables) {
        const { rows } = await sql<{ table: string; from: string; to: string; on_delete: string }>`
          select * from pragma_foreign_key_list(${table})`.execute(ctx.database.db);
        if (
          rows.some(
            (r) => r.table === 'users' && r.from === 'user_id' && r.to === 'id' && r.on_delete === 'CASCADE',
          )
        ) {
          cascading.add(table);
        }
      }
    } else {
      const { rows } = await sql<{ table_name: string }>`
        select c.conrelid::regclass::text as table_name
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'users'::regclass and a.attname = 'user_id' and c.confdeltype = 'c'
      `.execute(ctx.database.db);
      for (const row of rows) cascading.add(row.table_name.replace(/^"|"$/g, ''));
    }
    expect(tables.filter((t) => !cascading.has(t))).toEqual([]);
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or the one-time tokens of e-mail links', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    // debug: Fastify's per-request lines are on, and they carry the URLs.
    const config = testConfig({ LOG_LEVEL: 'debug' });
    const mailer = new MemoryMailer();
    const app = await buildApp(config, {
      database,
      mailer,
      logger: { ...loggerOptions(config), stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await app.ready();
      const email = `logs.${Date.now()}@example.com`;
      const password = 'log-secret-password';
      const registered = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'L', email, password, password_confirmation: password },
      });
      const tokens = registered.json() as { access_token: string; refresh_token: string };
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: tokens.refresh_token },
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      await app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
      const link = mailer.last(email)?.link ?? '';
      const token = new URL(link).searchParams.get('token') ?? '';
      // The browser opens the link: the SPA route's request log must not carry the token.
      await app.inject({ method: 'GET', url: `/auth/reset-password?token=${token}` });
      await app.inject({ method: 'GET', url: `/api/v1/nothing?token=${token}&page=1` });
      const log = lines.join('');
      expect(log).toContain('incoming request');
      expect(log).toContain('token=[redacted]');
      for (const secret of [password, tokens.access_token, tokens.refresh_token, token]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

describe('request logging', () => {
  it('writes no line per request at info, and still logs the failure of one', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'info' });
    const app = await buildApp(config, {
      database,
      mailer: new MemoryMailer(),
      logger: { ...loggerOptions(config), stream: { write: (line: string) => lines.push(line) } },
    });
    app.get('/api/v1/test-broken', async () => {
      throw new Error('broken on purpose');
    });
    try {
      await app.ready();
      const before = lines.length;
      expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/v1/user/me' })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/v1/no-such-route' })).statusCode).toBe(404);
      expect(lines.slice(before)).toEqual([]);
      expect((await app.inject({ url: '/api/v1/test-broken' })).statusCode).toBe(500);
      const logged = lines
        .slice(before)
        .map((line) => JSON.parse(line) as { level: number; msg: string; reqId?: string });
      expect(logged).toEqual([
        expect.objectContaining({ level: 50, msg: 'unhandled error', reqId: expect.any(String) }),
      ]);
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('writes the request lines at debug', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'debug' });
    const app = await buildApp(config, {
      database,
      mailer: new MemoryMailer(),
      logger: { ...loggerOptions(config), stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await app.ready();
      await app.inject({ url: '/api/v1/health' });
      const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
