import type { MfaRequired, TokenResponse } from '@centavo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createSocialApp, type SocialContext } from '../../../../test/oidc/social-flow.ts';
import { until } from '../../../../test/until.ts';
import {
  api,
  logEvents,
  olderAccessToken,
  registerUser,
  tokenFromLink,
  uniqueEmail,
} from '../identity.test-helpers.ts';
import { SecretBox } from './secret-box.ts';
import { totpCode } from './totp.ts';

/**
 * TOTP with an injected clock (DESIGN.md §5): the app's TOTP reads `now`, which each test moves by whole
 * minutes so it works on time steps of its own. Nothing waits for real time.
 */
let now = Date.UTC(2026, 10, 27, 12, 0, 5);
let ctx: SocialContext;
beforeAll(async () => {
  ctx = await createSocialApp({}, () => now);
});
afterAll(async () => ctx.close());

const STEP = 30_000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(email: string, password: string) {
  return api(ctx, 'POST', '/auth/login', { payload: { email, password } });
}

/** A registered user with 2FA on: the secret and the recovery codes as the set-up showed them. */
async function withTwoFactor() {
  now += 10 * 60_000;
  const user = await registerUser(ctx, { email: uniqueEmail('mfa') });
  const setup = await api(ctx, 'POST', '/user/2fa/totp', {
    headers: user.auth,
    payload: { password: user.password },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
  const confirm = await api(ctx, 'POST', '/user/2fa/totp/confirm', {
    headers: user.auth,
    payload: { code: totpCode(secret, now) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recovery_codes } = confirm.json() as { recovery_codes: string[] };
  return { ...user, secret, otpauth_url, recoveryCodes: recovery_codes };
}

async function mfaToken(email: string, password: string): Promise<string> {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as MfaRequired;
  expect(body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
  return body.mfa_token;
}

function secondStep(payload: Record<string, unknown>) {
  return api(ctx, 'POST', '/auth/login/2fa', { payload });
}

describe('setting up TOTP', () => {
  it('asks for the password, confirms with a code, then shows 10 recovery codes once', async () => {
    const user = await registerUser(ctx);
    const wrong = await api(ctx, 'POST', '/user/2fa/totp', {
      headers: user.auth,
      payload: { password: 'nope-nope' },
    });
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { password: [expect.any(String)] },
    });
    const setup = await api(ctx, 'POST', '/user/2fa/totp', {
      headers: user.auth,
      payload: { password: user.password },
    });
    const { secret, otpauth_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Centavo');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(user.email);

    // Not on until confirmed: the sign-in still gives tokens.
    expect((await login(user.email, user.password)).json()).toHaveProperty('access_token');
    const bad = await api(ctx, 'POST', '/user/2fa/totp/confirm', {
      headers: user.auth,
      payload: { code: '000000' },
    });
    expect(bad.json()).toMatchObject({ key: 'invalidData', errors: { code: [expect.any(String)] } });
    const ok = await api(ctx, 'POST', '/user/2fa/totp/confirm', {
      headers: user.auth,
      payload: { code: totpCode(secret, now) },
    });
    const codes = (ok.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await api(ctx, 'GET', '/user/2fa', { headers: user.auth });
    expect(status.json()).toEqual({ totp_enabled: true, recovery_codes_remaining: 10, has_password: true });
    expect(await logEvents(ctx, user.id)).toContain('mfa_enabled');

    // At rest: encrypted, bound to the user; recovery codes hashed.
    const row = await ctx.database.db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(row?.secret).not.toContain(secret);
    const box = new SecretBox(ctx.config.jwtSecret);
    expect(box.open(row?.secret ?? '', user.id)).toBe(secret);
    expect(box.open(row?.secret ?? '', user.id + 1)).toBeNull();
    const hashes = await ctx.database.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(hashes.every((h) => h.code_hash.startsWith('$argon2id$'))).toBe(true);
    // Set up twice: refused while on.
    const again = await api(ctx, 'POST', '/user/2fa/totp', {
      headers: user.auth,
      payload: { password: user.password },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('signing in with 2FA', () => {
  it('answers {mfa_required, mfa_token}; the code completes it; each time step works once (replay refused)', async () => {
    const user = await withTwoFactor();
    const token = await mfaToken(user.email, user.password);
    // The step that confirmed the set-up is spent.
    const replay = await secondStep({ mfa_token: token, code: totpCode(user.secret, now) });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ errors: { code: [expect.any(String)] } });
    const next = totpCode(user.secret, now + STEP);
    const ok = await secondStep({ mfa_token: token, code: next });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as TokenResponse).token_type).toBe('Bearer');
    // The mfa token is single use, and the code of that step too.
    expect((await secondStep({ mfa_token: token, code: next })).json()).toMatchObject({
      key: 'mfaTokenInvalid',
    });
    const other = await mfaToken(user.email, user.password);
    expect((await secondStep({ mfa_token: other, code: next })).statusCode).toBe(422);
    expect(await logEvents(ctx, user.id)).toContain('mfa_failed');
  });

  it('accepts one step either side of now, not two', async () => {
    const user = await withTwoFactor();
    now += 5 * 60_000;
    const token = await mfaToken(user.email, user.password);
    expect(
      (await secondStep({ mfa_token: token, code: totpCode(user.secret, now - 2 * STEP) })).statusCode,
    ).toBe(422);
    expect(
      (await secondStep({ mfa_token: token, code: totpCode(user.secret, now + 2 * STEP) })).statusCode,
    ).toBe(422);
    expect((await secondStep({ mfa_token: token, code: totpCode(user.secret, now - STEP) })).statusCode).toBe(
      200,
    );
    const second = await mfaToken(user.email, user.password);
    expect(
      (await secondStep({ mfa_token: second, code: totpCode(user.secret, now + STEP) })).statusCode,
    ).toBe(200);
  });

  it('a recovery code works once, typed in any case and without its dash', async () => {
    const user = await withTwoFactor();
    const code = user.recoveryCodes[3] ?? '';
    const token = await mfaToken(user.email, user.password);
    const ok = await secondStep({ mfa_token: token, recovery_code: code.toUpperCase().replace('-', '') });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await secondStep({
      mfa_token: await mfaToken(user.email, user.password),
      recovery_code: code,
    });
    expect(again.json()).toMatchObject({ errors: { recovery_code: [expect.any(String)] } });
    const status = await api(ctx, 'GET', '/user/2fa', {
      headers: bearer((ok.json() as TokenResponse).access_token),
    });
    expect(status.json()).toMatchObject({ recovery_codes_remaining: 9 });
    expect(await logEvents(ctx, user.id)).toContain('recovery_code_used');
  });

  it('asks for exactly one of code and recovery_code; an expired mfa token is refused', async () => {
    const user = await withTwoFactor();
    const token = await mfaToken(user.email, user.password);
    const both = await secondStep({ mfa_token: token, code: '123456', recovery_code: 'abcde-fghij' });
    expect(both.statusCode).toBe(422);
    expect((await secondStep({ mfa_token: token })).statusCode).toBe(422);
    await ctx.database.db
      .updateTable('auth_challenges')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('kind', '=', 'mfa')
      .execute();
    const late = await secondStep({ mfa_token: token, code: totpCode(user.secret, now + STEP) });
    expect(late.json()).toMatchObject({ key: 'mfaTokenInvalid' });
  });

  it('wrong codes are rate limited like passwords, then even the right code waits', async () => {
    const user = await withTwoFactor();
    const token = await mfaToken(user.email, user.password);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await api(ctx, 'POST', '/auth/login/2fa', {
        payload: { mfa_token: token, code: String(100000 + i) },
        remoteAddress: `10.9.${i}.1`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await api(ctx, 'POST', '/auth/login/2fa', {
      payload: { mfa_token: token, code: totpCode(user.secret, now + STEP) },
      remoteAddress: '10.9.99.1',
    });
    expect(right.statusCode).toBe(429);
    expect((await logEvents(ctx, user.id)).filter((e) => e === 'mfa_failed')).toHaveLength(10);
  });

  it('a password reset never turns 2FA off', async () => {
    const user = await withTwoFactor();
    await api(ctx, 'POST', '/auth/forgot-password', { payload: { email: user.email } });
    await until('the reset e-mail', () =>
      ctx.mailer.sent.some((m) => m.to === user.email && m.text.includes('reset')),
    );
    const mail = [...ctx.mailer.sent]
      .reverse()
      .find((m) => m.to === user.email && m.text.includes('reset-password'));
    const link = mail?.text.match(/https:\/\/\S+reset-password\?token=\S+/)?.[0];
    const reset = await api(ctx, 'POST', '/auth/reset-password', {
      payload: {
        token: tokenFromLink(link),
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const res = await login(user.email, 'a brand new password');
    expect(res.json()).toMatchObject({ mfa_required: true });
  });
});

describe('changing 2FA', () => {
  it('turning it off needs the password and a code; new recovery codes replace the old', async () => {
    const user = await withTwoFactor();
    const fresh = await api(ctx, 'POST', '/user/2fa/recovery-codes', {
      headers: user.auth,
      payload: { password: user.password, code: totpCode(user.secret, now + STEP) },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const codes = (fresh.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    const old = await secondStep({
      mfa_token: await mfaToken(user.email, user.password),
      recovery_code: user.recoveryCodes[0],
    });
    expect(old.statusCode).toBe(422);

    const noPassword = await api(ctx, 'DELETE', '/user/2fa', {
      headers: user.auth,
      payload: { password: 'wrong password', code: totpCode(user.secret, now - STEP) },
    });
    expect(noPassword.json()).toMatchObject({ errors: { password: [expect.any(String)] } });
    const wrongCode = await api(ctx, 'DELETE', '/user/2fa', {
      headers: user.auth,
      payload: { password: user.password, code: '000000' },
    });
    expect(wrongCode.json()).toMatchObject({ errors: { code: [expect.any(String)] } });
    // A recovery code turns it off too (the phone is lost).
    const off = await api(ctx, 'DELETE', '/user/2fa', {
      headers: user.auth,
      payload: { password: user.password, code: codes[0] },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await login(user.email, user.password)).json()).toHaveProperty('access_token');
    expect(await logEvents(ctx, user.id)).toEqual(
      expect.arrayContaining(['recovery_codes_generated', 'mfa_disabled']),
    );
    expect(
      await ctx.database.db
        .selectFrom('recovery_codes')
        .select('id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('2FA and social sign-in', () => {
  it('a provider sign-in asks for the code too', async () => {
    now += 10 * 60_000;
    const email = uniqueEmail('social-mfa');
    const first = await api(ctx, 'POST', '/auth/social/exchange', {
      payload: {
        code: codeOf(await ctx.socialSignIn('google', { sub: `s-${email}`, email, email_verified: true })),
      },
    });
    const tokens = first.json() as TokenResponse;
    // No password: a sign-in within the last 10 minutes stands in for it.
    const setup = await api(ctx, 'POST', '/user/2fa/totp', {
      headers: bearer(tokens.access_token),
      payload: {},
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    await api(ctx, 'POST', '/user/2fa/totp/confirm', {
      headers: bearer(tokens.access_token),
      payload: { code: totpCode(secret, now) },
    });
    const second = await api(ctx, 'POST', '/auth/social/exchange', {
      payload: {
        code: codeOf(await ctx.socialSignIn('google', { sub: `s-${email}`, email, email_verified: true })),
      },
    });
    const body = second.json() as MfaRequired;
    expect(body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const done = await secondStep({ mfa_token: body.mfa_token, code: totpCode(secret, now + STEP) });
    expect(done.statusCode).toBe(200);
    const userId = (
      await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email_normalized', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
    const lines = await ctx.database.db
      .selectFrom('account_logs')
      .select('details')
      .where('user_id', '=', userId)
      .where('event', '=', 'login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(lines.details ?? '{}')).toEqual({ method: 'google', second_factor: 'totp' });

    // An older session without a recent sign-in cannot change 2FA for a password-less account.
    const old = await olderAccessToken(ctx, userId, 3600);
    const refused = await api(ctx, 'POST', '/user/2fa/recovery-codes', {
      headers: bearer(old),
      payload: { code: totpCode(secret, now - STEP) },
    });
    expect(refused.json()).toMatchObject({ key: 'recentSignInRequired' });
  });
});
