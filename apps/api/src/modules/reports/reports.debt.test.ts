import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import {
  createAccount,
  createEntry,
  createNubankCard,
  type EntryInput,
  expense,
} from '../../../test/ledger/helpers.ts';

/**
 * Issue 23 #11, "Dívidas a vencer": debt is what is already owed — the remaining installments of purchases made
 * and what the open and earlier invoices hold — never the coming occurrences of a monthly charge. A Nubank-like
 * card (closes on the 3rd, due on the 10th), a 10× purchase, a monthly Netflix on the card, a monthly rent on
 * the account and a 2× account purchase (a "carnê"). The clock is set (Date only).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

async function json<T>(
  user: TestUser,
  method: 'GET' | 'POST',
  url: string,
  payload?: EntryInput,
): Promise<T> {
  const res = await user.request({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

describe('the debt report', () => {
  it('counts each installment once in its invoice and a monthly card charge only once its invoice is open', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T15:00:00Z'));
    const user = await createUser(ctx, 'Debt', 2);
    await ctx.database.db
      .updateTable('users')
      .set({ time_zone: 'America/Sao_Paulo' })
      .where('id', '=', user.id)
      .execute();
    const account = await createAccount(user);
    const cardId = await createNubankCard(user, account);
    const { account_id: _none, ...base } = expense(account, { date: '2026-11-20' });
    // After the 3rd: the December invoice (due 10 Dec) is the open one, and the first of the ten.
    await createEntry(user, { ...base, card_id: cardId, value: 100000, installments: 10 });
    await createEntry(user, { ...base, card_id: cardId, value: 5590, fixed: true, description: 'Netflix' });
    // On the account: a monthly rent (fixed, unpaid) is no debt; a 2× purchase's unpaid installments are.
    await createEntry(
      user,
      expense(account, { date: '2026-11-25', value: 180000, fixed: true, paid: false }),
    );
    await createEntry(
      user,
      expense(account, { date: '2026-12-15', value: 40000, installments: 2, paid: false }),
    );

    const debt = await json<{
      start: string;
      data: Array<{ month: string; installments: number; invoices: number; total: number }>;
      total: number;
    }>(user, 'GET', '/report/debt?range=12m');
    expect(debt.start).toBe('2026-11');
    expect(debt.data.map((d) => [d.month, d.installments, d.invoices])).toEqual([
      ['2026-11', 0, 0],
      // The open invoice: the first installment and this month's Netflix.
      ['2026-12', 20000, 10000 + 5590],
      ['2027-01', 20000, 10000],
      ['2027-02', 0, 10000],
      ['2027-03', 0, 10000],
      ['2027-04', 0, 10000],
      ['2027-05', 0, 10000],
      ['2027-06', 0, 10000],
      ['2027-07', 0, 10000],
      ['2027-08', 0, 10000],
      ['2027-09', 0, 10000],
      // Only Netflix would be in this invoice: nothing owed yet.
      ['2027-10', 0, 0],
    ]);
    expect(debt.total).toBe(100000 + 5590 + 40000);

    // The card's limit follows the same rule: the ten installments and one Netflix are used.
    const cardNow = await json<{ available_limit: number }>(user, 'GET', `/card/${cardId}`);
    expect(cardNow.available_limit).toBe(800000 - 100000 - 5590);
  });
});
