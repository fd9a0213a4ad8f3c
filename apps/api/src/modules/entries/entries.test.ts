import { entrySchema } from '@centavo/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense, income, transfer } from '../../../test/ledger/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

/** A trigger that makes every write of `userId`'s aggregate rows raise, on either database. */
async function failAggregateWrites(userId: number): Promise<void> {
  const db = ctx.database.db;
  if (ctx.database.kind === 'sqlite') {
    for (const event of ['insert', 'update']) {
      await sql`create trigger ${sql.raw(`fail_totals_${event}`)} before ${sql.raw(event)} on account_month_totals
        when new.user_id = ${sql.lit(userId)} begin select raise(abort, 'injected failure'); end`.execute(db);
    }
    return;
  }
  await sql`create function fail_totals() returns trigger language plpgsql as $$
    begin raise exception 'injected failure'; end $$`.execute(db);
  await sql`create trigger fail_totals before insert or update on account_month_totals
    for each row when (new.user_id = ${sql.lit(userId)}) execute function fail_totals()`.execute(db);
}

async function allowAggregateWrites(): Promise<void> {
  const db = ctx.database.db;
  if (ctx.database.kind === 'sqlite') {
    for (const event of ['insert', 'update']) {
      await sql`drop trigger ${sql.raw(`fail_totals_${event}`)}`.execute(db);
    }
    return;
  }
  await sql`drop trigger fail_totals on account_month_totals`.execute(db);
  await sql`drop function fail_totals()`.execute(db);
}

