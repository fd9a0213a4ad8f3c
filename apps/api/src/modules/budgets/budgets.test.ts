import { addMonths, currentMonth } from '@centavo/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile, createUser, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense, income } from '../../../test/ledger/helpers.ts';

const ctx = await appForFile();

async function call(user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return user.request({
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}
async function ok<T = Record<string, unknown>>(
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  status = 200,
): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** Σ of a drill-down list, signed as a spending figure: expenses add, refunds (income) subtract. */
async function drillSpent(user: TestUser, query: string): Promise<number> {
  const list = await ok<{ data: Array<{ value: number; operation_id: number }> }>(
    user,
    'GET',
    `/entry?${query}`,
  );
  return list.data.reduce(
    (s, e) => s + (e.operation_id === 2 ? e.value : e.operation_id === 1 ? -e.value : 0),
    0,
  );
}

const FOOD = 3;
const TRANSPORT = 4;
const HEALTH = 5;
const SALARY = 14;

interface Row {
  category_id: number;
  budget_id: number | null;
  budget: number;
  spent: number;
  remaining: number;
  percent: number | null;
  band: string;
  unbudgeted: boolean;
  subcategories: Array<{ sub_category_id: number | null; spent: number }>;
}
type List = { month: string; summary: Record<string, number>; data: Row[] };

describe('budgets', () => {
  let user: TestUser;
  let account: number;
  const month = '2026-03';
  beforeAll(async () => {
    user = await createUser(ctx);
    account = await createAccount(user);
    await createEntry(user, expense(account, { value: 8500, date: '2026-03-02' })); // Food / Groceries
    await createEntry(user, expense(account, { value: 500, date: '2026-03-20', sub_category_id: 6 }));
    await createEntry(
      user,
      expense(account, { value: 12000, date: '2026-03-05', category_id: TRANSPORT, sub_category_id: 8 }),
    );
    await createEntry(
      user,
      expense(account, { value: 3000, date: '2026-03-07', category_id: HEALTH, sub_category_id: null }),
    );
    await createEntry(user, income(account, { date: '2026-03-01' }));
    const other = await createAccount(user, { name: 'Savings' });
    // A transfer is never spending.
    await createEntry(user, {
      description: 'move',
      value: 99999,
      date: '2026-03-03',
      operation_id: 4,
      account_id: account,
      destination_account_id: other,
    });
  });

  it('creates budgets, lists the month with bands, summary and unbudgeted spending', async () => {
    const food = await ok<{ id: number }>(
      user,
      'POST',
      '/budget',
      { category_id: FOOD, month, value: 10000 },
      201,
    );
    expect(food).toMatchObject({ category_id: FOOD, month, value: 10000, active: true });
    await ok(user, 'POST', '/budget', { category_id: TRANSPORT, month, value: 10000 }, 201);
    await ok(user, 'POST', '/budget', { category_id: 6, month, value: 50000 }, 201);
    const list = await ok<List>(user, 'GET', `/category/budget?month=${month}`);
    const row = (id: number) => list.data.find((r) => r.category_id === id) as Row;
    expect(row(FOOD)).toMatchObject({
      budget: 10000,
      spent: 9000,
      remaining: 1000,
      percent: 90,
      band: 'near',
      unbudgeted: false,
    });
    expect(row(FOOD).subcategories).toEqual([
      { sub_category_id: 5, name: 'Groceries', spent: 8500 },
      { sub_category_id: 6, name: 'Restaurants', spent: 500 },
    ]);
    expect(row(TRANSPORT)).toMatchObject({ spent: 12000, percent: 120, band: 'over' });
    expect(row(HEALTH)).toMatchObject({ budget_id: null, spent: 3000, unbudgeted: true, percent: null });
    expect(row(6)).toMatchObject({ spent: 0, band: 'within', percent: 0 });
    // Only expense categories are listed; the summary counts every expense of the month.
    expect(list.data.find((r) => r.category_id === SALARY)).toBeUndefined();
    expect(list.summary).toEqual({
      planned: 70000,
      spent: 24000,
      available: 46000,
      within: 1,
      near: 1,
      over: 1,
    });
    // Every figure's drill-down sums to it.
    expect(
      await drillSpent(user, `category_id=${FOOD}&start_month=${month}&end_month=${month}&basis=accrual`),
    ).toBe(9000);
    expect(await drillSpent(user, `category_id=${FOOD}&sub_category_id=5&month=${month}&basis=accrual`)).toBe(
      8500,
    );
    expect(await drillSpent(user, `category_id=${HEALTH}&without_subcategory=true&month=${month}`)).toBe(
      3000,
    );
    expect(await drillSpent(user, `operation_id=2&month=${month}&basis=accrual`)).toBe(list.summary.spent);
    // The budget dashboard: summary and the categories at ≥ 80 %, highest first.
    const dash = await ok<{ categories: Row[] }>(user, 'GET', `/budget/dashboard?month=${month}`);
    expect(dash.categories.map((r) => r.category_id)).toEqual([TRANSPORT, FOOD]);
    const cats = await ok<{
      total: number;
      data: Array<{ category_id: number; value: number; share: number }>;
    }>(user, 'GET', `/category/dashboard?month=${month}&basis=cash`);
    expect(cats.total).toBe(24000);
    expect(cats.data[0]).toMatchObject({ category_id: TRANSPORT, value: 12000, share: 50 });
  });

  it('GET/PUT one budget; erase sets value 0 and active false; a second budget for the month is a 409', async () => {
    const created = await ok<{ id: number }>(
      user,
      'POST',
      '/budget',
      { category_id: FOOD, month: '2026-04', value: 1 },
      201,
    );
    expect(await ok(user, 'GET', `/budget/${created.id}`)).toMatchObject({ value: 1, active: true });
    expect(await ok(user, 'PUT', `/budget/${created.id}`, { value: 2500 })).toMatchObject({
      value: 2500,
      active: true,
    });
    const dup = await call(user, 'POST', '/budget', { category_id: FOOD, month: '2026-04', value: 5 });
    expect(dup.statusCode).toBe(409);
    expect(await ok(user, 'PUT', `/budget/${created.id}`, { value: 0, active: false })).toMatchObject({
      value: 0,
      active: false,
    });
    const list = await ok<List>(user, 'GET', '/category/budget?month=2026-04');
    expect(list.data.find((r) => r.category_id === FOOD)).toMatchObject({
      budget_id: created.id,
      budget: 0,
      percent: null,
    });
    expect(list.summary.planned).toBe(0);
  });

  it('replicate copies active budgets to the following months and never overwrites without overwrite', async () => {
    const u = await createUser(ctx);
    await ok(u, 'POST', '/budget', { category_id: FOOD, month: '2026-01', value: 100 }, 201);
    await ok(u, 'POST', '/budget', { category_id: TRANSPORT, month: '2026-01', value: 200 }, 201);
    const erased = await ok<{ id: number }>(
      u,
      'POST',
      '/budget',
      { category_id: HEALTH, month: '2026-01', value: 0, active: false },
      201,
    );
    expect(erased.id).toBeGreaterThan(0);
    const kept = await ok<{ id: number }>(
      u,
      'POST',
      '/budget',
      { category_id: FOOD, month: '2026-03', value: 999 },
      201,
    );
    expect(await ok(u, 'POST', '/budget/replicate', { month: '2026-01', to_month: '2026-04' })).toEqual({
      created: 5,
      updated: 0,
      skipped: 1,
    });
    expect(await ok(u, 'GET', `/budget/${kept.id}`)).toMatchObject({ value: 999 });
    const april = await ok<List>(u, 'GET', '/category/budget?month=2026-04');
    expect(april.summary.planned).toBe(300);
    expect(april.data.find((r) => r.category_id === HEALTH)?.budget_id).toBeNull();
    expect(
      await ok(u, 'POST', '/budget/replicate', { month: '2026-01', to_month: '2026-04', overwrite: true }),
    ).toEqual({
      created: 0,
      updated: 6,
      skipped: 0,
    });
    expect(await ok(u, 'GET', `/budget/${kept.id}`)).toMatchObject({ value: 100 });
    // Erase the month.
    expect(await ok(u, 'GET', '/budget/deleteByMonth/?month=2026-04')).toEqual({
      created: 0,
      updated: 2,
      skipped: 0,
    });
    expect((await ok<List>(u, 'GET', '/category/budget?month=2026-04')).summary.planned).toBe(0);
    expect((await ok<List>(u, 'GET', '/category/budget?month=2026-03')).summary.planned).toBe(300);
    // An erased budget is no budget: replicating fills it again without overwrite.
    expect(await ok(u, 'POST', '/budget/replicate', { month: '2026-01', to_month: '2026-04' })).toEqual({
      created: 2,
      updated: 0,
      skipped: 4,
    });
    expect((await ok<List>(u, 'GET', '/category/budget?month=2026-04')).summary.planned).toBe(300);
  });

  it('fill strategies on a known history', async () => {
    const u = await createUser(ctx);
    const a = await createAccount(u);
    // Food: 3000 in 2025-12, 6000 in 2025-11, 0 in 2025-10; Transport: 1001 in 2025-10 only.
    await createEntry(u, expense(a, { value: 3000, date: '2025-12-10' }));
    await createEntry(u, expense(a, { value: 6000, date: '2025-11-10' }));
    await createEntry(
      u,
      expense(a, { value: 1001, date: '2025-10-10', category_id: TRANSPORT, sub_category_id: 8 }),
    );
    await createEntry(
      u,
      expense(a, { value: 50000, date: '2025-01-10', category_id: HEALTH, sub_category_id: 12 }),
    );
    const budgets = async (m: string) =>
      Object.fromEntries(
        (await ok<List>(u, 'GET', `/category/budget?month=${m}`)).data
          .filter((r) => r.budget_id !== null)
          .map((r) => [r.category_id, r.budget]),
      );
    await ok(u, 'POST', '/budget/fill', { month: '2026-01', strategy: 'last_month' });
    expect(await budgets('2026-01')).toEqual({ [FOOD]: 3000 });
    await ok(u, 'POST', '/budget/fill', { month: '2026-02', strategy: 'avg_3' });
    // Months before 2026-02: 2025-11..2026-01 → Food (6000 + 3000) / 3; Transport's October is outside.
    expect(await budgets('2026-02')).toEqual({ [FOOD]: 3000 });
    await ok(u, 'POST', '/budget/fill', { month: '2026-01', strategy: 'avg_6' });
    // Kept (no overwrite): Food stays 3000; Transport (1001 / 6 → 167, rounded up to R$ 10) is added.
    expect(await budgets('2026-01')).toEqual({ [FOOD]: 3000, [TRANSPORT]: 1000 });
    expect(
      await ok(u, 'POST', '/budget/fill', { month: '2026-01', strategy: 'avg_12', overwrite: true }),
    ).toEqual({
      created: 1,
      updated: 2,
      skipped: 0,
    });
    // 750, 83 and 4167 rounded up to the next R$ 10 (budget-fill.test.ts).
    expect(await budgets('2026-01')).toEqual({ [FOOD]: 1000, [TRANSPORT]: 1000, [HEALTH]: 5000 });
    const zero = await ok<{ created: number }>(u, 'POST', '/budget/fill', {
      month: '2026-06',
      strategy: 'zero',
    });
    expect(zero.created).toBeGreaterThanOrEqual(12);
    expect(Object.values(await budgets('2026-06')).every((v) => v === 0)).toBe(true);
  });

  it("a fixed expense counts in a later month's budget page before anything else read that month", async () => {
    const u = await createUser(ctx);
    const a = await createAccount(u);
    const far = addMonths(currentMonth(), 30);
    await createEntry(u, expense(a, { value: 1234, date: `${currentMonth()}-05`, fixed: true }));
    const list = await ok<List>(u, 'GET', `/category/budget?month=${far}`);
    expect(list.data.find((r) => r.category_id === FOOD)?.spent).toBe(1234);
  });

  it('bad input → 422 with field errors, nothing written', async () => {
    const u = await createUser(ctx);
    const bad: Array<[string, string, unknown, string]> = [
      ['POST', '/budget', { category_id: SALARY, month, value: 100 }, 'category_id'],
      ['POST', '/budget', { category_id: FOOD, month, value: -1 }, 'value'],
      ['POST', '/budget', { category_id: FOOD, month: '2026-13', value: 1 }, 'month'],
      ['POST', '/budget', { category_id: FOOD, month, value: 1.5 }, 'value'],
      ['POST', '/budget/replicate', { month: '2026-05', to_month: '2026-04' }, 'to_month'],
      ['POST', '/budget/replicate', { month: '2026-05', to_month: '2026-05' }, 'to_month'],
      ['POST', '/budget/fill', { month: '2026-05', strategy: 'avg_2' }, 'strategy'],
      ['GET', '/category/budget?month=2026-5', undefined, 'month'],
      ['GET', '/category/dashboard?month=2026-05&basis=both', undefined, 'basis'],
      ['GET', '/budget/deleteByMonth?month=', undefined, 'month'],
    ];
    for (const [method, url, payload, field] of bad) {
      const res = await call(u, method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), url).toContain(field);
    }
    const budgets = await ctx.database.db
      .selectFrom('budgets')
      .select('id')
      .where('user_id', '=', u.id)
      .execute();
    expect(budgets).toEqual([]);
    const created = await ok<{ id: number }>(
      u,
      'POST',
      '/budget',
      { category_id: FOOD, month, value: 1 },
      201,
    );
    const res = await call(u, 'PUT', `/budget/${created.id}`, { value: -5 });
    expect(res.statusCode).toBe(422);
    expect(await ok(u, 'GET', `/budget/${created.id}`)).toMatchObject({ value: 1 });
    expect((await call(u, 'GET', '/budget/999999999')).statusCode).toBe(404);
  });
});

describe('reports', () => {
  let user: TestUser;
  let account: number;
  const now = currentMonth();
  beforeAll(async () => {
    user = await createUser(ctx);
    account = await createAccount(user);
    const other = await createAccount(user, { name: 'Broker' });
    await createEntry(user, income(account, { value: 100000, date: '2025-01-05' }));
    await createEntry(user, expense(account, { value: 30000, date: '2025-01-10' }));
    await createEntry(
      user,
      expense(account, { value: 5000, date: '2025-02-10', category_id: TRANSPORT, sub_category_id: 8 }),
    );
    await createEntry(user, {
      description: 'ETF',
      value: 20000,
      date: '2025-02-15',
      operation_id: 3,
      category_id: 19,
      account_id: account,
    });
    await createEntry(user, {
      description: 'to broker',
      value: 70000,
      date: '2025-02-16',
      operation_id: 4,
      account_id: account,
      destination_account_id: other,
    });
    // 3 installments from this month: 3334 + 3333 + 3333; the first one paid.
    await createEntry(
      user,
      expense(account, {
        value: 10000,
        date: `${now}-01`,
        installments: 3,
        paid: true,
        category_id: HEALTH,
        sub_category_id: 13,
      }),
    );
  });

  it('analysis: per month figures, result and cumulative; transfers never count', async () => {
    for (const basis of ['accrual', 'cash']) {
      const r = await ok<{ data: Array<Record<string, number | string>>; totals: Record<string, number> }>(
        user,
        'GET',
        `/report/analysis?range=custom&start=2025-01&end=2025-03&basis=${basis}`,
      );
      expect(r.data).toEqual([
        { month: '2025-01', income: 100000, expense: 30000, investment: 0, result: 70000, cumulative: 70000 },
        { month: '2025-02', income: 0, expense: 5000, investment: 20000, result: -25000, cumulative: 45000 },
        { month: '2025-03', income: 0, expense: 0, investment: 0, result: 0, cumulative: 45000 },
      ]);
      expect(r.totals).toEqual({ income: 100000, expense: 35000, investment: 20000, result: 45000 });
    }
    const list = await ok<{ data: Array<{ value: number }> }>(
      user,
      'GET',
      '/entry?operation_id=2&start_month=2025-01&end_month=2025-03&basis=accrual',
    );
    expect(list.data.reduce((s, e) => s + e.value, 0)).toBe(35000);
  });

  it('expense: by category and subcategory with the monthly trend', async () => {
    const r = await ok<{ months: string[]; total: number; data: Array<Record<string, unknown>> }>(
      user,
      'GET',
      '/report/expense?range=custom&start=2025-01&end=2025-02',
    );
    expect(r.months).toEqual(['2025-01', '2025-02']);
    expect(r.total).toBe(35000);
    expect(r.data).toEqual([
      {
        category_id: FOOD,
        name: 'Food',
        color: '#f08c00',
        total: 30000,
        share: 85.7,
        months: [30000, 0],
      },
      expect.objectContaining({ category_id: TRANSPORT, total: 5000, months: [0, 5000] }),
    ]);
    // A category's subcategories, read when the page opens it, add up to its total.
    const subs = await ok<{ category_id: number; data: unknown[] }>(
      user,
      'GET',
      `/report/expense/subcategories?range=custom&start=2025-01&end=2025-02&category_id=${FOOD}`,
    );
    expect(subs.category_id).toBe(FOOD);
    expect(subs.data).toEqual([{ sub_category_id: 5, name: 'Groceries', total: 30000 }]);
    const query = '/api/v1/report/expense/subcategories?range=custom&start=2025-01&end=2025-02';
    // An income category is not in the expense report; a missing category_id is a validation error.
    expect((await user.request({ method: 'GET', url: `${query}&category_id=${SALARY}` })).statusCode).toBe(
      404,
    );
    expect((await user.request({ method: 'GET', url: query })).statusCode).toBe(422);
  });

  it('debt: unpaid installments still to come; investment: contributions and cumulative', async () => {
    const debt = await ok<{ data: Array<Record<string, unknown>>; total: number }>(
      user,
      'GET',
      '/report/debt?range=3m',
    );
    expect(debt.data).toEqual([
      { month: now, installments: 0, invoices: 0, total: 0 },
      { month: addMonths(now, 1), installments: 3333, invoices: 0, total: 3333 },
      { month: addMonths(now, 2), installments: 3333, invoices: 0, total: 3333 },
    ]);
    expect(debt.total).toBe(6666);
    const list = await ok<{ data: Array<{ value: number }> }>(
      user,
      'GET',
      `/entry?paid=false&operation_id=2&start_month=${now}&end_month=${addMonths(now, 2)}&basis=cash`,
    );
    expect(list.data.reduce((s, e) => s + e.value, 0)).toBe(6666);
    const inv = await ok<{ data: Array<Record<string, unknown>>; total: number }>(
      user,
      'GET',
      '/report/investment?range=custom&start=2025-01&end=2025-02',
    );
    expect(inv.data).toEqual([
      { month: '2025-01', value: 0, cumulative: 0 },
      { month: '2025-02', value: 20000, cumulative: 20000 },
    ]);
  });

  it('ranges: 3m, 6m, 12m, ytd, last_year resolve around the current month', async () => {
    const months = async (range: string) =>
      (await ok<{ data: Array<{ month: string }> }>(user, 'GET', `/report/analysis?range=${range}`)).data.map(
        (d) => d.month,
      );
    expect(await months('3m')).toEqual([addMonths(now, -2), addMonths(now, -1), now]);
    expect((await months('6m')).length).toBe(6);
    expect((await months('12m')).at(-1)).toBe(now);
    expect((await months('ytd'))[0]).toBe(`${now.slice(0, 4)}-01`);
    const year = Number(now.slice(0, 4)) - 1;
    expect(await months('last_year')).toEqual(
      Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('custom report: group_by category, subcategory, month, account, tag; totals; csv and xlsx formula-safe', async () => {
    const filters = { start: '2025-01', end: '2025-02' };
    const byCategory = await ok<{ rows: Array<Record<string, unknown>>; totals: Record<string, number> }>(
      user,
      'POST',
      '/report',
      { filters, group_by: 'category' },
    );
    expect(
      byCategory.rows.map((r) => [r.key, r.label, r.income, r.expense, r.investment, r.result, r.count]),
    ).toEqual([
      ['14', 'Salary', 100000, 0, 0, 100000, 1],
      ['3', 'Food', 0, 30000, 0, -30000, 1],
      ['19', expect.any(String), 0, 0, 20000, -20000, 1],
      ['4', 'Transport', 0, 5000, 0, -5000, 1],
    ]);
    expect(byCategory.totals).toEqual({
      income: 100000,
      expense: 35000,
      investment: 20000,
      result: 45000,
      count: 4,
    });
    const byAccount = await ok<{ rows: Array<Record<string, unknown>>; totals: Record<string, number> }>(
      user,
      'POST',
      '/report',
      { filters: { ...filters, operation_ids: [2] }, group_by: 'account' },
    );
    expect(byAccount.rows).toEqual([
      {
        key: String(account),
        label: 'Checking',
        income: 0,
        expense: 35000,
        investment: 0,
        result: -35000,
        count: 2,
      },
    ]);
    const bySub = await ok<{ rows: Array<{ key: string; label: string }> }>(user, 'POST', '/report', {
      filters: { ...filters, category_ids: [FOOD] },
      group_by: 'subcategory',
    });
    expect(bySub.rows.map((r) => [r.key, r.label])).toEqual([['3:5', 'Food / Groceries']]);
    const byMonth = await ok<{ rows: Array<{ key: string; count: number }> }>(user, 'POST', '/report', {
      filters,
      group_by: 'month',
      basis: 'cash',
    });
    expect(byMonth.rows.map((r) => [r.key, r.count])).toEqual([
      ['2025-01', 2],
      ['2025-02', 2],
    ]);
    // Tags: a label that starts with "=" is neutralised in the files.
    const evil = await ok<{ id: number }>(user, 'POST', '/tag', { name: '=HYPERLINK("x")' }, 201);
    await createEntry(user, expense(account, { value: 700, date: '2025-02-20', tags: [evil.id] }));
    const byTag = await ok<{ rows: Array<Record<string, unknown>> }>(user, 'POST', '/report', {
      filters: { ...filters, tag_ids: [evil.id] },
      group_by: 'tag',
    });
    expect(byTag.rows).toEqual([
      {
        key: String(evil.id),
        label: '=HYPERLINK("x")',
        income: 0,
        expense: 700,
        investment: 0,
        result: -700,
        count: 1,
      },
    ]);
    const csv = await call(user, 'POST', '/report?format=csv', { filters, group_by: 'tag' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const cells = parse(csv.body, { bom: true }) as string[][];
    expect(cells[0]).toEqual(['Key', 'Group', 'Income', 'Expense', 'Investment', 'Result', 'Entries']);
    expect(cells[1]?.[1]).toBe(`'=HYPERLINK("x")`);
    // Amounts as the entries CSV writes them (lib/sheet-export.ts): the currency's decimals.
    expect(cells[1]?.[3]).toBe('7.00');
    const xlsx = await call(user, 'POST', '/report?format=xlsx', { filters, group_by: 'tag' });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const row = book.worksheets[0]?.getRow(2);
    expect(row?.getCell(2).value).toBe(`'=HYPERLINK("x")`);
    expect(row?.getCell(4).value).toBe(7);
  });

  it('bad input → 422 naming the field', async () => {
    const bad: Array<[string, string]> = [
      ['/report/analysis?range=2y', 'range'],
      ['/report/expense?basis=both', 'basis'],
      ['/report/analysis?range=custom&start=2025-05&end=2025-04', 'end'],
      ['/report/analysis?range=custom&start=2000-01&end=2020-01', 'end'],
      ['/report/debt?range=custom&start=2025-05', 'end'],
      ['/report/investment?range=custom&start=2025-13&end=2026-01', 'start'],
      ['/entry?start_month=2025-05&end_month=2025-04', 'end_month'],
      ['/entry?basis=both', 'basis'],
    ];
    for (const [url, field] of bad) {
      const res = await call(user, 'GET', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), url).toContain(field);
    }
    const custom: Array<[unknown, string]> = [
      [{ filters: { start: '2025-05', end: '2025-04' }, group_by: 'month' }, 'filters'],
      [{ filters: { start: '2000-01', end: '2025-04' }, group_by: 'month' }, 'filters'],
      [{ filters: { start: '2025-01', end: '2025-04' }, group_by: 'year' }, 'group_by'],
      [{ filters: { start: '2025-01', end: '2025-04' }, group_by: 'month', basis: 'x' }, 'basis'],
      [{ filters: { end: '2025-04' }, group_by: 'month' }, 'filters'],
    ];
    for (const [payload, field] of custom) {
      const res = await call(user, 'POST', '/report', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    expect(
      (
        await call(user, 'POST', '/report?format=pdf', {
          filters: { start: '2025-01', end: '2025-01' },
          group_by: 'month',
        })
      ).statusCode,
    ).toBe(422);
  });
});
