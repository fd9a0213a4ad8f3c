import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../app.ts';
import { createAccount, createEntry, expense } from './helpers.ts';
import { expectAggregatesMatchEntries } from './recompute.ts';

/**
 * Issue 17: two or three identical (or competing) requests at once on the same row leave the figures as if
 * they had come one after the other — on PostgreSQL under READ COMMITTED as on SQLite. Each case fires the
 * requests together, checks the answers (a second delete is a 404, no 5xx) and then every aggregate against
 * a recomputation from the entries (recompute.ts). docs/decisions/concurrency.md.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const at = (user: TestUser, n: number, options: (i: number) => InjectOptions) =>
  Promise.all(Array.from({ length: n }, (_, i) => user.request(options(i))));
const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode).sort();
const check = (user: TestUser, label: string) =>
  expectAggregatesMatchEntries(ctx.database.db, user.id, label);

async function closingBalance(user: TestUser, account: number, month = '2026-11'): Promise<number> {
  const balance = (await user.request({ url: `/api/v1/entry/balance?month=${month}` })).json();
  return balance.accounts.find((a: { account_id: number }) => a.account_id === account).closing_balance;
}

async function card(user: TestUser, account: number): Promise<number> {
  const res = await user.request({
    method: 'POST',
    url: '/api/v1/card',
    payload: { name: 'Card', limit: 500000, close_day: 10, expiration_day: 17, account_id: account },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const purchase = (cardId: number, value: number, date = '2026-11-05') => {
  const { account_id: _a, ...base } = expense(0, { value, date });
  return { ...base, card_id: cardId };
};

describe('simultaneous writes of one entry', () => {
  it('three DELETEs of a paid expense: one 204, two 404, the balance moves once', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user, { initial_balance: 50000 });
    const e = await createEntry(user, expense(a, { value: 10000, paid: true }));
    const answers = await at(user, 3, () => ({ method: 'DELETE', url: `/api/v1/entry/${e.id}` }));
    expect(statuses(answers)).toEqual([204, 404, 404]);
    expect(await closingBalance(user, a)).toBe(50000);
    await check(user, 'delete');
  });

  it('three paid toggles to true take the value out once; three to false put it back once', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user, { initial_balance: 50000 });
    const e = await createEntry(user, expense(a, { value: 10000 }));
    const paid = (p: boolean) => () => ({
      method: 'POST' as const,
      url: `/api/v1/entry/${e.id}/paid`,
      payload: { paid: p },
    });
    expect(statuses(await at(user, 3, paid(true)))).toEqual([200, 200, 200]);
    expect(await closingBalance(user, a)).toBe(40000);
    await check(user, 'paid');
    expect(statuses(await at(user, 3, paid(false)))).toEqual([200, 200, 200]);
    expect(await closingBalance(user, a)).toBe(50000);
    await check(user, 'unpaid');
  });

  it('five PUTs with different values: the balance counts the value the entry stores', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user, { initial_balance: 0 });
    const e = await createEntry(user, expense(a, { value: 1000, paid: true }));
    const answers = await at(user, 5, (i) => ({
      method: 'PUT',
      url: `/api/v1/entry/${e.id}`,
      payload: { value: 2000 * (i + 1) },
    }));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200]);
    const stored = (await user.request({ url: `/api/v1/entry/${e.id}` })).json().value;
    expect(await closingBalance(user, a)).toBe(-stored);
    await check(user, 'update');
  });

  it('series edits (scope all and next) and deletes at once on one installment series', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user, { initial_balance: 0 });
    const first = await createEntry(user, expense(a, { value: 60000, installments: 6, paid: true }));
    const series = (await user.request({ url: '/api/v1/entry?start_date=2026-01-01&end_date=2027-12-31' }))
      .json()
      .data.filter((x: { series_id: number | null }) => x.series_id === first.series_id)
      .map((x: { id: number }) => x.id);
    const answers = await Promise.all([
      user.request({ method: 'PUT', url: `/api/v1/entry/${first.id}?scope=all`, payload: { value: 3000 } }),
      user.request({ method: 'PUT', url: `/api/v1/entry/${series[2]}?scope=next`, payload: { value: 7000 } }),
      user.request({ method: 'DELETE', url: `/api/v1/entry/${series[3]}?scope=next` }),
      user.request({ method: 'DELETE', url: `/api/v1/entry/${series[1]}` }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    await check(user, 'series');
  });
});

describe('simultaneous writes of one invoice or card', () => {
  it('three payments of one invoice pay it once (the others: nothing to pay); three undos undo it once', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user, { initial_balance: 100000 });
    const c = await card(user, a);
    await createEntry(user, purchase(c, 10000));
    const invoice = (await user.request({ url: `/api/v1/card/${c}/invoice?month=2026-11` })).json();
    const pay = (paid: boolean) => () => ({
      method: 'POST' as const,
      url: `/api/v1/invoice/${invoice.id}/paid`,
      payload: { paid, date: '2026-11-17' },
    });
    expect(statuses(await at(user, 3, pay(true)))).toEqual([200, 422, 422]);
    let now = (await user.request({ url: `/api/v1/invoice/${invoice.id}` })).json();
    expect([now.paid_amount, now.outstanding]).toEqual([10000, 0]);
    expect(await closingBalance(user, a)).toBe(90000);
    await check(user, 'pay');
    expect(statuses(await at(user, 3, pay(false)))).toEqual([200, 200, 200]);
    now = (await user.request({ url: `/api/v1/invoice/${invoice.id}` })).json();
    expect([now.paid_amount, now.outstanding]).toEqual([0, 10000]);
    expect(await closingBalance(user, a)).toBe(100000);
    await check(user, 'undo');
  });

  it('invoice date edits and card day changes at once move each entry once', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user);
    const c = await card(user, a);
    for (const day of ['03', '08', '09', '11', '12', '15'])
      await createEntry(user, purchase(c, 1000, `2026-11-${day}`));
    const invoice = (await user.request({ url: `/api/v1/card/${c}/invoice?month=2026-11` })).json();
    const answers = await Promise.all([
      ...['2026-11-07', '2026-11-12', '2026-11-09'].map((close) =>
        user.request({ method: 'PUT', url: `/api/v1/invoice/${invoice.id}`, payload: { close_date: close } }),
      ),
      user.request({
        method: 'PUT',
        url: `/api/v1/card/${c}`,
        payload: { close_day: 5, expiration_day: 12 },
      }),
      user.request({
        method: 'PUT',
        url: `/api/v1/card/${c}`,
        payload: { close_day: 14, expiration_day: 21 },
      }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    await check(user, 'dates');
  });
});

describe('deletions with entries while entries are written', () => {
  it('a category deleted (entries moved) while entries are created in it: no 5xx, figures add up', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user);
    const category = await user.request({
      method: 'POST',
      url: '/api/v1/category',
      payload: { name: 'Mine', type: 'expense' },
    });
    const id = category.json().id;
    await createEntry(user, expense(a, { category_id: id, sub_category_id: null, paid: true }));
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        user.request({
          method: 'POST',
          url: '/api/v1/entry',
          payload: expense(a, { category_id: id, sub_category_id: null, paid: true }),
        }),
      ),
      user.request({ method: 'DELETE', url: `/api/v1/category/${id}`, payload: { category_id: 3 } }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    await check(user, 'category');
  });

  it('an account deleted with its entries while transfers into it are created: no 5xx, the other side adds up', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user, { initial_balance: 0 });
    const b = await createAccount(user, { initial_balance: 0 });
    const transfer = (value: number) => ({
      description: 'T',
      value,
      date: '2026-11-10',
      operation_id: 4,
      account_id: a,
      destination_account_id: b,
      paid: true,
    });
    await createEntry(user, transfer(100));
    const answers = await Promise.all([
      ...[200, 300, 400].map((v) =>
        user.request({ method: 'POST', url: '/api/v1/entry', payload: transfer(v) }),
      ),
      user.request({ method: 'DELETE', url: `/api/v1/account/${b}?delete_entries=true` }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    await check(user, 'account');
    const left = (await user.request({ url: '/api/v1/entry?month=2026-11' })).json().data;
    expect(await closingBalance(user, a)).toBe(
      0 - left.reduce((s: number, e: { value: number }) => s + e.value, 0),
    );
  });
});

describe('simultaneous budget writes', () => {
  it('the same budget created three times at once: one 201, two 409 with a message', async () => {
    const user = await createUser(ctx);
    const answers = await at(user, 3, () => ({
      method: 'POST',
      url: '/api/v1/budget',
      payload: { category_id: 3, month: '2026-11', value: 10000 },
    }));
    expect(statuses(answers)).toEqual([201, 409, 409]);
    const refused = answers.find((x) => x.statusCode === 409);
    expect(refused?.json().message).toBeTruthy();
  });

  it('replicate, fill and erase three times at once: no 5xx, one budget per month and category', async () => {
    const user = await createUser(ctx);
    for (const category of [3, 4, 6]) {
      const res = await user.request({
        method: 'POST',
        url: '/api/v1/budget',
        payload: { category_id: category, month: '2026-01', value: 1000 * category },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const replicate = await at(user, 3, () => ({
      method: 'POST',
      url: '/api/v1/budget/replicate',
      payload: { month: '2026-01', to_month: '2026-06' },
    }));
    expect(statuses(replicate)).toEqual([200, 200, 200]);
    expect(replicate.reduce((sum, r) => sum + r.json().created, 0)).toBe(15);
    const fill = await at(user, 3, () => ({
      method: 'POST',
      url: '/api/v1/budget/fill',
      payload: { month: '2026-08', strategy: 'zero' },
    }));
    expect(statuses(fill)).toEqual([200, 200, 200]);
    const erase = await at(user, 3, () => ({ url: '/api/v1/budget/deleteByMonth/?month=2026-03' }));
    expect(statuses(erase)).toEqual([200, 200, 200]);
    const rows = await ctx.database.db
      .selectFrom('budgets')
      .select(['month', 'category_id'])
      .where('user_id', '=', user.id)
      .execute();
    const keys = rows.map((r) => `${r.month}|${r.category_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.filter((r) => r.month <= '2026-06')).toHaveLength(18);
  });
});
