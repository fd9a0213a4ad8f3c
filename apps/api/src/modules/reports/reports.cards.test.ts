import { addMonths, currentMonth } from '@centavo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../../../test/ledger/helpers.ts';

// The link between cards (#10) and reports (#11), DESIGN.md "Two bases, never mixed": card purchases count
// by their date in the accrual basis and by their invoice's due month in the cash basis; invoice payments
// count in neither; the debt report adds what invoices still owe without counting card installments twice.

let ctx: TestContext;
let user: TestUser;
const FOOD = 3;
const M = addMonths(currentMonth(), 1);
const months = [M, addMonths(M, 1), addMonths(M, 2), addMonths(M, 3)] as const;
let cardId: number;

async function ok<T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<T> {
  const res = await user.request({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

/** FOOD's monthly figures of the expense report over `months` (expense − refunds). */
async function foodTrend(basis: 'accrual' | 'cash'): Promise<number[]> {
  const report = await ok<{ data: Array<{ category_id: number; months: number[] }> }>(
    'GET',
    `/report/expense?range=custom&start=${months[0]}&end=${months[3]}&basis=${basis}`,
  );
  return report.data.find((c) => c.category_id === FOOD)?.months ?? [0, 0, 0, 0];
}

/** The drill-down of one month's figure: the entries list with the report's filters, signed as spending. */
async function drill(basis: 'accrual' | 'cash', month: string): Promise<number> {
  const list = await ok<{ data: Array<{ value: number; operation_id: number }> }>(
    'GET',
    `/entry?start_month=${month}&end_month=${month}&basis=${basis}&category_id=${FOOD}`,
  );
  return list.data.reduce(
    (s, e) => s + (e.operation_id === 2 ? e.value : e.operation_id === 1 ? -e.value : 0),
    0,
  );
}

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createUser(ctx);
  const account = await createAccount(user);
  const card = await ok<{ id: number }>('POST', '/card', {
    name: 'Nubank',
    limit: 500000,
    close_day: 10,
    expiration_day: 17,
    account_id: account,
  });
  cardId = card.id;
  const { account_id: _none, ...onCard } = expense(account, { category_id: FOOD, sub_category_id: null });
  // 900 in 3 installments dated the 12th of M, M+1, M+2: after closing, so in the invoices of M+1, M+2, M+3.
  await createEntry(user, { ...onCard, card_id: cardId, date: `${M}-12`, value: 900, installments: 3 });
  // A refund of 100 on the 2nd of M+1: before that month's closing, in the invoice of M+1.
  await createEntry(user, {
    ...onCard,
    card_id: cardId,
    operation_id: 1,
    date: `${months[1]}-02`,
    value: 100,
  });
  // An account expense of 100 in 2 installments (M, M+1), unpaid.
  await createEntry(
    user,
    expense(account, {
      category_id: FOOD,
      sub_category_id: null,
      date: `${M}-05`,
      value: 100,
      installments: 2,
      paid: false,
    }),
  );
});
afterAll(async () => ctx.close());

describe('card entries in the reports', () => {
  it('count by date in the accrual basis and by invoice month in the cash basis, and drill down to the cent', async () => {
    const accrual = await foodTrend('accrual');
    const cash = await foodTrend('cash');
    expect(accrual).toEqual([350, 250, 300, 0]);
    expect(cash).toEqual([50, 250, 300, 300]);
    for (const [i, month] of months.entries()) {
      expect(await drill('accrual', month)).toBe(accrual[i]);
      expect(await drill('cash', month)).toBe(cash[i]);
    }
    // Over the whole period the two bases differ only by purchases whose invoice falls outside it.
    expect(accrual.reduce((a, b) => a + b)).toBe(900 + 100 - 100);
    expect(cash.reduce((a, b) => a + b)).toBe(900 + 100 - 100);
  });

  it('leave card purchases out of the plain entries list, where they are their invoice line', async () => {
    const list = await ok<{ data: Array<{ card_id: number | null }>; invoices?: Array<{ total: number }> }>(
      'GET',
      `/entry?month=${months[1]}`,
    );
    expect(list.data.every((e) => e.card_id === null)).toBe(true);
    expect(list.invoices?.map((i) => i.total)).toEqual([200]);
  });

  it('owe each invoice once in the debt report, card installments inside their invoices', async () => {
    const debt = await ok<{
      data: Array<{ month: string; installments: number; invoices: number }>;
      total: number;
    }>('GET', `/report/debt?range=custom&start=${months[0]}&end=${months[3]}`);
    expect(debt.data.map((d) => [d.month, d.installments, d.invoices])).toEqual([
      [months[0], 50, 0],
      [months[1], 50, 200],
      [months[2], 0, 300],
      [months[3], 0, 300],
    ]);
    expect(debt.total).toBe(900);
  });

  it('never count an invoice payment as spending, and drop the paid invoice from the debt', async () => {
    const invoice = await ok<{ id: number }>('GET', `/card/${cardId}/invoice?month=${months[1]}`);
    await ok('POST', `/invoice/${invoice.id}/paid`, { paid: true, date: `${months[1]}-17` });
    expect(await foodTrend('accrual')).toEqual([350, 250, 300, 0]);
    expect(await foodTrend('cash')).toEqual([50, 250, 300, 300]);
    const debt = await ok<{ data: Array<{ invoices: number }> }>(
      'GET',
      `/report/debt?range=custom&start=${months[0]}&end=${months[3]}`,
    );
    expect(debt.data.map((d) => d.invoices)).toEqual([0, 0, 300, 300]);
    const custom = await ok<{ rows: Array<{ key: string; label: string; expense: number; income: number }> }>(
      'POST',
      '/report',
      { filters: { start: months[0], end: months[3], card_ids: [cardId] }, group_by: 'card', basis: 'cash' },
    );
    // The refund on the card is in the purchase's expense category: it lowers the spending, never income (#18).
    expect(custom.rows.map((r) => [r.label, r.expense, r.income])).toEqual([['Nubank', 800, 0]]);
  });
});
