import { type IsoDate, lastDayOfMonth, monthOf, todayIso } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { balanceEffect, findPaidEntriesAfter, sumTotalsByAccount } from './account-totals.repository.ts';
import { materialiseSeriesThrough } from './series.ts';

export interface AccountBalances {
  opening_balance: number;
  closing_balance: number;
  predicted_balance: number;
  /** Paid entries dated up to today. */
  balance: number;
}

export interface Balances {
  accounts: Map<number, AccountBalances>;
  income: number;
  expense: number;
  investment: number;
}

/**
 * Balances of every account at `month` from the monthly aggregates (O(accounts × months)), plus "balance
 * up to today": paid through the current month minus the few paid entries dated later in the current month
 * (found through entries_user_paid_date). Fixed series are materialised through the month first.
 */
export async function computeBalances(
  db: Db,
  userId: number,
  accounts: ReadonlyArray<{ id: number; initial_balance: number }>,
  month: string,
  options: { todayBalance?: boolean; now?: Date; today?: IsoDate } = {},
): Promise<Balances> {
  const now = options.now ?? new Date();
  // The user's today (DESIGN.md §4) when the caller knows it; UTC's otherwise.
  const today = options.today ?? todayIso(now);
  const current = monthOf(today);
  await materialiseSeriesThrough(db, userId, month > current ? month : current, now);
  // GET /entry/balance has no "up to today" figure: it skips the lookup of paid entries dated later.
  const [sums, laterPaid] = await Promise.all([
    sumTotalsByAccount(db, userId, month, current, options.todayBalance !== false),
    options.todayBalance === false ? [] : findPaidEntriesAfter(db, userId, today, lastDayOfMonth(current)),
  ]);
  const byAccount = new Map(sums.map((s) => [s.account_id, s]));
  const result: Balances = { accounts: new Map(), income: 0, expense: 0, investment: 0 };
  for (const account of accounts) {
    const s = byAccount.get(account.id);
    let balance = account.initial_balance + (s?.paid_through_current ?? 0);
    for (const row of laterPaid) balance -= balanceEffect(row, account.id);
    result.accounts.set(account.id, {
      opening_balance: account.initial_balance + (s?.paid_before ?? 0),
      closing_balance: account.initial_balance + (s?.paid_through ?? 0),
      predicted_balance: account.initial_balance + (s?.net_through ?? 0),
      balance,
    });
  }
  for (const s of sums) {
    result.income += s.income;
    result.expense += s.expense;
    result.investment += s.investment;
  }
  return result;
}
