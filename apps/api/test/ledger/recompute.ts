import { expect } from 'vitest';
import type { Db } from '../../src/db/connection.ts';
import {
  addEffects,
  EFFECT_COLUMNS,
  findRefundCategories,
  nonZeroDeltas,
} from '../../src/modules/money-core/account-totals.repository.ts';
import { addCardEffects, type CardTotalsDelta } from '../../src/modules/money-core/card-totals.repository.ts';
import {
  addCategoryEffects,
  type CategoryDelta,
} from '../../src/modules/money-core/category-totals.repository.ts';

/**
 * Every aggregate of a user recomputed from scratch from the entries as they are now, and compared with the
 * rows the writes kept up to date one delta at a time: account_month_totals (balances), card_invoice_totals
 * (invoices and available limits), category_month_totals (budgets, dashboard and reports) and the money
 * volume. Concurrent writes that applied an effect twice, or applied one for a row they did not change,
 * show up here. The effect rules themselves are tested by the property tests against independent sums.
 */
export async function expectAggregatesMatchEntries(db: Db, userId: number, label = ''): Promise<void> {
  const entries = await db
    .selectFrom('entries')
    .select([...EFFECT_COLUMNS, 'fixed'])
    .where('user_id', '=', userId)
    .execute();
  const rows = entries.map((e) => ({
    ...e,
    value: Number(e.value),
    installment_count: e.installment_count === null ? null : Number(e.installment_count),
  }));

  // Incomes in expense categories are refunds (issue 18): the same lookup the effects make.
  const refunds = await findRefundCategories(db, rows);
  const accounts = new Map();
  addEffects(accounts, rows, 1, refunds);
  const wantAccounts = nonZeroDeltas(accounts).map((d) => ({ ...d }));
  const gotAccounts = (
    await db
      .selectFrom('account_month_totals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('account_id')
      .orderBy('month')
      .execute()
  )
    .map(({ user_id: _u, ...r }) => numbers(r))
    .filter((r) =>
      Object.entries(r).some(([k, v]) => k !== 'account_id' && typeof v === 'number' && v !== 0),
    );
  expect(gotAccounts, `account_month_totals ${label}`).toEqual(wantAccounts.map(numbers));

  const cards = new Map<string, CardTotalsDelta>();
  addCardEffects(cards, rows, 1);
  const wantCards = sortedNonZero([...cards.values()], ['card_id', 'month']);
  const gotCards = sortedNonZero(
    (await db.selectFrom('card_invoice_totals').selectAll().where('user_id', '=', userId).execute()).map(
      ({ user_id: _u, ...r }) => numbers(r),
    ),
    ['card_id', 'month'],
  );
  expect(gotCards, `card_invoice_totals ${label}`).toEqual(wantCards.map(numbers));

  const categories = new Map<string, CategoryDelta>();
  addCategoryEffects(categories, rows, 1, refunds);
  const keys = ['basis', 'month', 'category_id', 'sub_category_id'];
  const wantCategories = sortedNonZero([...categories.values()], keys);
  const gotCategories = sortedNonZero(
    (await db.selectFrom('category_month_totals').selectAll().where('user_id', '=', userId).execute()).map(
      ({ user_id: _u, ...r }) => numbers(r),
    ),
    keys,
  );
  expect(gotCategories, `category_month_totals ${label}`).toEqual(wantCategories.map(numbers));

  const initial = await db
    .selectFrom('accounts')
    .select('initial_balance')
    .where('user_id', '=', userId)
    .execute();
  const volume =
    rows.reduce((sum, r) => sum + Math.abs(r.value), 0) +
    initial.reduce((sum, a) => sum + Math.abs(Number(a.initial_balance)), 0);
  const stored = await db
    .selectFrom('user_money_totals')
    .select('volume')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  expect(Number(stored?.volume ?? 0), `money volume ${label}`).toBe(volume);
}

/** BIGINT columns as numbers (pg may give strings for some drivers' types), text columns unchanged. */
function numbers<T extends object>(row: T): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
  );
}

/** Rows with any non-zero figure, in key order. */
function sortedNonZero<T extends object>(rows: T[], keys: string[]): T[] {
  const key = (r: T) => keys.map((k) => String((r as Record<string, unknown>)[k])).join('|');
  return rows
    .filter((r) => Object.entries(r).some(([k, v]) => !keys.includes(k) && typeof v === 'number' && v !== 0))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** A user's aggregate rows (account, card and category month totals) in key order: a snapshot to compare. */
export async function aggregateRows(db: Db, userId: number) {
  const [accounts, cards, categories] = await Promise.all([
    db
      .selectFrom('account_month_totals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('account_id')
      .orderBy('month')
      .execute(),
    db
      .selectFrom('card_invoice_totals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('card_id')
      .orderBy('month')
      .execute(),
    db
      .selectFrom('category_month_totals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('basis')
      .orderBy('month')
      .orderBy('category_id')
      .orderBy('sub_category_id')
      .execute(),
  ]);
  return { accounts, cards, categories };
}
