import type { TokenResponse } from '@centavo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { recordAccountLog } from './account-logs.ts';
import {
  api,
  logEvents,
  olderAccessToken,
  PASSWORD,
  registerUser,
  tokenFromLink,
  uniqueEmail,
} from './identity.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function userRow(id: number) {
  return ctx.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('GET /user/me', () => {
  it('returns the signed-in user without secrets', async () => {
    const user = await registerUser(ctx, { name: 'Maria' });
    const res = await api(ctx, 'GET', '/user/me', { headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: 'Maria',
      email: user.email,
      email_verified_at: null,
      language_id: 1,
      currency_code_id: 4,
      country_id: 32,
      stripe_customer_id: null,
      created_at: expect.any(String),
    });
    expect(res.body).not.toContain('argon2');
  });

  it('answers concurrent requests of several users each with their own row, and a deleted user with 401', async () => {
    // On PostgreSQL the lookups of requests arriving together go out as one query (plugins/auth.ts): each
    // answer must still be its own user's, and a user deleted before the requests must not be found.
    const [ana, bia, gone] = [
      await registerUser(ctx, { name: 'Ana' }),
      await registerUser(ctx, { name: 'Bia' }),
      await registerUser(ctx, { name: 'Gone' }),
    ];
    const deleted = await api(ctx, 'DELETE', '/user', {
      headers: gone.auth,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    const users = Array.from({ length: 30 }, (_, i) => [ana, bia, gone][i % 3] as typeof ana);
    const answers = await Promise.all(users.map((u) => api(ctx, 'GET', '/user/me', { headers: u.auth })));
    for (const [i, res] of answers.entries()) {
      const user = users[i] as typeof ana;
      if (user === gone) {
        expect(res.statusCode).toBe(401);
        continue;
      }
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: user.id,
        email: user.email,
        name: user === ana ? 'Ana' : 'Bia',
      });
    }
  });
});

