import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { appForFile, createUser, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense, income, transfer } from '../../../test/ledger/helpers.ts';

/**
 * DESIGN.md §9: an income or expense may have no category (`category_id: null`), shown as "Uncategorised" /
 * "Sem categoria" and counted as such everywhere: the list (with its own filter), budgets (a flagged row),
 * the dashboard, the reports and exports. Aggregates keep it under category 0.
 */
const ctx = await appForFile();

type Json = Record<string, unknown>;
const MONTH = '2026-11';

async function ok<T = Json>(user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json) {
  const res = await user.request({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(method === 'POST' && url === '/entry' ? 201 : 200);
  return res.json() as T;
}

const sum = (rows: Array<{ value: number }>) => rows.reduce((s, r) => s + r.value, 0);

async function setup(languageId = 1) {
  const user = await createUser(ctx, 'U', languageId);
  const acc = await createAccount(user);
  // Two uncategorised expenses (one sent null, one without the field), one uncategorised income, and a
  // categorised expense beside them.
  const {
    category_id: _c,
    sub_category_id: _s,
    ...bare
  } = expense(acc, { description: 'Padaria', value: 1500 });
  const omitted = await createEntry(user, bare);
  const nulled = await createEntry(
    user,
    expense(acc, { description: 'Feira', value: 2500, category_id: null, sub_category_id: null }),
  );
  const inc = await createEntry(user, income(acc, { value: 700, category_id: null, description: 'Pix' }));
  const food = await createEntry(user, expense(acc, { value: 4000 }));
  return { user, acc, omitted, nulled, inc, food };
}

describe('entries without a category', () => {
  it('are created for income and expenses, on accounts and cards; investments still need one', async () => {
    const { user, acc, omitted, nulled, inc } = await setup();
    expect(omitted).toMatchObject({ category_id: null, sub_category_id: null, operation_id: 2 });
    expect(nulled).toMatchObject({ category_id: null, sub_category_id: null });
    expect(inc).toMatchObject({ category_id: null, operation_id: 1 });

    const card = await user.request({
      method: 'POST',
      url: '/api/v1/card',
      payload: { name: 'Nu', flag_id: 2, limit: 100000, close_day: 10, expiration_day: 17 },
    });
    const cardId = card.json().id as number;
    const purchase = await createEntry(user, {
      description: 'Loja',
      value: 900,
      date: '2026-11-12',
      operation_id: 2,
      card_id: cardId,
    });
    expect(purchase).toMatchObject({ category_id: null, card_id: cardId });
    const inv = await ok<{ purchases: number }>(user, 'GET', `/card/${cardId}/invoice?month=2026-12`);
    expect(inv.purchases).toBe(900);

    const investment = await user.request({
      method: 'POST',
      url: '/api/v1/entry',
      payload: { ...expense(acc), operation_id: 3, category_id: null, sub_category_id: null },
    });
    expect(investment.statusCode).toBe(422);
    expect(Object.keys(investment.json().errors)).toEqual(['category_id']);
    const orphanSub = await user.request({
      method: 'POST',
      url: '/api/v1/entry',
      payload: expense(acc, { category_id: null, sub_category_id: 5 }),
    });
    expect(orphanSub.statusCode).toBe(422);
    expect(Object.keys(orphanSub.json().errors)).toEqual(['sub_category_id']);

    // Transfers still take category 1 / subcategory 27, whatever is sent.
    const acc2 = await createAccount(user);
    const move = await createEntry(
      user,
      transfer(acc, acc2, { value: 100, date: '2026-11-03', category_id: null }),
    );
    expect(move).toMatchObject({ category_id: 1, sub_category_id: 27 });
  });

  it('are listed, summed and exported through the "no category" filter', async () => {
    const { user, omitted, nulled, inc } = await setup();
    const list = await ok<{ data: Array<{ id: number; value: number }> }>(
      user,
      'GET',
      `/entry?month=${MONTH}&without_category=true`,
    );
    expect(list.data.map((e) => e.id).sort()).toEqual([omitted.id, nulled.id, inc.id].sort());
    const totals = await ok(user, 'GET', `/entry/totals?month=${MONTH}&without_category=true`);
    expect(totals).toMatchObject({ income: 700, expense: 4000, count: 3 });
    const bad = await user.request({ method: 'GET', url: '/api/v1/entry?without_category=maybe' });
    expect(bad.statusCode).toBe(422);

    const csv = await user.request({
      method: 'GET',
      url: `/api/v1/entry/export?month=${MONTH}&format=csv&without_category=true`,
    });
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.Category === 'Uncategorised')).toBe(true);
  });

  it('a PUT takes the category away (with its subcategory) and gives it back; aggregates follow', async () => {
    const { user, food } = await setup();
    const cleared = await ok(user, 'PUT', `/entry/${food.id}`, { category_id: null });
    expect(cleared).toMatchObject({ category_id: null, sub_category_id: null });
    const cells = async () =>
      (
        await ctx.database.db
          .selectFrom('category_month_totals')
          .select(['category_id', 'sub_category_id', 'expense', 'income'])
          .where('user_id', '=', user.id)
          .where('basis', '=', 'accrual')
          .execute()
      )
        .map((r) => ({
          ...r,
          category_id: Number(r.category_id),
          sub_category_id: Number(r.sub_category_id),
        }))
        .filter((r) => Number(r.expense) !== 0 || Number(r.income) !== 0);
    expect(await cells()).toEqual([{ category_id: 0, sub_category_id: 0, expense: 8000, income: 700 }]);
    const back = await ok(user, 'PUT', `/entry/${food.id}`, { category_id: 3, sub_category_id: 6 });
    expect(back).toMatchObject({ category_id: 3, sub_category_id: 6 });
    expect(await cells()).toEqual(
      expect.arrayContaining([
        { category_id: 0, sub_category_id: 0, expense: 4000, income: 700 },
        { category_id: 3, sub_category_id: 6, expense: 4000, income: 0 },
      ]),
    );
  });

  it('budgets list uncategorised spending as its own flagged row; income without a category is no refund', async () => {
    const { user } = await setup();
    const budgets = await ok<{
      summary: { spent: number };
      data: Array<{ category_id: number | null; name: string; spent: number; unbudgeted: boolean }>;
    }>(user, 'GET', `/category/budget?month=${MONTH}`);
    const none = budgets.data.find((r) => r.category_id === null);
    expect(none).toMatchObject({ name: 'Uncategorised', spent: 4000, unbudgeted: true, budget_id: null });
    expect(budgets.summary.spent).toBe(8000);
    const drill = await ok<{ data: Array<{ value: number }> }>(
      user,
      'GET',
      `/entry?month=${MONTH}&basis=accrual&without_category=true&operation_id=2`,
    );
    expect(sum(drill.data)).toBe(none?.spent);
    const all = await ok<{ data: Array<{ value: number }> }>(
      user,
      'GET',
      `/entry?month=${MONTH}&basis=accrual&operation_id=2`,
    );
    expect(sum(all.data)).toBe(budgets.summary.spent);

    const dash = await ok<{ total: number; data: Array<{ category_id: number | null; value: number }> }>(
      user,
      'GET',
      `/category/dashboard?month=${MONTH}`,
    );
    expect(dash.data.find((r) => r.category_id === null)?.value).toBe(4000);
    expect(dash.total).toBe(8000);
  });

  it('reports count it as "Uncategorised" (custom report group_by category and subcategory, expense report)', async () => {
    const { user } = await setup(2);
    const expenseReport = await ok<{
      data: Array<{ category_id: number | null; name: string; total: number }>;
    }>(user, 'GET', `/report/expense?range=custom&start=${MONTH}&end=${MONTH}`);
    expect(expenseReport.data.find((r) => r.category_id === null)).toMatchObject({
      name: 'Sem categoria',
      total: 4000,
    });
    for (const [groupBy, key] of [
      ['category', '0'],
      ['subcategory', '0:0'],
    ] as const) {
      const report = await ok<{ rows: Array<Json> }>(user, 'POST', '/report', {
        filters: { start: MONTH, end: MONTH },
        group_by: groupBy,
      });
      expect(report.rows.find((r) => r.key === key)).toMatchObject({
        label: 'Sem categoria',
        income: 700,
        expense: 4000,
        count: 3,
      });
    }
    // The entries path of the custom report (an account filter) groups it the same way.
    const acc = (await ok<{ data: Array<{ id: number }> }>(user, 'GET', '/account')).data[0]?.id;
    const byEntries = await ok<{ rows: Array<Json> }>(user, 'POST', '/report', {
      filters: { start: MONTH, end: MONTH, account_ids: [acc] },
      group_by: 'category',
    });
    expect(byEntries.rows.find((r) => r.key === '0')).toMatchObject({
      label: 'Sem categoria',
      expense: 4000,
    });
  });
});
