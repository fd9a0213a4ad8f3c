import type { TokenResponse } from '@centavo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser } from '../../../../test/app.ts';
import { startTestProvider } from '../../../../test/oidc/provider.ts';
import {
  CLIENTS,
  codeOf,
  createSocialApp,
  errorOf,
  type SocialContext,
} from '../../../../test/oidc/social-flow.ts';
import { until } from '../../../../test/until.ts';
import { api, logEvents, registerUser, uniqueEmail } from '../identity.test-helpers.ts';

let ctx: SocialContext;
beforeAll(async () => {
  ctx = await createSocialApp();
});
afterAll(async () => ctx.close());

let subjects = 0;
const sub = () => `subject-${++subjects}-${Date.now()}`;

async function exchange(code: string) {
  return api(ctx, 'POST', '/auth/social/exchange', { payload: { code } });
}

async function userByEmail(email: string) {
  return ctx.database.db
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', email.toLowerCase())
    .executeTakeFirst();
}

async function identitiesOf(userId: number) {
  return ctx.database.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).execute();
}

async function details(userId: number, event: string) {
  const rows = await ctx.database.db
    .selectFrom('account_logs')
    .select('details')
    .where('user_id', '=', userId)
    .where('event', '=', event)
    .execute();
  return rows.map((r) => (r.details ? JSON.parse(r.details) : null));
}

describe('GET /auth/providers', () => {
  it('lists the configured providers with their names, in a fixed order', async () => {
    const res = await api(ctx, 'GET', '/auth/providers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: 'google', name: 'Google' },
        { id: 'apple', name: 'Apple' },
        { id: 'oidc', name: 'Authentik' },
      ],
    });
  });

  it('is empty when none is configured, and a start then goes back to the login page', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/api/v1/auth/providers' })).json()).toEqual({ data: [] });
      const start = await plain.app.inject({ url: '/api/v1/auth/oidc/google/start' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(`${plain.config.appUrl}/auth/login?error=notConfigured`);
    } finally {
      await plain.close();
    }
  });
});

describe('the start', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce, kept in a short-lived HttpOnly cookie', async () => {
    const res = await api(ctx, 'GET', '/auth/oidc/oidc/start?language_id=2');
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.origin).toBe(ctx.provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENTS.oidc);
    expect(url.searchParams.get('redirect_uri')).toBe(
      'https://app.centavo.test/api/v1/auth/oidc/oidc/callback',
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^centavo_oidc=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).toContain('Path=/api/v1/auth/oidc/oidc/');
    expect(cookie).toContain('SameSite=Lax');
    // The verifier never leaves the server's cookie in the clear: the URL carries only its hash.
    expect(res.headers.location).not.toContain(
      decodeURIComponent(cookie).match(/"v":"([^"]+)"/)?.[1] ?? '@@',
    );
  });
});

describe('a new user', () => {
  it('signs up through the provider: a verified account without a password, in the language of the start', async () => {
    const email = uniqueEmail('new');
    const location = await ctx.socialSignIn(
      'oidc',
      { sub: sub(), email, email_verified: true, name: 'Nova Pessoa' },
      {
        query: '?language_id=2',
      },
    );
    const res = await exchange(codeOf(location));
    expect(res.statusCode, res.body).toBe(200);
    const tokens = res.json() as TokenResponse;
    expect(tokens.token_type).toBe('Bearer');
    const me = await api(ctx, 'GET', '/user/me', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.json()).toMatchObject({ email, name: 'Nova Pessoa', language_id: 2 });
    const row = await userByEmail(email);
    expect(row?.email_verified_at).not.toBeNull();
    expect(row?.password_hash).toBe('');
    const identities = await identitiesOf(row?.id ?? 0);
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ provider: 'oidc', issuer: ctx.provider.issuer, email });
    expect(await logEvents(ctx, row?.id ?? 0)).toEqual(['register', 'login']);
    expect(await details(row?.id ?? 0, 'register')).toEqual([{ method: 'oidc' }]);
    // The client authenticated at the token endpoint with PKCE.
    expect(ctx.provider.tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[\w-]{43,}$/);
  });

  it('the one-time code works once (a reused code is refused) and expires after 60 seconds', async () => {
    const location = await ctx.socialSignIn('google', {
      sub: sub(),
      email: uniqueEmail(),
      email_verified: true,
    });
    const code = codeOf(location);
    expect((await exchange(code)).statusCode).toBe(200);
    const again = await exchange(code);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ key: 'socialCodeInvalid' });

    const late = codeOf(
      await ctx.socialSignIn('google', { sub: sub(), email: uniqueEmail(), email_verified: true }),
    );
    await ctx.database.db
      .updateTable('auth_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'social')
      .where('used_at', 'is', null)
      .execute();
    expect((await exchange(late)).json()).toMatchObject({ key: 'socialCodeInvalid' });
  });

  it('with an address the provider has not verified: an unverified account and a verification e-mail', async () => {
    const email = uniqueEmail('unverified');
    const code = codeOf(await ctx.socialSignIn('google', { sub: sub(), email, email_verified: false }));
    expect((await exchange(code)).statusCode).toBe(200);
    expect((await userByEmail(email))?.email_verified_at).toBeNull();
    await until('the verification e-mail', () => ctx.mailer.sent.some((m) => m.to === email));
  });

  it('without an e-mail from the provider: the login page says so, no account', async () => {
    const before = await ctx.database.db.selectFrom('users').select('id').execute();
    const location = await ctx.socialSignIn('oidc', { sub: sub() });
    expect(errorOf(location)).toBe('emailMissing');
    expect(new URL(location).pathname).toBe('/auth/login');
    expect(await ctx.database.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });
});

