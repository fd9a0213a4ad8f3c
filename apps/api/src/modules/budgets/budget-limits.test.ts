import { MAX_CENTS } from '@centavo/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile, createUser, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense, income } from '../../../test/ledger/helpers.ts';

/**
 * The month's overall spending limit (issue 23, docs/decisions/budgets.md): PUT/DELETE /budget/limit, shown by
 * GET /category/budget against the summary's spending, replicated and erased with the month's budgets.
 */
const ctx = await appForFile();
const MONTH = '2026-03';

const send = (user: TestUser, options: InjectOptions) =>
  user.request({ ...options, url: `/api/v1${options.url}` });
const setLimit = (user: TestUser, value: unknown, month: unknown = MONTH) =>
  send(user, { method: 'PUT', url: '/budget/limit', payload: { month, value } });
const removeLimit = (user: TestUser, month = MONTH) =>
  send(user, { method: 'DELETE', url: `/budget/limit?month=${month}` });

async function listOf(user: TestUser, month = MONTH) {
  const res = await send(user, { method: 'GET', url: `/category/budget?month=${month}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { summary: { spent: number }; limit: Record<string, unknown> | null };
}

async function rows(user: TestUser) {
  const stored = await ctx.database.db
    .selectFrom('budget_limits')
    .select(['month', 'value'])
    .where('user_id', '=', user.id)
    .orderBy('month')
    .execute();
  return stored.map((r) => ({ month: r.month, value: Number(r.value) }));
}

/** A user whose March has 240.00 of spending (accrual): 250.00 of expenses, a 10.00 refund, a salary. */
async function userWithSpending(): Promise<TestUser> {
  const user = await createUser(ctx);
  const account = await createAccount(user);
  await createEntry(user, expense(account, { value: 15000, date: '2026-03-02' }));
  await createEntry(
    user,
    expense(account, { value: 10000, date: '2026-03-10', category_id: 4, sub_category_id: null }),
  );
  // A refund in an expense category lowers the spending; income (salary) does not count.
  await createEntry(user, income(account, { value: 1000, date: '2026-03-11', category_id: 3 }));
  await createEntry(user, income(account, { value: 500000, date: '2026-03-05' }));
  return user;
}

describe('the overall monthly limit', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await userWithSpending();
  });

  it('is set, shown against the month’s spending with the category bands, replaced and removed', async () => {
    expect((await listOf(user)).limit).toBeNull();
    const set = await setLimit(user, 40000);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ month: MONTH, value: 40000 });
    const list = await listOf(user);
    // The limit reads the summary's spending: the same basis as the category budgets.
    expect(list.summary.spent).toBe(24000);
    expect(list.limit).toEqual({ value: 40000, spent: 24000, remaining: 16000, percent: 60, band: 'within' });
    // The thresholds of the category budgets: ≥ 80 % near, 100 % still near, above it over.
    for (const [value, percent, band] of [
      [30000, 80, 'near'],
      [24000, 100, 'near'],
      [20000, 120, 'over'],
    ] as const) {
      expect((await setLimit(user, value)).statusCode).toBe(200);
      expect((await listOf(user)).limit).toMatchObject({ value, percent, band, remaining: value - 24000 });
    }
    // A limit of 0 with spending is over, as a category budget of 0 is.
    await setLimit(user, 0);
    expect((await listOf(user)).limit).toMatchObject({ value: 0, percent: null, band: 'over' });
    expect(await rows(user)).toEqual([{ month: MONTH, value: 0 }]);
    // Another month is untouched.
    expect((await listOf(user, '2026-04')).limit).toBeNull();

    expect((await removeLimit(user)).statusCode).toBe(204);
    expect((await listOf(user)).limit).toBeNull();
    const again = await removeLimit(user);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This month has no overall limit' });
  });

  it('refuses bad input with 422 naming the field, and amounts past the money limit', async () => {
    const fresh = await createUser(ctx);
    const bad: Array<[unknown, unknown, string]> = [
      [-1, MONTH, 'value'],
      [12.5, MONTH, 'value'],
      ['100', MONTH, 'value'],
      [MAX_CENTS + 1, MONTH, 'value'],
      [null, MONTH, 'value'],
      [100, '2026-13', 'month'],
      [100, '2026-3', 'month'],
    ];
    for (const [value, month, field] of bad) {
      const res = await setLimit(fresh, value, month);
      expect(res.statusCode, `${JSON.stringify([value, month])}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    const noMonth = await send(fresh, { method: 'PUT', url: '/budget/limit', payload: { value: 100 } });
    expect(noMonth.statusCode).toBe(422);
    expect((await removeLimit(fresh, '2026-13')).statusCode).toBe(422);
    expect(await rows(fresh)).toEqual([]);
    // The largest single amount is accepted.
    expect((await setLimit(fresh, MAX_CENTS)).statusCode).toBe(200);
    expect(await rows(fresh)).toEqual([{ month: MONTH, value: MAX_CENTS }]);
  });

  it('is one user’s: another user neither sees nor removes it', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    await setLimit(owner, 12345);
    expect((await listOf(other)).limit).toBeNull();
    expect((await removeLimit(other)).statusCode).toBe(404);
    await setLimit(other, 999);
    expect(await rows(owner)).toEqual([{ month: MONTH, value: 12345 }]);
    expect((await listOf(owner)).limit).toMatchObject({ value: 12345 });
  });

  it('replicates with the month’s budgets (kept unless overwrite) and goes when the month is erased', async () => {
    const u = await createUser(ctx);
    await send(u, { method: 'POST', url: '/budget', payload: { category_id: 3, month: MONTH, value: 5000 } });
    await setLimit(u, 70000);
    await setLimit(u, 1000, '2026-05');
    const replicate = (overwrite: boolean, key: string) =>
      send(u, {
        method: 'POST',
        url: '/budget/replicate',
        payload: { month: MONTH, to_month: '2026-06', overwrite },
        headers: { 'idempotency-key': key },
      });
    const first = await replicate(false, 'rep-a');
    // 3 months × (1 budget + the limit); May's limit is kept.
    expect(first.json()).toEqual({ created: 5, updated: 0, skipped: 1 });
    expect(await rows(u)).toEqual([
      { month: '2026-03', value: 70000 },
      { month: '2026-04', value: 70000 },
      { month: '2026-05', value: 1000 },
      { month: '2026-06', value: 70000 },
    ]);
    // The same key again answers the first counts and writes nothing.
    await setLimit(u, 2, '2026-04');
    expect((await replicate(false, 'rep-a')).json()).toEqual(first.json());
    expect((await listOf(u, '2026-04')).limit).toMatchObject({ value: 2 });
    const overwrite = await replicate(true, 'rep-b');
    expect(overwrite.json()).toEqual({ created: 0, updated: 6, skipped: 0 });
    expect((await rows(u)).map((r) => r.value)).toEqual([70000, 70000, 70000, 70000]);
    // A month without a limit replicates none (and removes none).
    await removeLimit(u, MONTH);
    const none = await send(u, {
      method: 'POST',
      url: '/budget/replicate',
      payload: { month: MONTH, to_month: '2026-04', overwrite: true },
    });
    expect(none.json()).toEqual({ created: 0, updated: 1, skipped: 0 });
    expect((await listOf(u, '2026-04')).limit).toMatchObject({ value: 70000 });

    const erased = await send(u, { method: 'GET', url: '/budget/deleteByMonth/?month=2026-04' });
    expect(erased.json()).toEqual({ created: 0, updated: 2, skipped: 0 });
    expect((await listOf(u, '2026-04')).limit).toBeNull();
    expect((await rows(u)).map((r) => r.month)).toEqual(['2026-05', '2026-06']);
  });
});