async function entriesOf(user: TestUser, query: string) {
  const res = await user.request({ method: 'GET', url: `/api/v1/entry?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<Record<string, unknown> & { id: number; value: number; date: string }>;
}

async function balance(user: TestUser, month: string) {
  const res = await user.request({ method: 'GET', url: `/api/v1/entry/balance?month=${month}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /entry', () => {
  let user: TestUser;
  let account: number;
  beforeAll(async () => {
    user = await createUser(ctx);
    account = await createAccount(user, { initial_balance: 10000 });
    await createAccount(user, { name: 'Savings', type: 'savings' });
  });

  it('creates a single entry and answers 201 with it', async () => {
    const sent = expense(account, { notes: 'weekly', paid: true });
    const entry = await createEntry(user, sent);
    // What was sent comes back as it was, with the defaults of what was not.
    expect(entry).toMatchObject({
      ...sent,
      destination_account_id: null,
      card_id: null,
      fixed: false,
      series_id: null,
      tags: [],
    });
    expect(entry.paid_at).toEqual(expect.any(String));
    const got = await user.request({ method: 'GET', url: `/api/v1/entry/${entry.id}` });
    expect(got.json()).toEqual(entry);
  });

  it('splits installments with the remainder on the first, in consecutive months, day clamped', async () => {
    const first = await createEntry(
      user,
      expense(account, { value: 100001, date: '2027-01-31', installments: 3 }),
    );
    expect(first).toMatchObject({ value: 33335, installment_number: 1, installment_count: 3 });
    const rows = (await entriesOf(user, 'start_date=2027-01-01&end_date=2027-12-31')).filter(
      (e) => e.series_id === first.series_id,
    );
    expect(rows.map((e) => [e.date, e.value, e.installment_number])).toEqual([
      ['2027-01-31', 33335, 1],
      ['2027-02-28', 33333, 2],
      ['2027-03-31', 33333, 3],
    ]);
    expect(rows.reduce((s, e) => s + e.value, 0)).toBe(100001);
  });

  it('materialises a fixed series through its limit, clamping the day', async () => {
    const first = await createEntry(
      user,
      expense(account, {
        description: 'Gym',
        value: 9990,
        date: '2027-01-31',
        fixed: true,
        limit_fixed_date: '2027-04-15',
      }),
    );
    expect(first).toMatchObject({ fixed: true, limit_fixed_date: '2027-04-15' });
    const rows = (await entriesOf(user, 'start_date=2027-01-01&end_date=2028-12-31')).filter(
      (e) => e.series_id === first.series_id,
    );
    expect(rows.map((e) => e.date)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
  });

  it('an open-ended fixed series appears in every month, also far beyond the horizon', async () => {
    const first = await createEntry(
      user,
      income(account, {
        description: 'Rent income',
        value: 70000,
        date: '2026-12-05',
        fixed: true,
        limit_fixed_date: '',
      }),
    );
    expect(first.limit_fixed_date).toBeNull();
    for (const month of ['2026-12', '2028-06', '2031-02', '2040-12']) {
      const rows = (await entriesOf(user, `month=${month}`)).filter((e) => e.series_id === first.series_id);
      expect(
        rows.map((e) => e.date),
        month,
      ).toEqual([`${month}-05`]);
    }
    // Every month between the start and 2040-12 exists exactly once (lazily materialised, never twice).
    const all = (await entriesOf(user, 'start_date=2026-01-01&end_date=2040-12-31')).filter(
      (e) => e.series_id === first.series_id,
    );
    expect(all).toHaveLength(14 * 12 + 1);
    expect(new Set(all.map((e) => e.date.slice(0, 7))).size).toBe(all.length);
  });

  it('parallel reads of a far month materialise each occurrence once (compare-and-set on the series)', async () => {
    const u = await createUser(ctx);
    const acc = await createAccount(u);
    const first = await createEntry(
      u,
      expense(acc, { description: 'Parallel', date: '2026-11-03', fixed: true }),
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, () => u.request({ method: 'GET', url: '/api/v1/entry?month=2035-06' })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const all = (await entriesOf(u, 'start_date=2026-01-01&end_date=2035-12-31')).filter(
      (e) => e.series_id === first.series_id,
    );
    const months = all.map((e) => e.date.slice(0, 7));
    expect(new Set(months).size).toBe(months.length);
    expect(months).toContain('2035-06');
  });

  it('a transfer forces category 1 / subcategory 27 and counts only in the accounts', async () => {
    const u = await createUser(ctx);
    const a = await createAccount(u, { initial_balance: 1000 });
    const b = await createAccount(u);
    const t = await createEntry(u, transfer(a, b, { category_id: 3, sub_category_id: 5, paid: true }));
    expect(t).toMatchObject({ category_id: 1, sub_category_id: 27, destination_account_id: b });
    const bal = await balance(u, '2026-11');
    expect(bal).toMatchObject({ income: 0, expense: 0, investment: 0, result: 0, closing_balance: 1000 });
    expect(bal.accounts).toEqual([
      { account_id: a, opening_balance: 1000, closing_balance: 600, predicted_balance: 600 },
      { account_id: b, opening_balance: 0, closing_balance: 400, predicted_balance: 400 },
    ]);
  });

  it('takes tags as ids or as a comma-separated string of ids and labels (created once, case-insensitively)', async () => {
    const tag = await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: 'Home' } });
    const homeId = tag.json().id;
    const a = await createEntry(user, expense(account, { tags: [homeId] }));
    expect(a.tags).toEqual([homeId]);
    const b = await createEntry(user, expense(account, { tags: `${homeId}, Market ,market,trip` }));
    expect(b.tags).toHaveLength(3);
    expect(b.tags).toContain(homeId);
    const tags = (await user.request({ method: 'GET', url: '/api/v1/tag' })).json().data;
    expect(tags.filter((t: { name: string }) => t.name.toLowerCase() === 'market')).toHaveLength(1);
    const filtered = await entriesOf(user, `month=2026-11&tag_id=${homeId}`);
    expect(filtered.map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('rejects bad input with 422 naming the field, and writes nothing', async () => {
    const u = await createUser(ctx);
    const acc = await createAccount(u);
    const acc2 = await createAccount(u);
    const cases: Array<[Record<string, unknown>, string]> = [
      [expense(acc, { value: 0 }), 'value'],
      [expense(acc, { value: -5 }), 'value'],
      [expense(acc, { value: 10.5 }), 'value'],
      [expense(acc, { value: '100' }), 'value'],
      [expense(acc, { date: '2026-02-30' }), 'date'],
      [expense(acc, { date: '26-1-1' }), 'date'],
      [expense(acc, { sub_category_id: 8 }), 'sub_category_id'],
      [expense(acc, { category_id: 14 }), 'category_id'],
      // An income in an expense category is a refund (DESIGN.md §4, issue 18): accepted, see money-rules.test.ts.
      [expense(acc, { operation_id: 5 }), 'operation_id'],
      [expense(acc, { operation_id: 4, destination_account_id: acc }), 'destination_account_id'],
      [expense(acc, { operation_id: 4 }), 'destination_account_id'],
      [expense(acc, { installments: 1 }), 'installments'],
      [expense(acc, { installments: 421 }), 'installments'],
      [expense(acc, { fixed: true, limit_fixed_date: '2026-11-09' }), 'limit_fixed_date'],
      [expense(acc, { fixed: true, installments: 3 }), 'installments'],
      [expense(acc, { account_id: null }), 'account_id'],
      // No category is allowed (DESIGN.md §9), but not a subcategory without one, nor for an investment.
      [expense(acc, { category_id: null }), 'sub_category_id'],
      [expense(acc, { operation_id: 3, category_id: null, sub_category_id: null }), 'category_id'],
      [expense(acc, { card_id: 1 }), 'account_id'],
      [expense(acc, { invoice_month: '2026-11' }), 'invoice_month'],
      [expense(acc, { description: '' }), 'description'],
      [expense(acc, { description: 'x'.repeat(300) }), 'description'],
    ];
    for (const [payload, field] of cases) {
      const res = await u.request({ method: 'POST', url: '/api/v1/entry', payload });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toContain(field);
    }
    for (const [payload, field] of [
      [expense(acc, { card_id: 999999, account_id: null }), 'card_id'],
      [expense(acc, { account_id: 999999 }), 'account_id'],
      [expense(acc, { category_id: 999999 }), 'category_id'],
      [expense(acc, { sub_category_id: 999999 }), 'sub_category_id'],
      [expense(acc, { tags: [999999] }), 'tags'],
      [expense(acc, { operation_id: 4, destination_account_id: 999999 }), 'destination_account_id'],
      [expense(acc2, { operation_id: 4, account_id: 999999, destination_account_id: acc2 }), 'account_id'],
    ] as const) {
      const res = await u.request({ method: 'POST', url: '/api/v1/entry', payload });
      expect(res.statusCode, res.body).toBe(404);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await entriesOf(u, 'start_date=2000-01-01&end_date=2070-01-01')).toEqual([]);
    const bal = await balance(u, '2026-11');
    expect(bal.accounts.map((a: { predicted_balance: number }) => a.predicted_balance)).toEqual([0, 0]);
    void acc2;
  });

  it('an installment create that fails half-way leaves nothing behind (one transaction)', async () => {
    const u = await createUser(ctx);
    const acc = await createAccount(u);
    // A real failure at the last step: the aggregates' write raises, after the series, the new tag, the
    // twelve entries and their tag links were written in the same transaction.
    await failAggregateWrites(u.id);
    try {
      const res = await u.request({
        method: 'POST',
        url: '/api/v1/entry',
        payload: expense(acc, { installments: 12, tags: 'brand-new-tag' }),
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await allowAggregateWrites();
    }
    const db = ctx.database.db;
    expect(await db.selectFrom('entries').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await db.selectFrom('entry_series').select('id').where('user_id', '=', u.id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('tags').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect(
      await db.selectFrom('account_month_totals').select('month').where('user_id', '=', u.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('user_money_totals').select('volume').where('user_id', '=', u.id).execute(),
    ).toEqual([]);
    // And the same request succeeds once the failure is gone.
    await createEntry(u, expense(acc, { installments: 12 }));
    expect(await entriesOf(u, 'start_date=2026-01-01&end_date=2027-12-31')).toHaveLength(12);
  });
});

describe('GET /entry', () => {
  let user: TestUser;
  let a: number;
  let b: number;
  beforeAll(async () => {
    user = await createUser(ctx);
    a = await createAccount(user);
    b = await createAccount(user);
    await createEntry(user, expense(a, { date: '2026-10-31', description: 'October' }));
    await createEntry(
      user,
      expense(a, { date: '2026-11-15', description: 'Pharmacy', category_id: 5, sub_category_id: 13 }),
    );
    await createEntry(user, expense(a, { date: '2026-11-01', description: 'Market 50% off', paid: true }));
    await createEntry(user, income(b, { date: '2026-11-01', description: 'Pay' }));
    await createEntry(user, {
      description: 'Move',
      value: 5,
      date: '2026-11-20',
      operation_id: 4,
      account_id: b,
      destination_account_id: a,
    });
    await createEntry(user, expense(a, { date: '2026-12-01', description: 'December' }));
  });

  it('lists the month sorted by date then id, with meta', async () => {
    const res = await user.request({ method: 'GET', url: '/api/v1/entry?month=2026-11' });
    const body = res.json();
    expect(body.data.map((e: { description: string }) => e.description)).toEqual([
      'Market 50% off',
      'Pay',
      'Pharmacy',
      'Move',
    ]);
    expect(body.meta).toEqual({ total: 4, page: 1, per_page: 4 });
  });

  it('writes each row exactly like GET /entry/{id} (toEntry), whatever the text, with only the schema keys', async () => {
    const tricky = 'Quote " back\\slash \\u0041 new\nline\ttab \u0001\u001f ção 😀 \u2028 </script>';
    const tag = (
      await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: 'json-tag' } })
    ).json() as { id: number };
    const created = [
      await createEntry(
        user,
        expense(a, { date: '2030-01-02', description: tricky, notes: tricky, tags: [tag.id], paid: true }),
      ),
      await createEntry(user, expense(a, { date: '2030-01-03', description: '{"x":1}', notes: null })),
      await createEntry(user, {
        ...expense(a, { date: '2030-01-04', fixed: true }),
        limit_fixed_date: '2030-03-04',
      }),
      await createEntry(user, expense(a, { date: '2030-01-05', value: 100001, installments: 3 })),
      await createEntry(user, {
        description: 'Move',
        value: 7,
        // Between the account's own entries: the two halves of the account list interleave.
        date: '2030-01-03',
        operation_id: 4,
        account_id: b,
        destination_account_id: a,
      }),
    ];
    for (const query of [
      'month=2030-01',
      `month=2030-01&account_id=${a}`,
      'month=2030-01&per_page=3&page=1',
    ]) {
      const listed = await entriesOf(user, query);
      expect(listed.length, query).toBeGreaterThan(0);
      for (const row of listed) {
        const one = await user.request({ method: 'GET', url: `/api/v1/entry/${row.id}` });
        expect(row, query).toEqual(one.json());
        expect(Object.keys(row), query).toEqual(Object.keys(entrySchema.shape));
      }
    }
    expect((await entriesOf(user, 'month=2030-01')).map((e) => e.id)).toEqual(
      expect.arrayContaining(created.map((e) => e.id)),
    );
    const byAccount = await entriesOf(user, `month=2030-01&account_id=${a}`);
    const sorted = [...byAccount].sort((x, y) => x.date.localeCompare(y.date) || x.id - y.id);
    expect(byAccount.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
    expect(byAccount.map((e) => e.description)).toContain('Move');
    expect((await entriesOf(user, 'month=2030-01'))[0]).toMatchObject({ description: tricky, notes: tricky });
  });

  it('filters by account (transfers in included), category, subcategory, operation, paid and text', async () => {
    const names = async (q: string) =>
      (await entriesOf(user, `month=2026-11&${q}`)).map((e) => e.description);
    expect(await names(`account_id=${b}`)).toEqual(['Pay', 'Move']);
    expect(await names(`account_id=${a}`)).toEqual(['Market 50% off', 'Pharmacy', 'Move']);
    expect(await names('category_id=5')).toEqual(['Pharmacy']);
    expect(await names('sub_category_id=5')).toEqual(['Market 50% off']);
    expect(await names('operation_id=1')).toEqual(['Pay']);
    expect(await names('paid=true')).toEqual(['Market 50% off']);
    expect(await names('paid=0')).toEqual(['Pay', 'Pharmacy', 'Move']);
    expect(await names('q=PHARM')).toEqual(['Pharmacy']);
    expect(await names('q=50%25')).toEqual(['Market 50% off']);
    expect(await names('q=5_')).toEqual([]);
  });

  it('paginates on request and accepts date ranges', async () => {
    const res = await user.request({
      method: 'GET',
      url: '/api/v1/entry?start_date=2026-10-01&end_date=2026-12-31&per_page=2&page=2',
    });
    expect(res.json().meta).toEqual({ total: 6, page: 2, per_page: 2 });
    expect(res.json().data.map((e: { description: string }) => e.description)).toEqual(['Pay', 'Pharmacy']);
  });

  it('rejects bad filters with 422', async () => {
    for (const q of [
      'month=2026-13',
      'start_date=2026-11-31',
      'start_date=2026-11-10&end_date=2026-11-01',
      'paid=maybe',
      'per_page=0',
      'account_id=abc',
      'operation_id=9',
    ]) {
      const res = await user.request({ method: 'GET', url: `/api/v1/entry?${q}` });
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('GET /entry/{id} of a missing entry → 404, bad id → 422', async () => {
    expect((await user.request({ method: 'GET', url: '/api/v1/entry/999999' })).statusCode).toBe(404);
    expect((await user.request({ method: 'GET', url: '/api/v1/entry/abc' })).statusCode).toBe(422);
  });

  it('get-start-of-date-carousel is the earliest entry month, or the current month', async () => {
    const res = await user.request({ method: 'GET', url: '/api/v1/entry/get-start-of-date-carousel' });
    expect(res.json()).toEqual({ month: '2026-10', date: '2026-10-01' });
    const empty = await createUser(ctx);
    const now = new Date().toISOString().slice(0, 7);
    expect(
      (await empty.request({ method: 'GET', url: '/api/v1/entry/get-start-of-date-carousel' })).json(),
    ).toEqual({
      month: now,
      date: `${now}-01`,
    });
  });
});

describe('balances', () => {
  it('follows DESIGN §4: month totals paid or not; opening/closing paid; predicted all', async () => {
    const u = await createUser(ctx);
    const a = await createAccount(u, { initial_balance: -500 });
    const b = await createAccount(u, { initial_balance: 2000 });
    await createEntry(u, income(a, { value: 10000, date: '2026-10-05', paid: true }));
    await createEntry(u, income(a, { value: 30000, date: '2026-11-05', paid: true }));
    await createEntry(u, expense(a, { value: 1234, date: '2026-11-06' }));
    await createEntry(u, expense(b, { value: 100, date: '2026-11-07', paid: true }));
    await createEntry(u, {
      description: 'Inv',
      value: 700,
      date: '2026-11-08',
      operation_id: 3,
      category_id: 19,
      account_id: b,
      paid: true,
    });
    await createEntry(u, {
      description: 'T',
      value: 50,
      date: '2026-11-09',
      operation_id: 4,
      account_id: a,
      destination_account_id: b,
      paid: true,
    });
    await createEntry(u, expense(a, { value: 99, date: '2026-12-01', paid: true }));
    const bal = await balance(u, '2026-11');
    expect(bal).toEqual({
      month: '2026-11',
      income: 30000,
      expense: 1334,
      investment: 700,
      result: 30000 - 1334 - 700,
      opening_balance: -500 + 2000 + 10000,
      closing_balance: -500 + 2000 + 10000 + 30000 - 100 - 700,
      predicted_balance: -500 + 2000 + 10000 + 30000 - 100 - 700 - 1234,
      invoices: 0,
      accounts: [
        {
          account_id: a,
          opening_balance: 9500,
          closing_balance: 9500 + 30000 - 50,
          predicted_balance: 9500 + 30000 - 50 - 1234,
        },
        {
          account_id: b,
          opening_balance: 2000,
          closing_balance: 2000 - 100 - 700 + 50,
          predicted_balance: 2000 - 100 - 700 + 50,
        },
      ],
    });
    expect((await u.request({ method: 'GET', url: '/api/v1/entry/balance?month=2026-1' })).statusCode).toBe(
      422,
    );
  });

  it('GET /entry/balance of a far month first materialises open fixed series through it', async () => {
    const u = await createUser(ctx);
    const a = await createAccount(u, { initial_balance: 100 });
    await createEntry(u, expense(a, { description: 'Rent', value: 10, date: '2026-01-15', fixed: true }));
    const bal = await balance(u, '2040-03');
    const months = (2040 - 2026) * 12 + 3;
    expect(bal).toMatchObject({ expense: 10, predicted_balance: 100 - 10 * months });
    expect(bal.accounts).toEqual([
      { account_id: a, opening_balance: 100, closing_balance: 100, predicted_balance: 100 - 10 * months },
    ]);
  });

  it('account balance counts paid entries up to today; predicted counts all through the viewed month', async () => {
    const u = await createUser(ctx);
    const a = await createAccount(u, { initial_balance: 1000 });
    const today = new Date().toISOString().slice(0, 10);
    const month = today.slice(0, 7);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await createEntry(u, expense(a, { value: 100, date: today, paid: true }));
    await createEntry(u, expense(a, { value: 10, date: today }));
    if (tomorrow.slice(0, 7) === month)
      await createEntry(u, expense(a, { value: 1, date: tomorrow, paid: true }));
    await createEntry(u, expense(a, { value: 7, date: '2070-01-01', paid: true }));
    const got = (await u.request({ method: 'GET', url: `/api/v1/account/${a}` })).json();
    expect(got.balance).toBe(900);
    const expectedPredicted = 1000 - 100 - 10 - (tomorrow.slice(0, 7) === month ? 1 : 0);
    expect(got.predicted_balance).toBe(expectedPredicted);
    const later = (await u.request({ method: 'GET', url: `/api/v1/account?month=2070-01` })).json().data[0];
    expect(later.predicted_balance).toBe(expectedPredicted - 7);
    expect(later.balance).toBe(900);
  });
});

describe('scoped updates and deletes', () => {
  let u: TestUser;
  let acc: number;
  let acc2: number;
  beforeAll(async () => {
    u = await createUser(ctx);
    acc = await createAccount(u);
    acc2 = await createAccount(u);
  });
  const seriesRows = async (seriesId: unknown) =>
    (await entriesOf(u, 'start_date=2030-01-01&end_date=2031-12-31')).filter((e) => e.series_id === seriesId);

  it('PUT scope=one changes only that occurrence; next changes it and the following; all the whole series', async () => {
    const first = await createEntry(u, expense(acc, { date: '2030-01-10', installments: 4, value: 400 }));
    let rows = await seriesRows(first.series_id);
    const third = rows[2] as { id: number };
    let res = await u.request({
      method: 'PUT',
      url: `/api/v1/entry/${third.id}`,
      payload: { description: 'only me' },
    });
    expect(res.statusCode, res.body).toBe(200);
    rows = await seriesRows(first.series_id);
    expect(rows.map((r) => r.description)).toEqual(['Groceries', 'Groceries', 'only me', 'Groceries']);
    res = await u.request({
      method: 'PUT',
      url: `/api/v1/entry/${(rows[1] as { id: number }).id}?scope=next`,
      payload: { value: 250, date: '2030-02-28', account_id: acc2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    rows = await seriesRows(first.series_id);
    expect(rows.map((r) => [r.date, r.value, r.account_id])).toEqual([
      ['2030-01-10', 100, acc],
      ['2030-02-28', 250, acc2],
      ['2030-03-28', 250, acc2],
      ['2030-04-28', 250, acc2],
    ]);
    res = await u.request({
      method: 'PUT',
      url: `/api/v1/entry/${first.id}?scope=all`,
      payload: { category_id: 5, sub_category_id: 13 },
    });
    expect(res.statusCode).toBe(200);
    rows = await seriesRows(first.series_id);
    expect(rows.every((r) => r.category_id === 5 && r.sub_category_id === 13)).toBe(true);
    const bal = await balance(u, '2030-04');
    const a2 = bal.accounts.find((x: { account_id: number }) => x.account_id === acc2);
    expect(a2.predicted_balance).toBe(-750);
  });

  it('PUT validates the merged entry (422) and changes nothing', async () => {
    const e = await createEntry(u, expense(acc, { date: '2030-06-01' }));
    for (const payload of [
      { category_id: 14 },
      { sub_category_id: 8 },
      { value: 0 },
      { operation_id: 4, destination_account_id: acc },
      { date: '2030-02-31' },
    ]) {
      const res = await u.request({ method: 'PUT', url: `/api/v1/entry/${e.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(
      (await u.request({ method: 'PUT', url: `/api/v1/entry/${e.id}?scope=some`, payload: {} })).statusCode,
    ).toBe(422);
    expect((await u.request({ method: 'GET', url: `/api/v1/entry/${e.id}` })).json()).toEqual(e);
  });

  it('turning an expense into a transfer forces the transfer category', async () => {
    const e = await createEntry(u, expense(acc, { date: '2030-06-02' }));
    const res = await u.request({
      method: 'PUT',
      url: `/api/v1/entry/${e.id}`,
      payload: { operation_id: 4, destination_account_id: acc2 },
    });
    expect(res.json()).toMatchObject({
      operation_id: 4,
      category_id: 1,
      sub_category_id: 27,
      destination_account_id: acc2,
    });
  });

  it('fixed series: scope next updates future occurrences too; limit_fixed_date shortens and extends', async () => {
    const first = await createEntry(
      u,
      expense(acc, {
        description: 'Netflix',
        date: '2030-01-15',
        fixed: true,
        category_id: 7,
        sub_category_id: 18,
      }),
    );
    let rows = await seriesRows(first.series_id);
    expect(rows).toHaveLength(24);
    const june = rows[5] as { id: number };
    await u.request({ method: 'PUT', url: `/api/v1/entry/${june.id}?scope=next`, payload: { value: 4590 } });
    // Months materialised later follow the new template.
    const far = (await entriesOf(u, 'month=2045-03')).filter((e) => e.series_id === first.series_id);
    expect(far.map((e) => e.value)).toEqual([4590]);
    rows = await seriesRows(first.series_id);
    expect(rows.slice(0, 5).every((r) => r.value === 1000)).toBe(true);
    expect(rows.slice(5).every((r) => r.value === 4590)).toBe(true);
    // Shorten to March 2030.
    let res = await u.request({
      method: 'PUT',
      url: `/api/v1/entry/${first.id}?scope=all`,
      payload: { limit_fixed_date: '2030-03-20' },
    });
    expect(res.statusCode, res.body).toBe(200);
    rows = await seriesRows(first.series_id);
    expect(rows.map((r) => r.date)).toEqual(['2030-01-15', '2030-02-15', '2030-03-15']);
    expect((await entriesOf(u, 'month=2045-03')).filter((e) => e.series_id === first.series_id)).toEqual([]);
    // Extend again to June.
    res = await u.request({
      method: 'PUT',
      url: `/api/v1/entry/${first.id}?scope=all`,
      payload: { limit_fixed_date: '2030-06-15' },
    });
    rows = await seriesRows(first.series_id);
    expect(rows.map((r) => r.date)).toEqual([
      '2030-01-15',
      '2030-02-15',
      '2030-03-15',
      '2030-04-15',
      '2030-05-15',
      '2030-06-15',
    ]);
    expect(rows.every((r) => r.limit_fixed_date === '2030-06-15')).toBe(true);
    const bal = await balance(u, '2030-12');
    const mine = (await entriesOf(u, 'start_date=2000-01-01&end_date=2030-12-31')).filter(
      (e) => e.account_id === acc || e.destination_account_id === acc,
    );
    const expected = mine.reduce(
      (s, e) =>
        s +
        (e.operation_id === 1
          ? e.value
          : e.operation_id === 4 && e.destination_account_id === acc
            ? e.value
            : -e.value),
      0,
    );
    expect(bal.accounts.find((x: { account_id: number }) => x.account_id === acc).predicted_balance).toBe(
      expected,
    );
  });

  it('DELETE scope one/next/all on a fixed series; a deleted occurrence never comes back', async () => {
    const first = await createEntry(
      u,
      expense(acc, { description: 'Club', date: '2031-01-05', fixed: true }),
    );
    const series = first.series_id;
    const rowsIn2031 = async () =>
      (await entriesOf(u, 'start_date=2031-01-01&end_date=2031-12-31')).filter((e) => e.series_id === series);
    let rows = await rowsIn2031();
    expect(rows).toHaveLength(12);
    expect(
      (await u.request({ method: 'DELETE', url: `/api/v1/entry/${(rows[1] as { id: number }).id}` }))
        .statusCode,
    ).toBe(204);
    await entriesOf(u, 'month=2050-01'); // lazily extends the series
    rows = await rowsIn2031();
    expect(rows.map((r) => r.date.slice(5, 7))).toEqual([
      '01',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
    await u.request({ method: 'DELETE', url: `/api/v1/entry/${(rows[3] as { id: number }).id}?scope=next` });
    rows = await rowsIn2031();
    expect(rows.map((r) => r.date)).toEqual(['2031-01-05', '2031-03-05', '2031-04-05']);
    expect(rows.every((r) => r.limit_fixed_date === '2031-04-05')).toBe(true);
    expect((await entriesOf(u, 'month=2050-01')).filter((e) => e.series_id === series)).toEqual([]);
    await u.request({ method: 'DELETE', url: `/api/v1/entry/${first.id}?scope=all` });
    expect(await rowsIn2031()).toEqual([]);
    expect((await u.request({ method: 'DELETE', url: `/api/v1/entry/${first.id}` })).statusCode).toBe(404);
  });

  it('POST /entry/{id}/paid sets paid and paid_at and moves the balance', async () => {
    const e = await createEntry(u, expense(acc2, { value: 333, date: '2026-11-01' }));
    const before = (await balance(u, '2026-11')).accounts.find(
      (x: { account_id: number }) => x.account_id === acc2,
    );
    let res = await u.request({ method: 'POST', url: `/api/v1/entry/${e.id}/paid`, payload: { paid: true } });
    expect(res.json()).toMatchObject({ paid: true, paid_at: expect.any(String) });
    const after = (await balance(u, '2026-11')).accounts.find(
      (x: { account_id: number }) => x.account_id === acc2,
    );
    expect(after.closing_balance).toBe(before.closing_balance - 333);
    res = await u.request({ method: 'POST', url: `/api/v1/entry/${e.id}/paid`, payload: { paid: false } });
    expect(res.json()).toMatchObject({ paid: false, paid_at: null });
    expect(
      (await u.request({ method: 'POST', url: `/api/v1/entry/${e.id}/paid`, payload: { paid: 'yes' } }))
        .statusCode,
    ).toBe(422);
    expect(
      (await u.request({ method: 'POST', url: '/api/v1/entry/999999/paid', payload: { paid: true } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /entry/export', () => {
  it('exports only the user rows, neutralising formula cells, with numeric amounts (CSV and XLSX)', async () => {
    const u = await createUser(ctx);
    const stranger = await createUser(ctx);
    const acc = await createAccount(u, { name: '@evil account' });
    const theirs = await createAccount(stranger, { name: 'Stranger account' });
    await createEntry(stranger, expense(theirs, { description: 'STRANGER ROW' }));
    // Descriptions are trimmed on input, so tab and CR are tried in notes, which are kept as typed.
    const nasty = ['=HYPERLINK("http://x")', '+1+2', '-3', '@SUM(A1)', 'tab', 'cr', 'plain'];
    const notes = ['=cmd|calc', null, null, null, '\tTab', '\rCR', null];
    for (const [i, description] of nasty.entries()) {
      await createEntry(u, expense(acc, { description, value: 12345 + i, notes: notes[i] }));
    }
    const csv = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).not.toContain('STRANGER');
    const records: string[][] = parse(csv.body, { relax_column_count: true, bom: true });
    const rows = records.slice(1);
    expect(rows.map((r) => r[1])).toEqual([
      '\'=HYPERLINK("http://x")',
      "'+1+2",
      "'-3",
      "'@SUM(A1)",
      'tab',
      'cr',
      'plain',
    ]);
    expect(rows.map((r) => r[11])).toEqual(["'=cmd|calc", '', '', '', "'\tTab", "'\rCR", '']);
    expect(rows.every((r) => r[5] === "'@evil account")).toBe(true);
    expect(rows[0]?.[11]).toBe("'=cmd|calc");
    expect(rows.map((r) => r[7])).toEqual([
      '-123.45',
      '-123.46',
      '-123.47',
      '-123.48',
      '-123.49',
      '-123.50',
      '-123.51',
    ]);

    const xlsx = await u.request({ method: 'GET', url: '/api/v1/entry/export?month=2026-11&format=xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toHaveLength(1 + nasty.length);
    expect(values[1]?.[1]).toBe('\'=HYPERLINK("http://x")');
    expect(values[1]?.[7]).toBe(-123.45);
    expect(typeof values[2]?.[7]).toBe('number');
    expect(JSON.stringify(values)).not.toContain('STRANGER');

    const logs = await ctx.database.db
      .selectFrom('account_logs')
      .select(['event'])
      .where('user_id', '=', u.id)
      .execute();
    expect(logs.filter((l) => l.event === 'export')).toHaveLength(2);
    expect((await u.request({ method: 'GET', url: '/api/v1/entry/export?format=pdf' })).statusCode).toBe(422);
  });
});

describe('the accepted dates (issue 13 #2): 1900-01-01 to 50 years ahead', () => {
  it('refuses dates, end dates, filters and months outside the range with a clear message, and writes nothing', async () => {
    const u = await createUser(ctx);
    const acc = await createAccount(u);
    const now = new Date();
    const last = `${now.getUTCFullYear() + 50}-${now.toISOString().slice(5, 10)}`.replace(
      /-02-29$/,
      '-02-28',
    );
    const past = `${now.getUTCFullYear() + 51}-01-01`;
    const message = 'Choose a date between 01/01/1900 and 50 years from today';
    for (const payload of [
      expense(acc, { date: '9999-12-31' }),
      expense(acc, { date: '1899-12-31' }),
      expense(acc, { date: past }),
      expense(acc, { fixed: true, limit_fixed_date: '9999-12-31' }),
    ]) {
      const res = await u.request({ method: 'POST', url: '/api/v1/entry', payload });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.values(res.json().errors).flat()).toEqual([message]);
    }
    expect(await entriesOf(u, 'start_date=1900-01-01&end_date=2070-01-01')).toEqual([]);
    // The edges are accepted.
    const first = await createEntry(u, expense(acc, { date: '1900-01-01' }));
    await createEntry(u, expense(acc, { date: last }));
    const moved = await u.request({
      method: 'PUT',
      url: `/api/v1/entry/${first.id}`,
      payload: { date: '9999-12-31' },
    });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors).toEqual({ date: [message] });
    for (const url of [
      '/api/v1/entry?month=9999-12',
      '/api/v1/entry?start_date=0001-01-01',
      '/api/v1/account?month=1899-12',
    ]) {
      const res = await u.request({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
    }
  });
});

describe('GET /entry/totals (issue 13 #14): the totals follow the filters', () => {
  it('adds up only the matching entries, across months when the range says so, and only the user’s', async () => {
    const u = await createUser(ctx);
    const acc = await createAccount(u);
    const [trip] = (
      await u.request({ method: 'POST', url: '/api/v1/tag/tags', payload: { labels: ['trip'] } })
    ).json().data;
    await createEntry(u, expense(acc, { value: 1000, date: '2026-11-10', tags: [trip.id] }));
    await createEntry(u, expense(acc, { value: 500, date: '2026-11-11' }));
    await createEntry(u, income(acc, { value: 9000, date: '2026-11-05' }));
    await createEntry(
      u,
      expense(acc, { value: 250, date: '2025-02-10', tags: [trip.id], description: 'Old trip' }),
    );
    const totals = async (query: string) => {
      const res = await u.request({ method: 'GET', url: `/api/v1/entry/totals?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await totals('month=2026-11')).toMatchObject({
      income: 9000,
      expense: 1500,
      result: 7500,
      count: 3,
    });
    expect(await totals(`month=2026-11&tag_id=${trip.id}`)).toMatchObject({
      income: 0,
      expense: 1000,
      result: -1000,
      count: 1,
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    });
    expect(await totals(`start_date=1900-01-01&end_date=2070-12-31&q=trip`)).toMatchObject({
      expense: 250,
      count: 1,
    });
    expect(await totals(`start_date=1900-01-01&end_date=2070-12-31&tag_id=${trip.id}`)).toMatchObject({
      expense: 1250,
      count: 2,
    });
    const other = await createUser(ctx);
    const res = await other.request({ method: 'GET', url: `/api/v1/entry/totals?tag_id=${trip.id}` });
    expect(res.statusCode).toBe(404);
    expect(
      (
        await other.request({
          method: 'GET',
          url: '/api/v1/entry/totals?start_date=1900-01-01&end_date=2070-12-31',
        })
      ).json(),
    ).toMatchObject({ income: 0, expense: 0, count: 0 });
  });
});
