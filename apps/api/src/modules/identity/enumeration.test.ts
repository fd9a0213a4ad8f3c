import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.ts';
import { api, countRows, registerUser, tokenFromLink, uniqueEmail } from './identity.test-helpers.ts';

const ctx = await appForFile();

/** Everything a client can observe but the clock: status, headers (without date) and body. */
function observable(res: LightMyRequestResponse) {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

describe('no account enumeration (docs/decisions/registration-enumeration.md)', () => {
  it('login: an unknown address and a wrong password answer identically', async () => {
    const user = await registerUser(ctx);
    const wrongPassword = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: 'not the password' },
    });
    const unknownAddress = await api(ctx, 'POST', '/auth/login', {
      payload: { email: uniqueEmail('nobody'), password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(observable(unknownAddress)).toEqual(observable(wrongPassword));
  });

  it('forgot-password: a known and an unknown address answer identically; only the known one gets mail', async () => {
    const user = await registerUser(ctx);
    const ghost = uniqueEmail('ghost');
    const before = ctx.mailer.sent.length;
    const known = await api(ctx, 'POST', '/auth/forgot-password', { payload: { email: user.email } });
    const unknown = await api(ctx, 'POST', '/auth/forgot-password', { payload: { email: ghost } });
    expect(known.statusCode).toBe(200);
    expect(observable(unknown)).toEqual(observable(known));
    const sent = ctx.mailer.sent.slice(before);
    expect(sent.map((m) => m.to)).toEqual([user.email]);
  });

  it('register with a taken address: no session, no change, a generic answer the same for every existing account, and the owner is told', async () => {
    const verified = await registerUser(ctx, { languageId: 2 });
    await api(ctx, 'POST', '/auth/verify-email', {
      payload: { token: tokenFromLink(ctx.mailer.last(verified.email)?.link) },
    });
    const unverified = await registerUser(ctx);
    const users = await countRows(ctx, 'users');
    const sessions = await countRows(ctx, 'refresh_tokens');
    const rowBefore = await ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', verified.id)
      .executeTakeFirstOrThrow();

    const attempt = (email: string) =>
      api(ctx, 'POST', '/auth/register', {
        payload: {
          name: 'Mallory',
          email,
          password: 'mallory password',
          password_confirmation: 'mallory password',
        },
      });
    const a = await attempt(verified.email.toUpperCase());
    const b = await attempt(unverified.email);
    expect(a.statusCode).toBe(422);
    expect(a.json()).toEqual({
      message: 'The given data was invalid',
      code: 'VALIDATION_ERROR',
      key: 'invalidData',
      errors: { email: ['Could not register with this e-mail address'] },
    });
    expect(observable(b)).toEqual(observable(a));
    expect(a.body).not.toMatch(/token|exists|taken|verified/i);

    expect(await countRows(ctx, 'users')).toBe(users);
    expect(await countRows(ctx, 'refresh_tokens')).toBe(sessions);
    expect(
      await ctx.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', verified.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(rowBefore);
    // The real owner hears of it, in their language, with the sign-in and reset pages (from APP_URL).
    const notice = ctx.mailer.last(verified.email);
    expect(notice?.subject).toContain('tentou se registrar');
    expect(notice?.text).toContain('https://app.centavo.test/auth/login');
    expect(notice?.text).toContain('https://app.centavo.test/auth/forgot-password');
    expect(notice?.text).not.toContain('mallory password');
  });
});
