import { addMonths, currentMonth, MAX_CENTS, MAX_TOTAL_CENTS } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { appForFile, createUser, type TestUser } from '../app.ts';
import { createAccount, createEntry, type EntryInput, expense, income } from './helpers.ts';

/**
 * QUALITY.md "Money has limits" (docs/decisions/money-limits.md): one amount is at most MAX_CENTS, a user's
 * money volume (Σ |entry values| + Σ |initial balances|) at most MAX_TOTAL_CENTS; a write past it is a 422
 * that writes nothing, and every figure of a saturated user stays exact.
 */
const ctx = await appForFile();

async function volumeOf(user: TestUser): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('user_money_totals')
    .select('volume')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return Number(row?.volume ?? 0);
}

/** Every row the user has in the tables a refused write could have touched. */
async function snapshot(user: TestUser) {
  const db = ctx.database.db;
  const rows = (table: 'entries' | 'entry_series' | 'accounts' | 'account_month_totals' | 'tags') =>
    db.selectFrom(table).selectAll().where('user_id', '=', user.id).execute();
  return {
    entries: (await rows('entries')).length,
    series: (await rows('entry_series')).length,
    accounts: await rows('accounts'),
    totals: await rows('account_month_totals'),
    tags: (await rows('tags')).length,
    volume: await volumeOf(user),
  };
}

/**
 * A fixed series of `months` monthly occurrences of MAX_CENTS from January 2010, all in the past, so every
 * occurrence is written by the create whatever today is: volume + months × MAX_CENTS in one request.
 */
function bigSeries(make: (overrides: EntryInput) => EntryInput, months: number): EntryInput {
  const last = addMonths('2010-01', months - 1);
  return make({ value: MAX_CENTS, date: '2010-01-15', fixed: true, limit_fixed_date: `${last}-15` });
}

/** Brings the user's volume to exactly `target` with expenses on `account` (series, then single entries). */
async function fillTo(user: TestUser, account: number, target: number): Promise<void> {
  let missing = target - (await volumeOf(user));
  while (missing >= MAX_CENTS) {
    const months = Math.min(120, Math.floor(missing / MAX_CENTS));
    await createEntry(
      user,
      bigSeries((o) => expense(account, o), months),
    );
    missing -= months * MAX_CENTS;
  }
  while (missing > 0) {
    const value = Math.min(missing, MAX_CENTS);
    await createEntry(user, expense(account, { value, date: '2009-12-01' }));
    missing -= value;
  }
  expect(await volumeOf(user)).toBe(target);
}

const post = (user: TestUser, url: string, payload: unknown) =>
  user.request({ method: 'POST', url: `/api/v1${url}`, payload: payload as Record<string, unknown> });