describe('simultaneous writes of the limit', () => {
  it('twenty sets at once: all answer, one row holding one of the values', async () => {
    const u = await createUser(ctx);
    const values = Array.from({ length: 20 }, (_, i) => 1000 * (i + 1));
    const answers = await Promise.all(values.map((v) => setLimit(u, v)));
    expect(answers.map((a) => a.statusCode)).toEqual(values.map(() => 200));
    const stored = await rows(u);
    expect(stored).toHaveLength(1);
    expect(values).toContain(stored[0]?.value);
    expect((await listOf(u)).limit).toMatchObject({ value: stored[0]?.value });
  });

  it('three removals at once: one 204, two 404', async () => {
    const u = await createUser(ctx);
    await setLimit(u, 1000);
    const answers = await Promise.all([removeLimit(u), removeLimit(u), removeLimit(u)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404, 404]);
    expect(await rows(u)).toEqual([]);
  });

  it('three replications at once: one limit per month, no 5xx', async () => {
    const u = await createUser(ctx);
    await setLimit(u, 1000);
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        send(u, { method: 'POST', url: '/budget/replicate', payload: { month: MONTH, to_month: '2026-08' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // Each month's limit is written once: the others found it (kept).
    expect(answers.reduce((sum, a) => sum + a.json().created, 0)).toBe(5);
    expect((await rows(u)).map((r) => r.month)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
    ]);
  });
});