describe('PUT /user', () => {
  it('changes the name; same address keeps the verification', async () => {
    const user = await registerUser(ctx);
    await api(ctx, 'POST', '/auth/verify-email', {
      payload: { token: tokenFromLink(ctx.mailer.last(user.email)?.link) },
    });
    const res = await api(ctx, 'PUT', '/user', {
      headers: user.auth,
      payload: { name: 'New Name', email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New Name',
      email: user.email,
      email_verified_at: expect.any(String),
    });
    const log = await ctx.database.db
      .selectFrom('account_logs')
      .select('details')
      .where('user_id', '=', user.id)
      .where('event', '=', 'profile_updated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details ?? '{}')).toEqual({ changed: ['name'] });
  });

  it('a new address clears the verification, mails the new address, and voids links sent to the old one', async () => {
    const user = await registerUser(ctx);
    const oldLink = ctx.mailer.last(user.email)?.link;
    const newEmail = uniqueEmail('moved');
    const res = await api(ctx, 'PUT', '/user', {
      headers: user.auth,
      payload: { name: 'Ana', email: newEmail },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: newEmail, email_verified_at: null });
    const old = await api(ctx, 'POST', '/auth/verify-email', { payload: { token: tokenFromLink(oldLink) } });
    expect(old.statusCode).toBe(422);
    const mail = ctx.mailer.last(newEmail);
    expect(mail?.link).toContain('https://app.centavo.test/auth/verify-email?token=');
    const ok = await api(ctx, 'POST', '/auth/verify-email', {
      payload: { token: tokenFromLink(mail?.link) },
    });
    expect(ok.statusCode).toBe(200);
    expect((await userRow(user.id)).email_verified_at).not.toBeNull();
  });

  it("refuses another user's address (any case) with 422 on email, changing nothing", async () => {
    const alice = await registerUser(ctx);
    const bob = await registerUser(ctx);
    const before = await userRow(alice.id);
    const res = await api(ctx, 'PUT', '/user', {
      headers: alice.auth,
      payload: { name: 'Alice', email: bob.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid',
      code: 'VALIDATION_ERROR',
      key: 'invalidData',
      errors: { email: ['The email has already been taken'] },
    });
    expect(await userRow(alice.id)).toEqual(before);
  });

  it('ignores non-writable fields (mass assignment): the row is unchanged but for name and email', async () => {
    const user = await registerUser(ctx);
    const other = await registerUser(ctx);
    const before = await userRow(user.id);
    const otherBefore = await userRow(other.id);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'Renamed',
        email: user.email,
        id: other.id,
        user_id: other.id,
        stripe_customer_id: 'cus_evil',
        email_verified_at: '2020-01-01T00:00:00.000Z',
        password_hash: 'x',
        language_id: 2,
        created_at: '2000-01-01',
      }),
    });
    expect(res.statusCode).toBe(200);
    const after = await userRow(user.id);
    expect(after).toEqual({ ...before, name: 'Renamed', updated_at: after.updated_at });
    expect(await userRow(other.id)).toEqual(otherBefore);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('rejects __proto__ and constructor.prototype keys outright and changes nothing', async () => {
    const user = await registerUser(ctx);
    const before = await userRow(user.id);
    for (const polluted of [
      '"__proto__":{"email_verified_at":"2020-01-01","stripe_customer_id":"cus_x"}',
      '"constructor":{"prototype":{"stripe_customer_id":"cus_x"}}',
    ]) {
      for (const url of ['/api/v1/user', '/api/v1/user/preferences']) {
        const res = await ctx.app.inject({
          method: 'PUT',
          url,
          headers: { ...user.auth, 'content-type': 'application/json' },
          payload: `{"name":"Proto","email":"${user.email}","language_id":2,"currency_code_id":4,"country_id":32,${polluted}}`,
        });
        expect(res.statusCode, `${url} ${polluted}`).toBe(422);
      }
    }
    expect(await userRow(user.id)).toEqual(before);
    expect(({} as Record<string, unknown>).stripe_customer_id).toBeUndefined();
  });

  it('validates the body', async () => {
    const user = await registerUser(ctx);
    for (const payload of [
      {},
      { name: 'x' },
      { name: '', email: user.email },
      { name: 'x', email: 'bad' },
      { name: 1, email: 2 },
    ]) {
      const res = await api(ctx, 'PUT', '/user', { headers: user.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});

describe('PUT /user/password', () => {
  it('needs the current password', async () => {
    const user = await registerUser(ctx);
    const res = await api(ctx, 'PUT', '/user/password', {
      headers: user.auth,
      payload: {
        current_password: 'wrong password!',
        password: 'new password 123',
        password_confirmation: 'new password 123',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('current_password');
    const bad = await api(ctx, 'PUT', '/user/password', {
      headers: user.auth,
      payload: { current_password: PASSWORD, password: 'short', password_confirmation: 'other' },
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['password', 'password_confirmation']);
  });

  it('revokes every refresh token and returns a fresh pair that keeps this session going', async () => {
    const user = await registerUser(ctx);
    const second = (
      await api(ctx, 'POST', '/auth/login', { payload: { email: user.email, password: user.password } })
    ).json() as TokenResponse;
    const otherDevice = { authorization: `Bearer ${await olderAccessToken(ctx, user.id, 5)}` };
    expect((await api(ctx, 'GET', '/user/me', { headers: otherDevice })).statusCode).toBe(200);
    const res = await api(ctx, 'PUT', '/user/password', {
      headers: user.auth,
      payload: {
        current_password: PASSWORD,
        password: 'new password 123',
        password_confirmation: 'new password 123',
      },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json() as TokenResponse;
    // Sessions that began before the change end now, access tokens included; the fresh one works.
    expect((await api(ctx, 'GET', '/user/me', { headers: otherDevice })).statusCode).toBe(401);
    expect(
      (await api(ctx, 'GET', '/user/me', { headers: { authorization: `Bearer ${fresh.access_token}` } }))
        .statusCode,
    ).toBe(200);
    expect(fresh).toMatchObject({ token_type: 'Bearer', stripe_customer_id: null });
    for (const old of [user.tokens.refresh_token, second.refresh_token]) {
      expect((await api(ctx, 'POST', '/auth/refresh', { payload: { refresh_token: old } })).statusCode).toBe(
        401,
      );
    }
    expect(
      (await api(ctx, 'POST', '/auth/refresh', { payload: { refresh_token: fresh.refresh_token } }))
        .statusCode,
    ).toBe(200);
    const login = await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: 'new password 123' },
    });
    expect(login.statusCode).toBe(200);
    expect(await logEvents(ctx, user.id)).toContain('password_changed');
    const logs = await ctx.database.db
      .selectFrom('account_logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(JSON.stringify(logs)).not.toMatch(/new password 123|correct horse/);
  });
});

describe('DELETE /user', () => {
  it('needs the password', async () => {
    const user = await registerUser(ctx);
    const wrong = await api(ctx, 'DELETE', '/user', {
      headers: user.auth,
      payload: { password: 'not it at all' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('password');
    const missing = await api(ctx, 'DELETE', '/user', { headers: user.auth, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect((await api(ctx, 'GET', '/user/me', { headers: user.auth })).statusCode).toBe(200);
  });

  it("removes every row of the user in every user-data table, and none of another user's", async () => {
    const doomed = await registerUser(ctx);
    const keeper = await registerUser(ctx);
    for (const u of [doomed, keeper]) {
      await api(ctx, 'POST', '/auth/forgot-password', {
        payload: { email: u.email },
        remoteAddress: '10.1.2.3',
      });
      await api(ctx, 'POST', '/auth/login', { payload: { email: u.email, password: u.password } });
    }
    const tables = await userDataTables();
    const countsBefore = await countPerUser(tables, keeper.id);
    expect(Object.values(await countPerUser(tables, doomed.id)).some((n) => n > 0)).toBe(true);

    const res = await api(ctx, 'DELETE', '/user', {
      headers: doomed.auth,
      payload: { password: doomed.password },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const left = await countPerUser(tables, doomed.id);
    expect(left).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
    expect(
      await ctx.database.db.selectFrom('users').select('id').where('id', '=', doomed.id).execute(),
    ).toEqual([]);
    expect(await countPerUser(tables, keeper.id)).toEqual(countsBefore);
    // The token of a deleted user stops working at once; so does its refresh token.
    expect((await api(ctx, 'GET', '/user/me', { headers: doomed.auth })).statusCode).toBe(401);
    expect(
      (await api(ctx, 'POST', '/auth/refresh', { payload: { refresh_token: doomed.tokens.refresh_token } }))
        .statusCode,
    ).toBe(401);
  });
});

/** Every table with a user_id column, found in the schema: tables added later are covered without edits. */
async function userDataTables(): Promise<string[]> {
  const tables = await ctx.database.db.introspection.getTables();
  return tables.filter((t) => t.columns.some((c) => c.name === 'user_id')).map((t) => t.name);
}

async function countPerUser(tables: string[], userId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const db = ctx.database.db.withoutPlugins() as unknown as import('kysely').Kysely<
    Record<string, { user_id: number }>
  >;
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    out[table] = Number((row as { n: number | string }).n);
  }
  return out;
}

describe('preferences', () => {
  it('GET returns the three ids; PUT stores them and answers with the objects', async () => {
    const user = await registerUser(ctx);
    const get = await api(ctx, 'GET', '/user/preferences', { headers: user.auth });
    expect(get.json()).toEqual({ language_id: 1, currency_code_id: 4, country_id: 32, time_zone: 'UTC' });
    const put = await api(ctx, 'PUT', '/user/preferences', {
      headers: user.auth,
      payload: { language_id: 2, currency_code_id: 4, country_id: 32 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      language: { id: 2, code: 'br', name: 'Português do Brasil' },
      currency_code: { id: 4, code: 'BRL', name: expect.any(String), decimals: 2 },
      country: { id: 32, code: 'BR', name: 'Brazil' },
      time_zone: 'UTC',
    });
    expect((await api(ctx, 'GET', '/user/preferences', { headers: user.auth })).json()).toEqual({
      language_id: 2,
      currency_code_id: 4,
      country_id: 32,
      time_zone: 'UTC',
    });
    expect(await logEvents(ctx, user.id)).toContain('preferences_updated');
  });

  it('unknown ids answer 422 on each field and change nothing', async () => {
    const user = await registerUser(ctx);
    const before = await userRow(user.id);
    const res = await api(ctx, 'PUT', '/user/preferences', {
      headers: user.auth,
      payload: { language_id: 3, currency_code_id: 99999, country_id: 32 },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['currency_code_id', 'language_id']);
    for (const payload of [
      {},
      { language_id: 'x', currency_code_id: -1, country_id: 1.5 },
      { language_id: 1 },
    ]) {
      const bad = await api(ctx, 'PUT', '/user/preferences', { headers: user.auth, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await userRow(user.id)).toEqual(before);
  });

  it('ignores non-writable fields (mass assignment)', async () => {
    const user = await registerUser(ctx);
    const other = await registerUser(ctx);
    const before = await userRow(user.id);
    const otherBefore = await userRow(other.id);
    const res = await api(ctx, 'PUT', '/user/preferences', {
      headers: user.auth,
      payload: {
        language_id: 1,
        currency_code_id: 4,
        country_id: 32,
        user_id: other.id,
        id: other.id,
        stripe_customer_id: 'cus_evil',
        email_verified_at: '2020-01-01T00:00:00.000Z',
        email: 'hijack@example.com',
      },
    });
    expect(res.statusCode).toBe(200);
    const after = await userRow(user.id);
    expect(after).toEqual({ ...before, updated_at: after.updated_at });
    expect(await userRow(other.id)).toEqual(otherBefore);
  });
});

describe('GET /account-logs', () => {
  it('pages newest first, only the own entries, with IP and user agent and without secrets', async () => {
    const user = await registerUser(ctx);
    const other = await registerUser(ctx);
    await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: 'a wrong password' },
      headers: { 'user-agent': 'Agent/1.0' },
    });
    await api(ctx, 'POST', '/auth/login', {
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Agent/1.0' },
    });
    await recordAccountLog(
      ctx.database.db,
      user.id,
      'export',
      { ip: '10.0.0.1', headers: {} },
      {
        format: 'csv',
        token: 'secret-token',
        nested: { password: 'p', rows: 3 },
      },
    );
    const first = await api(ctx, 'GET', '/account-logs?per_page=2', { headers: user.auth });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.meta).toEqual({ total: 4, page: 1, per_page: 2 });
    expect(body.data.map((l: { event: string }) => l.event)).toEqual(['export', 'login']);
    expect(body.data[0]).toMatchObject({ ip: '10.0.0.1', details: { format: 'csv', nested: { rows: 3 } } });
    expect(JSON.stringify(body)).not.toMatch(/secret-token|"password"/);
    expect(body.data[1]).toMatchObject({
      ip: '127.0.0.1',
      user_agent: 'Agent/1.0',
      created_at: expect.any(String),
    });
    const second = (await api(ctx, 'GET', '/account-logs?per_page=2&page=2', { headers: user.auth })).json();
    expect(second.data.map((l: { event: string }) => l.event)).toEqual(['login_failed', 'register']);
    const otherLogs = (await api(ctx, 'GET', '/account-logs', { headers: other.auth })).json();
    expect(otherLogs.data.map((l: { event: string }) => l.event)).toEqual(['register']);
    expect(otherLogs.meta).toEqual({ total: 1, page: 1, per_page: 50 });
  });

  it('validates paging', async () => {
    const user = await registerUser(ctx);
    for (const q of ['page=0', 'per_page=1000', 'page=abc']) {
      expect((await api(ctx, 'GET', `/account-logs?${q}`, { headers: user.auth })).statusCode, q).toBe(422);
    }
  });

  it('never stores a password or token from any identity flow', async () => {
    const user = await registerUser(ctx);
    await api(ctx, 'POST', '/auth/forgot-password', {
      payload: { email: user.email },
      remoteAddress: '10.7.7.7',
    });
    const token = tokenFromLink(ctx.mailer.last(user.email)?.link);
    await api(ctx, 'POST', '/auth/reset-password', {
      payload: { token, password: 'reset password 42', password_confirmation: 'reset password 42' },
    });
    const rows = await ctx.database.db
      .selectFrom('account_logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    const dump = JSON.stringify(rows);
    for (const secret of [
      token,
      'reset password 42',
      PASSWORD,
      user.tokens.refresh_token,
      user.tokens.access_token,
    ]) {
      expect(dump).not.toContain(secret);
    }
  });
});
