import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../app.ts';
import { at, createAccount, createEntry, expense, income } from './helpers.ts';

/**
 * Issue 18 outside the cards' own rules (DESIGN.md §4): time_zone in the preferences, the currency switch,
 * refunds in expense categories, the smallest installment, the budget erase of the specification's client,
 * the debt report's overdue and the first balance past the series horizon.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const put = (user: TestUser, url: string, payload: Record<string, unknown>) =>
  user.request({ method: 'PUT', url, payload });
const get = (user: TestUser, url: string) => user.request({ method: 'GET', url });

async function createCard(user: TestUser): Promise<number> {
  const res = await user.request({
    method: 'POST',
    url: '/api/v1/card',
    payload: { name: 'Card', flag_id: 2, limit: 500000, close_day: 20, expiration_day: 27 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('preferences: time_zone and the currency', () => {
  it('time_zone is an IANA name: stored and answered; unknown → 422 under the field', async () => {
    const user = await createUser(ctx);
    const body = { language_id: 1, currency_code_id: 4, country_id: 32 };
    const bad = await put(user, '/api/v1/user/preferences', { ...body, time_zone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['time_zone']);
    const ok = await put(user, '/api/v1/user/preferences', { ...body, time_zone: 'America/Sao_Paulo' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().time_zone).toBe('America/Sao_Paulo');
    // The spec's client sends the three ids only: the zone stays.
    expect((await put(user, '/api/v1/user/preferences', body)).statusCode).toBe(200);
    expect((await get(user, '/api/v1/user/preferences')).json().time_zone).toBe('America/Sao_Paulo');
  });

  it('registration takes the browser time zone', async () => {
    const email = `tz-${Date.now()}@example.com`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        name: 'Ana',
        email,
        password: 'a long enough password 1',
        password_confirmation: 'a long enough password 1',
        time_zone: 'Asia/Tokyo',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await ctx.database.db
      .selectFrom('users')
      .select('time_zone')
      .where('email_normalized', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.time_zone).toBe('Asia/Tokyo');
  });

  it('with entries, a currency with other minor-unit digits → 409 currencyHasEntries; same digits change', async () => {
    const currencies = await ctx.database.db.selectFrom('currencies').select(['id', 'decimals']).execute();
    const yen = currencies.find((c) => Number(c.decimals) === 0);
    const twoDigits = currencies.find((c) => Number(c.decimals) === 2 && Number(c.id) !== 4);
    if (!yen || !twoDigits) throw new Error('reference currencies missing');
    const fresh = await createUser(ctx);
    const body = { language_id: 1, country_id: 32 };
    // No entries: any currency.
    expect(
      (await put(fresh, '/api/v1/user/preferences', { ...body, currency_code_id: yen.id })).statusCode,
    ).toBe(200);
    const user = await createUser(ctx);
    await createEntry(user, expense(await createAccount(user), { value: 1234 }));
    const refused = await put(user, '/api/v1/user/preferences', { ...body, currency_code_id: yen.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('currencyHasEntries');
    expect(Object.keys(refused.json().errors)).toEqual(['currency_code_id']);
    expect((await get(user, '/api/v1/user/preferences')).json().currency_code_id).toBe(4);
    const same = await put(user, '/api/v1/user/preferences', { ...body, currency_code_id: twoDigits.id });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('refunds in expense categories', () => {
  it('lower the category spending in budgets, balance and reports, and are never income', async () => {
    at('2026-03-15T12:00:00Z');
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const card = await createCard(user);
    await createEntry(user, expense(account, { date: '2026-03-05', value: 10000 }));
    // A store refund by Pix: an income in the purchase's expense category (Food 3).
    await createEntry(user, income(account, { date: '2026-03-06', value: 3000, category_id: 3 }));
    // A card purchase and its refund (estorno) in the same category.
    await createEntry(user, {
      ...expense(0, { date: '2026-03-07', value: 5000 }),
      account_id: undefined,
      card_id: card,
    });
    await createEntry(user, {
      ...income(0, { date: '2026-03-08', value: 2000, category_id: 3, sub_category_id: 5 }),
      account_id: undefined,
      card_id: card,
    });
    const balance = (await get(user, '/api/v1/entry/balance?month=2026-03')).json();
    expect([balance.income, balance.expense]).toEqual([0, 7000]);
    const budget = (await get(user, '/api/v1/category/budget?month=2026-03')).json();
    expect(budget.data.find((r: { category_id: number }) => r.category_id === 3)?.spent).toBe(10000);
    const analysis = (
      await get(user, '/api/v1/report/analysis?range=custom&start=2026-03&end=2026-03')
    ).json();
    expect([analysis.data[0].income, analysis.data[0].expense]).toEqual([0, 10000]);
    const dashboard = (await get(user, '/api/v1/category/dashboard?month=2026-03&basis=accrual')).json();
    expect(dashboard.data.find((r: { category_id: number }) => r.category_id === 3)?.value).toBe(10000);
  });
});

describe('installments', () => {
  it('each is at least one minor unit: 2 cents in 3 installments → 422 under installments', async () => {
    const user = await createUser(ctx);
    const res = await user.request({
      method: 'POST',
      url: '/api/v1/entry',
      payload: expense(await createAccount(user), { value: 2, installments: 3 }),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['installments']);
    expect((await get(user, '/api/v1/entry?month=2026-11')).json().data).toEqual([]);
  });
});

describe('budgets', () => {
  it("the specification's erase {value: 0, active: 0} is accepted, as is active: 1", async () => {
    const user = await createUser(ctx);
    const created = await user.request({
      method: 'POST',
      url: '/api/v1/budget',
      payload: { category_id: 3, month: '2026-03', value: 50000, active: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().active).toBe(true);
    const erased = await put(user, `/api/v1/budget/${created.json().id}`, { value: 0, active: 0 });
    expect(erased.statusCode, erased.body).toBe(200);
    expect([erased.json().value, erased.json().active]).toEqual([0, false]);
    expect((await put(user, `/api/v1/budget/${created.json().id}`, { active: 2 })).statusCode).toBe(422);
  });
});

describe('GET /report/debt overdue', () => {
  it('what fell due before the current month and is still owed: unpaid installments and invoices', async () => {
    at('2026-03-10T12:00:00Z');
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const card = await createCard(user);
    // A January invoice nobody paid, and an account installment of February left unpaid.
    await createEntry(user, {
      ...expense(0, { date: '2026-01-10', value: 4500 }),
      account_id: undefined,
      card_id: card,
    });
    await createEntry(user, expense(account, { date: '2026-02-01', value: 2000, installments: 2 }));
    const debt = (await get(user, '/api/v1/report/debt?range=3m')).json();
    expect(debt.start).toBe('2026-03');
    expect(debt.overdue).toEqual({ installments: 1000, invoices: 4500, total: 5500 });
  });
});

describe('a balance past the series horizon', () => {
  it.each([
    ['with an account', true],
    ['with a card only', false],
  ])(
    'answers the same on the first call as on the second, fixed card charges included (%s)',
    async (_name, withAccount) => {
      const user = await createUser(ctx);
      if (withAccount) await createAccount(user);
      const card = await createCard(user);
      const now = new Date();
      const today = now.toISOString().slice(0, 10);
      await createEntry(user, {
        ...expense(0, { date: today, value: 990, fixed: true }),
        account_id: undefined,
        card_id: card,
      });
      const year = now.getUTCFullYear() + 4;
      const month = `${year}-06`;
      const first = (await get(user, `/api/v1/entry/balance?month=${month}`)).json();
      const second = (await get(user, `/api/v1/entry/balance?month=${month}`)).json();
      expect(first.invoices).toBe(990);
      expect(first).toEqual(second);
    },
  );
});
