import type { TokenResponse } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.ts';
import {
  api,
  countRows,
  logEvents,
  olderAccessToken,
  PASSWORD,
  registerUser,
  tokenFromLink,
  uniqueEmail,
} from './identity.test-helpers.ts';

const ctx = await appForFile();

/** POST /auth/refresh with a refresh token (any value: the validation tests send wrong types). */
function refresh(token: unknown) {
  return api(ctx, 'POST', '/auth/refresh', { payload: { refresh_token: token } });
}

/** POST /auth/logout revoking a refresh token, signed in with `headers` (none: signed out). */
function logout(token: string, headers: Record<string, string> = {}) {
  return api(ctx, 'POST', '/auth/logout', { payload: { refresh_token: token }, headers });
}

describe('POST /auth/register', () => {
  it('creates the user, signs them in (201 + tokens) and mails a verification link from APP_URL', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await api(ctx, 'POST', '/auth/register', {
      payload: { name: ' Ana ', email, password: PASSWORD, password_confirmation: PASSWORD },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as TokenResponse;
    expect(body).toEqual({
      access_token: expect.any(String),
      expires_in: 900,
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      stripe_customer_id: null,
    });
    // ≥ 256 bits of randomness, base64url.
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const row = await ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ana', email, email_verified_at: null, language_id: 1 });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Stored hashed: neither the refresh token nor the link token appears in the database.
    const stored = await ctx.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(body.refresh_token);

    const mail = ctx.mailer.last(email);
    expect(mail?.link).toMatch(
      /^https:\/\/app\.centavo\.test\/auth\/verify-email\?token=[A-Za-z0-9_-]{43,}$/,
    );
    expect(mail?.text).toContain(mail?.link);
    expect(mail?.html).toContain('lang="en"');
    expect(await logEvents(ctx, row.id)).toEqual(['register']);

    const me = await api(ctx, 'GET', '/user/me', {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json()).toMatchObject({ id: row.id, email, name: 'Ana' });
  });

  it('rejects missing, malformed and mistyped fields with 422 per field, writing nothing', async () => {
    const before = await countRows(ctx, 'users');
    const cases: Array<[unknown, string[]]> = [
      [{}, ['name', 'email', 'password', 'password_confirmation']],
      [{ name: 'A', email: 'not-an-email', password: PASSWORD, password_confirmation: PASSWORD }, ['email']],
      [{ name: 'A', email: uniqueEmail(), password: 'short', password_confirmation: 'short' }, ['password']],
      [
        {
          name: 'A',
          email: uniqueEmail(),
          password: 'x'.repeat(129),
          password_confirmation: 'x'.repeat(129),
        },
        ['password', 'password_confirmation'],
      ],
      [
        { name: 'A', email: uniqueEmail(), password: PASSWORD, password_confirmation: 'other' },
        ['password_confirmation'],
      ],
      [
        { name: 42, email: ['a@b.c'], password: true, password_confirmation: null },
        ['name', 'email', 'password'],
      ],
      [{ name: '   ', email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD }, ['name']],
      [
        {
          name: 'A',
          email: uniqueEmail(),
          password: PASSWORD,
          password_confirmation: PASSWORD,
          language_id: 99,
        },
        ['language_id'],
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await api(ctx, 'POST', '/auth/register', { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      for (const field of fields) expect(body.errors, `${field} in ${res.body}`).toHaveProperty(field);
    }
    expect(await countRows(ctx, 'users')).toBe(before);
  });

  it('answers malformed JSON with 422 and an oversize body with 413', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "A",',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { body: expect.any(Array) } });

    const before = await countRows(ctx, 'users');
    const huge = await api(ctx, 'POST', '/auth/register', {
      payload: { name: 'x'.repeat(ctx.config.bodyLimit + 10), email: uniqueEmail(), password: PASSWORD },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      message: expect.any(String),
      code: 'PAYLOAD_TOO_LARGE',
      key: 'bodyTooLarge',
    });
    expect(await countRows(ctx, 'users')).toBe(before);
  });

  it('treats addresses as unique case-insensitively', async () => {
    const user = await registerUser(ctx);
    const res = await api(ctx, 'POST', '/auth/register', {
      payload: {
        name: 'B',
        email: user.email.toUpperCase(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('email');
  });

  it('registers in Portuguese when asked, and mails in Portuguese', async () => {
    const user = await registerUser(ctx, { languageId: 2 });
    const mail = ctx.mailer.last(user.email);
    expect(mail?.subject).toContain('Confirme');
    expect(mail?.html).toContain('lang="pt-BR"');
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right password (any case of the address) and logs it', async () => {
    const user = await registerUser(ctx);
    const res = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email.toUpperCase(), password: user.password },
      headers: { 'user-agent': 'vitest-agent' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 900, stripe_customer_id: null });
    const log = await ctx.database.db
      .selectFrom('account_logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('event', '=', 'login')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ ip: '127.0.0.1', user_agent: 'vitest-agent' });
  });

  it('answers a wrong password with 422 and logs the failure without the password', async () => {
    const user = await registerUser(ctx);
    const res = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: 'wrong-password-1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', errors: { email: expect.any(Array) } });
    expect(await logEvents(ctx, user.id)).toEqual(['register', 'login_failed']);
    const logs = await ctx.database.db
      .selectFrom('account_logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(JSON.stringify(logs)).not.toContain('wrong-password-1');
  });

  it('validates the body', async () => {
    for (const payload of [
      {},
      { email: 'x' },
      { email: uniqueEmail(), password: '' },
      { email: 1, password: 2 },
    ]) {
      const res = await api(ctx, 'POST', '/auth/login', { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: each refresh token works once and returns a new pair', async () => {
    const user = await registerUser(ctx);
    const first = await refresh(user.tokens.refresh_token);
    expect(first.statusCode).toBe(200);
    const next = first.json() as TokenResponse;
    expect(next.refresh_token).not.toBe(user.tokens.refresh_token);
    const me = await api(ctx, 'GET', '/user/me', {
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    const second = await refresh(next.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it('reuse of a spent token fails and revokes the whole family, successor included', async () => {
    const user = await registerUser(ctx);
    const rotated = (await refresh(user.tokens.refresh_token)).json() as TokenResponse;
    const replay = await refresh(user.tokens.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('UNAUTHENTICATED');
    const successor = await refresh(rotated.refresh_token);
    expect(successor.statusCode).toBe(401);
    // Another sign-in of the same user (another family) is untouched.
    const other = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: user.password },
    });
    const otherRefresh = await refresh((other.json() as TokenResponse).refresh_token);
    expect(otherRefresh.statusCode).toBe(200);
  });

  it('two parallel refreshes with one token: at most one succeeds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await registerUser(ctx);
      const results = await Promise.all(Array.from({ length: 4 }, () => refresh(user.tokens.refresh_token)));
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok.length).toBeLessThanOrEqual(1);
      expect(results.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
      const issued = await ctx.database.db
        .selectFrom('refresh_tokens')
        .select(['revoked_at'])
        .where('user_id', '=', user.id)
        .execute();
      // At most the original and one successor were ever issued.
      expect(issued.length).toBeLessThanOrEqual(2);
    }
  });

  it('rejects unknown, malformed and expired tokens', async () => {
    expect((await refresh('nope')).statusCode).toBe(401);
    expect((await api(ctx, 'POST', '/auth/refresh', { payload: {} })).statusCode).toBe(422);
    expect((await refresh(5)).statusCode).toBe(422);
    const user = await registerUser(ctx);
    await ctx.database.db
      .updateTable('refresh_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', user.id)
      .execute();
    const res = await refresh(user.tokens.refresh_token);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('needs the access token, revokes the given refresh token family and logs the sign-out', async () => {
    const user = await registerUser(ctx);
    expect((await logout(user.tokens.refresh_token)).statusCode).toBe(401);
    const res = await logout(user.tokens.refresh_token, user.auth);
    expect(res.statusCode).toBe(204);
    const after = await refresh(user.tokens.refresh_token);
    expect(after.statusCode).toBe(401);
    expect(await logEvents(ctx, user.id)).toContain('logout');
  });

  it("cannot revoke another user's session", async () => {
    const alice = await registerUser(ctx);
    const bob = await registerUser(ctx);
    const res = await logout(bob.tokens.refresh_token, alice.auth);
    expect(res.statusCode).toBe(204);
    const bobRefresh = await refresh(bob.tokens.refresh_token);
    expect(bobRefresh.statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const user = await registerUser(ctx);
    for (const payload of [{ refresh_token: 5 }, { refresh_token: '' }, { refresh_token: 'x'.repeat(600) }]) {
      const res = await api(ctx, 'POST', '/auth/logout', { payload, headers: user.auth });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await logEvents(ctx, user.id)).toEqual(['register']);
  });

  it('works without a body', async () => {
    const user = await registerUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.auth });
    expect(res.statusCode).toBe(204);
  });
});

describe('POST /auth/verify-email', () => {
  it('verifies with the mailed token once; opening the link again says the address is already verified', async () => {
    const user = await registerUser(ctx);
    const token = tokenFromLink(ctx.mailer.last(user.email)?.link);
    const ok = await api(ctx, 'POST', '/auth/verify-email', { payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your e-mail address is verified', already_verified: false });
    const me = (await api(ctx, 'GET', '/user/me', { headers: user.auth })).json();
    expect(me.email_verified_at).toEqual(expect.any(String));
    // Issue 13 #7: the second visit of the same link is not "invalid or expired".
    const again = await api(ctx, 'POST', '/auth/verify-email', { payload: { token } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      message: 'Your e-mail address is already verified',
      already_verified: true,
    });
    expect(await logEvents(ctx, user.id)).toEqual(['register', 'email_verified']);
  });

  it('a used link of an address since changed, or of an unverified one, stays invalid', async () => {
    const user = await registerUser(ctx);
    const token = tokenFromLink(ctx.mailer.last(user.email)?.link);
    expect((await api(ctx, 'POST', '/auth/verify-email', { payload: { token } })).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('id', '=', user.id)
      .execute();
    const again = await api(ctx, 'POST', '/auth/verify-email', { payload: { token } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toHaveProperty('token');
  });

  it('rejects unknown, missing and expired tokens', async () => {
    expect(
      (await api(ctx, 'POST', '/auth/verify-email', { payload: { token: 'x'.repeat(43) } })).statusCode,
    ).toBe(422);
    expect((await api(ctx, 'POST', '/auth/verify-email', { payload: {} })).statusCode).toBe(422);
    const user = await registerUser(ctx);
    await ctx.database.db
      .updateTable('email_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', user.id)
      .execute();
    const token = tokenFromLink(ctx.mailer.last(user.email)?.link);
    expect((await api(ctx, 'POST', '/auth/verify-email', { payload: { token } })).statusCode).toBe(422);
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link from APP_URL (Host header ignored); the token resets once and signs everybody out', async () => {
    const user = await registerUser(ctx);
    const res = await api(ctx, 'POST', '/auth/forgot-password', {
      payload: { email: user.email.toUpperCase() },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    });
    expect(res.statusCode).toBe(200);
    const mail = ctx.mailer.last(user.email);
    expect(mail?.link).toMatch(
      /^https:\/\/app\.centavo\.test\/auth\/reset-password\?token=[A-Za-z0-9_-]{43,}$/,
    );
    expect(`${mail?.text}${mail?.html}`).not.toContain('evil.example');
    const token = tokenFromLink(mail?.link);
    const stored = await ctx.database.db.selectFrom('email_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const newPassword = 'a brand new password';
    const reset = await api(ctx, 'POST', '/auth/reset-password', {
      payload: { token, password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // Sessions that began before the reset end: the (older) access token and every refresh token.
    const earlier = { authorization: `Bearer ${await olderAccessToken(ctx, user.id, 5)}` };
    expect((await api(ctx, 'GET', '/user/me', { headers: earlier })).statusCode).toBe(401);
    const refreshed = await refresh(user.tokens.refresh_token);
    expect(refreshed.statusCode).toBe(401);
    // Single use.
    const again = await api(ctx, 'POST', '/auth/reset-password', {
      payload: { token, password: 'yet another password', password_confirmation: 'yet another password' },
    });
    expect(again.statusCode).toBe(422);
    const oldLogin = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(422);
    const newLogin = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: newPassword },
    });
    expect(newLogin.statusCode).toBe(200);
    expect(await logEvents(ctx, user.id)).toEqual([
      'register',
      'password_reset_requested',
      'password_reset',
      'login_failed',
      'login',
    ]);
  });

  it('expires reset tokens after 60 minutes', async () => {
    const user = await registerUser(ctx);
    await api(ctx, 'POST', '/auth/forgot-password', { payload: { email: user.email } });
    const token = tokenFromLink(ctx.mailer.last(user.email)?.link);
    const row = await ctx.database.db
      .selectFrom('email_tokens')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'reset')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60_000);
    await ctx.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .where('kind', '=', 'reset')
      .execute();
    const res = await api(ctx, 'POST', '/auth/reset-password', {
      payload: { token, password: 'a brand new password', password_confirmation: 'a brand new password' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('token');
  });

  it('a verification token is not a reset token (nor the reverse)', async () => {
    const user = await registerUser(ctx);
    const verifyToken = tokenFromLink(ctx.mailer.last(user.email)?.link);
    const res = await api(ctx, 'POST', '/auth/reset-password', {
      payload: {
        token: verifyToken,
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      },
    });
    expect(res.statusCode).toBe(422);
  });

  it('validates reset bodies without consuming the token', async () => {
    const user = await registerUser(ctx);
    await api(ctx, 'POST', '/auth/forgot-password', { payload: { email: user.email } });
    const token = tokenFromLink(ctx.mailer.last(user.email)?.link);
    const mismatch = await api(ctx, 'POST', '/auth/reset-password', {
      payload: { token, password: 'a brand new password', password_confirmation: 'different' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toHaveProperty('password_confirmation');
    const short = await api(ctx, 'POST', '/auth/reset-password', {
      payload: { token, password: 'short', password_confirmation: 'short' },
    });
    expect(short.json().errors).toHaveProperty('password');
    const ok = await api(ctx, 'POST', '/auth/reset-password', {
      payload: { token, password: 'a brand new password', password_confirmation: 'a brand new password' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('forgot-password validates the address', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: 12 }]) {
      const res = await api(ctx, 'POST', '/auth/forgot-password', { payload, remoteAddress: '10.9.9.9' });
      expect(res.statusCode).toBe(422);
    }
  });
});