describe('a returning user', () => {
  it('is found by (issuer, sub), even after the address at the provider changed', async () => {
    const subject = sub();
    const email = uniqueEmail('back');
    await exchange(codeOf(await ctx.socialSignIn('oidc', { sub: subject, email, email_verified: true })));
    const user = await userByEmail(email);
    const renamed = uniqueEmail('renamed');
    const res = await exchange(
      codeOf(await ctx.socialSignIn('oidc', { sub: subject, email: renamed, email_verified: true })),
    );
    expect(res.statusCode).toBe(200);
    const me = await api(ctx, 'GET', '/user/me', {
      headers: { authorization: `Bearer ${(res.json() as TokenResponse).access_token}` },
    });
    expect(me.json().id).toBe(user?.id);
    expect(await userByEmail(renamed)).toBeUndefined();
    expect((await identitiesOf(user?.id ?? 0))[0]?.email).toBe(renamed);
  });
});

describe('linking by e-mail (no pre-account takeover)', () => {
  it('joins an account when the provider asserts email_verified and the account is verified', async () => {
    const owner = await insertUser(ctx.database.db, 'Owner');
    const res = await exchange(
      codeOf(
        await ctx.socialSignIn('google', {
          sub: sub(),
          email: owner.email.toUpperCase(),
          email_verified: true,
        }),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(await identitiesOf(owner.id)).toHaveLength(1);
    expect(await details(owner.id, 'identity_linked')).toEqual([
      { provider: 'google', via: 'verified_email' },
    ]);
  });

  it('refuses when the provider does not assert the address', async () => {
    const owner = await insertUser(ctx.database.db, 'Owner');
    for (const verified of [false, 'false' as const, undefined]) {
      const location = await ctx.socialSignIn('oidc', {
        sub: sub(),
        email: owner.email,
        ...(verified === undefined ? {} : { email_verified: verified }),
      });
      expect(errorOf(location)).toBe('linkRequired');
    }
    expect(await identitiesOf(owner.id)).toHaveLength(0);
    expect(await details(owner.id, 'identity_link_refused')).toHaveLength(3);
  });

  it("refuses when the account's own address is not verified", async () => {
    const owner = await registerUser(ctx);
    const location = await ctx.socialSignIn('google', {
      sub: sub(),
      email: owner.email,
      email_verified: true,
    });
    expect(errorOf(location)).toBe('linkRequired');
    expect(await identitiesOf(owner.id)).toHaveLength(0);
    expect(await details(owner.id, 'identity_link_refused')).toEqual([
      { provider: 'google', reason: 'account_email_unverified' },
    ]);
  });
});

describe('failures a user can read', () => {
  it('a forged or stale state, or none, goes back to the login page and calls no provider', async () => {
    const requests = ctx.provider.tokenRequests.length;
    const forged = await ctx.socialSignIn(
      'oidc',
      { sub: sub(), email: uniqueEmail(), email_verified: true },
      { answer: (fields) => ({ ...fields, state: 'forged-state-value-0123456789' }) },
    );
    expect(forged).toBe('https://app.centavo.test/auth/login?error=state');
    const noCookie = await ctx.socialSignIn(
      'oidc',
      { sub: sub(), email: uniqueEmail(), email_verified: true },
      { cookie: () => '' },
    );
    expect(errorOf(noCookie)).toBe('state');
    const tampered = await ctx.socialSignIn(
      'oidc',
      { sub: sub(), email: uniqueEmail(), email_verified: true },
      { cookie: (cookie) => cookie.replace(/\.[^.]+$/, '.AAAA') },
    );
    expect(errorOf(tampered)).toBe('state');
    expect(ctx.provider.tokenRequests.length).toBe(requests);
  });

  it('denied consent', async () => {
    expect(errorOf(await ctx.socialSignIn('google', { deny: true }))).toBe('denied');
  });

  it('a code the provider refuses (already used) says the sign-in expired', async () => {
    const location = await ctx.socialSignIn(
      'oidc',
      { sub: sub(), email: uniqueEmail(), email_verified: true },
      { answer: (fields) => ({ ...fields, code: 'not-a-code-the-provider-issued' }) },
    );
    expect(errorOf(location)).toBe('expired');
  });

  it('a provider that is down, at the start or at the callback', async () => {
    const provider = await startTestProvider({
      clients: [
        {
          clientId: 'down',
          secret: 'down-secret',
          redirectUris: ['https://app.centavo.test/api/v1/auth/oidc/oidc/callback'],
        },
      ],
    });
    const down = await createTestApp({
      APP_URL: 'https://app.centavo.test',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'down',
      OIDC_CLIENT_SECRET: 'down-secret',
    });
    try {
      const start = await down.app.inject({ url: '/api/v1/auth/oidc/oidc/start' });
      const cookie = String(start.headers['set-cookie']).split(';')[0];
      provider.nextSignIn('down', { sub: 'x', email: uniqueEmail(), email_verified: true });
      const answer = await fetch(String(start.headers.location), { redirect: 'manual' });
      const fields = new URL(String(answer.headers.get('location'))).searchParams;
      await provider.close();
      const callback = await down.app.inject({
        url: `/api/v1/auth/oidc/oidc/callback?${fields}`,
        headers: { cookie: cookie ?? '' },
      });
      expect(callback.headers.location).toBe('https://app.centavo.test/auth/login?error=unavailable');
      // Discovery was kept from the start; a fresh app must discover and cannot.
      const fresh = await createTestApp({
        APP_URL: 'https://app.centavo.test',
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'down',
        OIDC_CLIENT_SECRET: 'down-secret',
      });
      const again = await fresh.app.inject({ url: '/api/v1/auth/oidc/oidc/start' });
      expect(again.headers.location).toBe('https://app.centavo.test/auth/login?error=unavailable');
      await fresh.close();
    } finally {
      await down.close();
    }
  });
});

describe("Apple's form_post", () => {
  it('answers with a form post, authenticates with an ES256 client secret and gives the name once', async () => {
    const start = await api(ctx, 'GET', '/auth/oidc/apple/start');
    const url = new URL(String(start.headers.location));
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('scope')).toBe('openid email name');
    // A cross-site POST carries only a SameSite=None cookie (Secure: APP_URL is https).
    expect(String(start.headers['set-cookie'])).toMatch(/SameSite=None/);
    expect(String(start.headers['set-cookie'])).toMatch(/Secure/);

    const email = uniqueEmail('apple');
    const location = await ctx.socialSignIn('apple', {
      sub: sub(),
      email,
      email_verified: 'true',
      name: 'Maria Silva',
    });
    expect((await exchange(codeOf(location))).statusCode).toBe(200);
    const user = await userByEmail(email);
    expect(user).toMatchObject({ name: 'Maria Silva' });
    expect(user?.email_verified_at).not.toBeNull();
    const secret = ctx.provider.tokenRequests.at(-1)?.get('client_secret') ?? '';
    expect(JSON.parse(Buffer.from(secret.split('.')[0] ?? '', 'base64url').toString())).toMatchObject({
      alg: 'ES256',
      kid: 'KEY1234567',
    });
  });
});
