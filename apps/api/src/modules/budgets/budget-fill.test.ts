import { describe, expect, it } from 'vitest';
import { appForFile, createUser, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, createNubankCard, expense } from '../../../test/ledger/helpers.ts';
import { roundSuggestion } from './budget-fill.ts';

/**
 * Issue 23 #13d, "Preencher pelo histórico": suggestions rounded up as a person writes a limit, and what is
 * already known of the month — installments and fixed charges dated in it — counted as it is, not averaged.
 */
const ctx = await appForFile();

const FOOD = 3;
const TRANSPORT = 4;
const HEALTH = 5;

async function fill(user: TestUser, month: string, strategy: string): Promise<Record<number, number>> {
  const res = await user.request({
    method: 'POST',
    url: '/api/v1/budget/fill',
    payload: { month, strategy },
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = await user.request({ method: 'GET', url: `/api/v1/category/budget?month=${month}` });
  const rows = list.json().data as Array<{ category_id: number; budget_id: number | null; budget: number }>;
  return Object.fromEntries(rows.filter((r) => r.budget_id !== null).map((r) => [r.category_id, r.budget]));
}

describe('filling budgets from history', () => {
  it('rounds a suggestion up to R$ 10, or to R$ 50 from R$ 1.000 on; whole currencies by their own units', () => {
    expect(roundSuggestion(109977, 2)).toBe(110000);
    expect(roundSuggestion(110001, 2)).toBe(115000);
    expect(roundSuggestion(100000, 2)).toBe(100000);
    expect(roundSuggestion(99901, 2)).toBe(100000);
    expect(roundSuggestion(3721, 2)).toBe(4000);
    expect(roundSuggestion(1, 2)).toBe(1000);
    expect(roundSuggestion(1234, 0)).toBe(1250);
  });

  it('last month: R$ 1.099,77 of spending is a budget of R$ 1.100,00', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    await createEntry(user, expense(account, { value: 109977, date: '2026-02-10' }));
    expect(await fill(user, '2026-03', 'last_month')).toEqual({ [FOOD]: 110000 });
  });

  it('adds the installments and fixed charges dated in the month, and leaves them out of the average', async () => {
    const user = await createUser(ctx);
    const account = await createAccount(user);
    const cardId = await createNubankCard(user, account);
    const { account_id: _none, ...onCard } = expense(account, { card_id: cardId });
    // Food: R$ 1.099,77 of groceries in February, and a fridge in 10× of R$ 359,99 from 20 February.
    await createEntry(user, expense(account, { value: 109977, date: '2026-02-10' }));
    await createEntry(user, { ...onCard, value: 359990, date: '2026-02-20', installments: 10 });
    // Transport: a monthly subscription of R$ 55,90 since January.
    await createEntry(user, {
      ...onCard,
      category_id: TRANSPORT,
      sub_category_id: 8,
      value: 5590,
      date: '2026-01-15',
      fixed: true,
    });
    // Health: a purchase in 2× on the account, December and January: nothing of it is left for March.
    await createEntry(
      user,
      expense(account, {
        category_id: HEALTH,
        sub_category_id: 12,
        value: 20000,
        date: '2025-12-05',
        installments: 2,
      }),
    );

    expect(await fill(user, '2026-03', 'avg_3')).toEqual({
      // 109 977 / 3 = 36 659 guessed, + the fridge's second installment 35 999 known = 72 658 → R$ 730,00.
      [FOOD]: 73000,
      // Nothing guessed; March's R$ 55,90 known → R$ 60,00 (the average said R$ 37,27).
      [TRANSPORT]: 6000,
    });
  });
});
