import { type EntryBalance, type IsoDate, monthOf, todayIso } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { cashInvoiceFigures } from '../cards/invoices.service.ts';
import { monthBalanceQuery } from '../money-core/account-totals.repository.ts';
import type { Balances } from '../money-core/balances.ts';
import { extensionMonth, materialiseSeriesThrough, seriesNeedExtension } from '../money-core/series.ts';

/** Cash basis (DESIGN.md "Two bases"): the card invoices due in the month, and what unpaid ones still owe. */
export interface CashInvoices {
  invoices: number;
  unpaid: number;
}

export function balanceResponse(
  month: string,
  balances: Balances,
  cash: CashInvoices = { invoices: 0, unpaid: 0 },
): EntryBalance {
  const accounts = [...balances.accounts.entries()].map(([account_id, b]) => ({
    account_id,
    opening_balance: b.opening_balance,
    closing_balance: b.closing_balance,
    predicted_balance: b.predicted_balance,
  }));
  const sum = (key: 'opening_balance' | 'closing_balance' | 'predicted_balance') =>
    accounts.reduce((total, a) => total + a[key], 0);
  return {
    month,
    income: balances.income,
    expense: balances.expense,
    investment: balances.investment,
    result: balances.income - balances.expense - balances.investment - cash.invoices,
    opening_balance: sum('opening_balance'),
    closing_balance: sum('closing_balance'),
    predicted_balance: sum('predicted_balance') - cash.unpaid,
    invoices: cash.invoices,
    accounts,
  };
}

/**
 * GET /entry/balance: the same figures as balanceResponse(computeBalances(…, { todayBalance: false })) from
 * one query (accounts, sums, the month's rows and the series check together). Only when a fixed series
 * must first be materialised through the month (rare: browsing far ahead) does it extend and read again.
 */
export async function monthBalance(
  db: Db,
  userId: number,
  month: string,
  now = new Date(),
  today: IsoDate = todayIso(now),
): Promise<EntryBalance> {
  const current = monthOf(today);
  const reach = month > current ? month : current;
  const query = monthBalanceQuery(db, userId, month, extensionMonth(reach, now));
  // Card purchases are not in the accounts' aggregates (account_id null): on the cash basis they count only
  // as the invoices due in the month, read from the per-(card, invoice month) aggregates.
  let [rows, cash] = await Promise.all([query.execute(), cashInvoiceFigures(db, userId, month, today)]);
  // The series check rides on the accounts' rows; a user with cards only has none, so it is asked alone.
  const stale =
    rows.length > 0 ? rows.some((r) => Boolean(r.stale)) : await seriesNeedExtension(db, userId, reach, now);
  if (stale) {
    await materialiseSeriesThrough(db, userId, reach, now);
    // Both again: the occurrences just written include fixed card charges, which the card figures read
    // before materialising left out (the first call must answer what the second would).
    [rows, cash] = await Promise.all([query.execute(), cashInvoiceFigures(db, userId, month, today)]);
  }
  const balance: EntryBalance = {
    month,
    income: 0,
    expense: 0,
    investment: 0,
    result: 0,
    opening_balance: 0,
    closing_balance: 0,
    predicted_balance: 0,
    invoices: cash.invoices,
    accounts: [],
  };
  // pg parses BIGINT and sums as numbers (connection.ts); Number() also covers SQLite.
  for (const r of rows) {
    const initial = Number(r.initial_balance);
    const paidThrough = Number(r.paid_net ?? 0);
    const account = {
      account_id: Number(r.account_id),
      opening_balance: initial + paidThrough - Number(r.month_paid_net ?? 0),
      closing_balance: initial + paidThrough,
      predicted_balance: initial + Number(r.net ?? 0),
    };
    balance.accounts.push(account);
    balance.opening_balance += account.opening_balance;
    balance.closing_balance += account.closing_balance;
    balance.predicted_balance += account.predicted_balance;
    balance.income += Number(r.income ?? 0);
    balance.expense += Number(r.expense ?? 0);
    balance.investment += Number(r.investment ?? 0);
  }
  balance.result = balance.income - balance.expense - balance.investment - cash.invoices;
  balance.predicted_balance -= cash.unpaid;
  return balance;
}