describe('money limits', () => {
  it('one amount is at most MAX_CENTS (entry value, installment total, initial balance)', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    for (const [url, payload, field] of [
      ['/entry', expense(account, { value: MAX_CENTS + 1 }), 'value'],
      ['/entry', expense(account, { value: MAX_CENTS + 1, installments: 3 }), 'value'],
      ['/account', { name: 'Big', initial_balance: MAX_CENTS + 1 }, 'initial_balance'],
      ['/account', { name: 'Big', initial_balance: -MAX_CENTS - 1 }, 'initial_balance'],
    ] as const) {
      const res = await post(user, url, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await post(user, '/entry', expense(account, { value: MAX_CENTS }))).statusCode).toBe(201);
    expect(await volumeOf(user)).toBe(MAX_CENTS);
  });

  it('saturates: exactly at the limit every figure is exact, one more cent is a 422 that writes nothing', async () => {
    const user = await createUser(ctx, 'Saturated');
    const a = await createAccount(user, { name: 'A', initial_balance: MAX_CENTS - 1000 });
    const b = await createAccount(user, { name: 'B', initial_balance: -MAX_CENTS });
    // 9 income series of 90 months on A (8.1e15), an expense series of 88 months on B (8.8e14) and one
    // expense of 1000 on B: with the initial balances (2e13 - 1000), 9e15 = MAX_TOTAL_CENTS exactly.
    for (let i = 0; i < 9; i++)
      await createEntry(
        user,
        bigSeries((o) => income(a, o), 90),
      );
    await createEntry(
      user,
      bigSeries((o) => expense(b, o), 88),
    );
    const small = await createEntry(user, expense(b, { value: 1000, date: '2009-12-01' }));
    expect(await volumeOf(user)).toBe(MAX_TOTAL_CENTS);

    const before = await snapshot(user);
    const refused = await post(user, '/entry', expense(a, { value: 1 }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      key: 'invalidData',
      errors: { value: [expect.stringContaining('largest total')] },
    });
    const put = (url: string, payload: Record<string, unknown>) =>
      user.request({ method: 'PUT', url: `/api/v1${url}`, payload });
    for (const [send, field] of [
      [() => post(user, '/entry', expense(a, { value: 2, installments: 2 })), 'value'],
      [() => post(user, '/entry', expense(a, { value: 1, fixed: true })), 'value'],
      [() => post(user, '/entry', expense(a, { value: 1, tags: 'a-new-tag' })), 'value'],
      [() => post(user, '/account', { name: 'C', initial_balance: 1 }), 'initial_balance'],
      [() => put(`/entry/${small.id}`, { value: 1001 }), 'value'],
      [() => put(`/account/${a}`, { initial_balance: MAX_CENTS }), 'initial_balance'],
      [() => put(`/account/${a}`, { initial_balance: -MAX_CENTS }), 'initial_balance'],
    ] as const) {
      const res = await send();
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toEqual([field]);
    }
    // Nothing was written: no entry, series, tag, account, aggregate or volume change.
    expect(await snapshot(user)).toEqual(before);

    // Every figure answers 200, exact to the cent (no entry was sent paid: paid balances are the initial ones).
    const month = '2017-06';
    const balance = await user.request({ method: 'GET', url: `/api/v1/entry/balance?month=${month}` });
    expect(balance.statusCode, balance.body).toBe(200);
    const predictedA = MAX_CENTS - 1000 + 810 * MAX_CENTS;
    const predictedB = -MAX_CENTS - 88 * MAX_CENTS - 1000;
    expect(balance.json()).toEqual({
      month,
      income: 9 * MAX_CENTS,
      expense: 0,
      investment: 0,
      result: 9 * MAX_CENTS,
      opening_balance: -1000,
      closing_balance: -1000,
      predicted_balance: predictedA + predictedB,
      invoices: 0,
      accounts: [
        {
          account_id: a,
          opening_balance: MAX_CENTS - 1000,
          closing_balance: MAX_CENTS - 1000,
          predicted_balance: predictedA,
        },
        {
          account_id: b,
          opening_balance: -MAX_CENTS,
          closing_balance: -MAX_CENTS,
          predicted_balance: predictedB,
        },
      ],
    });
    const accounts = await user.request({ method: 'GET', url: '/api/v1/account' });
    expect(accounts.statusCode, accounts.body).toBe(200);
    expect(
      accounts
        .json()
        .data.map((x: { id: number; balance: number; predicted_balance: number }) => [
          x.id,
          x.balance,
          x.predicted_balance,
        ]),
    ).toEqual([
      [a, MAX_CENTS - 1000, predictedA],
      [b, -MAX_CENTS, predictedB],
    ]);
    const list = await user.request({ method: 'GET', url: `/api/v1/entry?month=${month}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(9);
  });

  it('deletes and edits give volume back; deleting an account gives back its entries and initial balance', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user, { name: 'A' });
    const b = await createAccount(user, { name: 'B', initial_balance: -5000 });
    await fillTo(user, a, MAX_TOTAL_CENTS);
    expect((await post(user, '/entry', expense(b, { value: 1 }))).statusCode).toBe(422);

    // Delete: one entry of MAX_CENTS deleted, one of MAX_CENTS fits again, a cent more does not.
    const [victim] = (await user.request({ method: 'GET', url: `/api/v1/entry?month=2010-01` })).json().data;
    const deleted = await user.request({ method: 'DELETE', url: `/api/v1/entry/${victim.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await volumeOf(user)).toBe(MAX_TOTAL_CENTS - MAX_CENTS);
    await createEntry(user, expense(b, { value: MAX_CENTS, date: '2030-01-01' }));
    expect((await post(user, '/entry', expense(b, { value: 1 }))).statusCode).toBe(422);

    // Edit: a value lowered by 100 cents makes room for exactly 100.
    const [edited] = (await user.request({ method: 'GET', url: `/api/v1/entry?month=2010-02` })).json().data;
    const lowered = await user.request({
      method: 'PUT',
      url: `/api/v1/entry/${edited.id}`,
      payload: { value: MAX_CENTS - 100 },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await volumeOf(user)).toBe(MAX_TOTAL_CENTS - 100);
    expect((await post(user, '/entry', expense(b, { value: 101 }))).statusCode).toBe(422);
    await createEntry(user, expense(b, { value: 100 }));
    expect(await volumeOf(user)).toBe(MAX_TOTAL_CENTS);

    // An initial balance moved towards zero gives back the difference of the absolute values.
    const closer = await user.request({
      method: 'PUT',
      url: `/api/v1/account/${b}`,
      payload: { initial_balance: -4000 },
    });
    expect(closer.statusCode, closer.body).toBe(200);
    expect(await volumeOf(user)).toBe(MAX_TOTAL_CENTS - 1000);

    // Deleting account B with its entries gives back their values and its initial balance.
    const values = await ctx.database.db
      .selectFrom('entries')
      .select('value')
      .where('user_id', '=', user.id)
      .where('account_id', '=', b)
      .execute();
    const freed = 4000 + values.reduce((sum, r) => sum + Number(r.value), 0);
    const removed = await user.request({
      method: 'DELETE',
      url: `/api/v1/account/${b}?delete_entries=true`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await volumeOf(user)).toBe(MAX_TOTAL_CENTS - 1000 - freed);
    // What is left is exactly what the user's rows add up to.
    const rest = await ctx.database.db
      .selectFrom('entries')
      .select('value')
      .where('user_id', '=', user.id)
      .execute();
    expect(await volumeOf(user)).toBe(rest.reduce((sum, r) => sum + Number(r.value), 0));
  });

  it('parallel writes never pass the limit together', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    await fillTo(user, account, MAX_TOTAL_CENTS - 5 * MAX_CENTS);
    const entries = async () =>
      (await ctx.database.db.selectFrom('entries').select('id').where('user_id', '=', user.id).execute())
        .length;
    const before = await entries();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(user, '/entry', expense(account, { value: MAX_CENTS, description: `race ${i}` })),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(15);
    expect(await volumeOf(user)).toBe(MAX_TOTAL_CENTS);
    expect(await entries()).toBe(before + 5);

    // A user's first writes in parallel (the volume row does not exist yet) all count.
    const fresh = await createUser(ctx);
    const freshAccount = await createAccount(fresh);
    const firsts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(fresh, '/entry', expense(freshAccount, { value: 1000 + i }))),
    );
    expect(firsts.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(await volumeOf(fresh)).toBe(10 * 1000 + 45);
  });

  it('a fixed series read past the limit stops materialising and the read answers 200', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const now = currentMonth();
    const open = await createEntry(
      user,
      expense(account, { value: MAX_CENTS, date: `${now}-10`, fixed: true }),
    );
    await fillTo(user, account, MAX_TOTAL_CENTS);
    const far = addMonths(now, 48);
    const occurrences = async () =>
      (await user.request({ method: 'GET', url: `/api/v1/entry?month=${far}` }))
        .json()
        .data.filter((e: { series_id: number }) => e.series_id === open.series_id);
    expect(await occurrences()).toEqual([]);
    const balance = await user.request({ method: 'GET', url: `/api/v1/entry/balance?month=${far}` });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(await volumeOf(user)).toBe(MAX_TOTAL_CENTS);

    // Once amounts are deleted (the 120-month series of fillTo), the next read materialises it.
    const [filler] = (await user.request({ method: 'GET', url: '/api/v1/entry?month=2010-01' })).json().data;
    const gone = await user.request({ method: 'DELETE', url: `/api/v1/entry/${filler.id}?scope=all` });
    expect(gone.statusCode).toBe(204);
    expect(await occurrences()).toHaveLength(1);
    expect(await volumeOf(user)).toBeLessThanOrEqual(MAX_TOTAL_CENTS);
  });
});
