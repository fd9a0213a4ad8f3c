import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../app.ts';
import { createAccount, createEntry, expense } from './helpers.ts';
import { expectAggregatesMatchEntries } from './recompute.ts';

/**
 * Issue 17: POST /entry, /invoice/{id}/paid and /budget/replicate take an Idempotency-Key; the same key from
 * the same user within 24 h answers the first answer and writes nothing more (lib/idempotency.ts).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const count = async (user: TestUser, table: 'entries' | 'budgets') =>
  (await ctx.database.db.selectFrom(table).select('id').where('user_id', '=', user.id).execute()).length;

describe('Idempotency-Key', () => {
  it('POST /entry: a retry and three requests at once with one key record one entry and answer it each time', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user);
    const post = (key: string, payload = expense(a, { paid: true })) =>
      user.request({ method: 'POST', url: '/api/v1/entry', payload, headers: { 'idempotency-key': key } });
    const first = await post('k-1');
    const retry = await post('k-1');
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    const together = await Promise.all([post('k-2'), post('k-2'), post('k-2')]);
    expect(together.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(together.map((r) => r.json().id)).size).toBe(1);
    expect(await count(user, 'entries')).toBe(2);
    await expectAggregatesMatchEntries(ctx.database.db, user.id);
    // Without a key every request is a new entry; the same key with another body is refused.
    await createEntry(user, expense(a));
    expect(await count(user, 'entries')).toBe(3);
    const other = await post('k-1', expense(a, { value: 1 }));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['idempotency-key']).toBeDefined();
  });

  it('keys are per user, and a key older than 24 h is a new request', async () => {
    const [u, v] = [await createUser(ctx), await createUser(ctx)];
    for (const user of [u, v]) {
      const a = await createAccount(user);
      const res = await user.request({
        method: 'POST',
        url: '/api/v1/entry',
        payload: expense(a),
        headers: { 'idempotency-key': 'shared' },
      });
      expect(res.statusCode).toBe(201);
      expect(await count(user, 'entries')).toBe(1);
    }
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3600 * 1000).toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    const accounts = (await u.request({ url: '/api/v1/account' })).json().data;
    const again = await u.request({
      method: 'POST',
      url: '/api/v1/entry',
      payload: expense(accounts[0].id),
      headers: { 'idempotency-key': 'shared' },
    });
    expect(again.statusCode).toBe(201);
    expect(await count(u, 'entries')).toBe(2);
  });

  it('POST /invoice/{id}/paid: the same key twice pays once', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user, { initial_balance: 100000 });
    const card = await user.request({
      method: 'POST',
      url: '/api/v1/card',
      payload: { name: 'C', limit: 500000, close_day: 10, expiration_day: 17, account_id: a },
    });
    const { account_id: _a, ...purchase } = expense(0, { value: 10000, date: '2026-11-05' });
    await createEntry(user, { ...purchase, card_id: card.json().id });
    const invoice = (
      await user.request({ url: `/api/v1/card/${card.json().id}/invoice?month=2026-11` })
    ).json();
    const pay = () =>
      user.request({
        method: 'POST',
        url: `/api/v1/invoice/${invoice.id}/paid`,
        payload: { paid: true, value: 4000, date: '2026-11-17' },
        headers: { 'idempotency-key': 'pay-1' },
      });
    const answers = await Promise.all([pay(), pay()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers[1]?.json()).toEqual(answers[0]?.json());
    const now = (await user.request({ url: `/api/v1/invoice/${invoice.id}` })).json();
    expect(now.paid_amount).toBe(4000);
    expect(now.payments).toHaveLength(1);
    await expectAggregatesMatchEntries(ctx.database.db, user.id);
  });

  it('POST /budget/replicate: the retry answers the first counts and writes nothing', async () => {
    const user = await createUser(ctx);
    const created = await user.request({
      method: 'POST',
      url: '/api/v1/budget',
      payload: { category_id: 3, month: '2026-01', value: 5000 },
    });
    expect(created.statusCode).toBe(201);
    const replicate = () =>
      user.request({
        method: 'POST',
        url: '/api/v1/budget/replicate',
        payload: { month: '2026-01', to_month: '2026-03' },
        headers: { 'idempotency-key': 'rep-1' },
      });
    const first = await replicate();
    expect(first.json()).toEqual({ created: 2, updated: 0, skipped: 0 });
    // Erased in between: a second replication would create it again; the retry does not.
    await user.request({ url: '/api/v1/budget/deleteByMonth/?month=2026-03' });
    const retry = await replicate();
    expect(retry.json()).toEqual(first.json());
    const march = await ctx.database.db
      .selectFrom('budgets')
      .select('active')
      .where('user_id', '=', user.id)
      .where('month', '=', '2026-03')
      .executeTakeFirstOrThrow();
    expect(Number(march.active)).toBe(0);
  });
});
