import { OPERATIONS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import type { AccountMonthTotalsTable } from '../../db/tables/ledger.ts';
import { addToAggregate } from './aggregate-upsert.ts';
import { seriesToExtend } from './series.repository.ts';

/**
 * Monthly aggregates per (user, account, month): every entry write adds the new rows' effect and subtracts
 * the old rows' effect in the same transaction, so balances read O(accounts × months) rows, never entries.
 */
export interface EffectRow {
  account_id: number | null;
  destination_account_id: number | null;
  operation_id: number;
  value: number;
  date: string;
  paid: number;
  /** Card entries and invoice payments: their card (a payment also has account_id, the paying account). */
  card_id: number | null;
  /** Card entries and invoice payments: the month their invoice is DUE (YYYY-MM); else null. */
  invoice_month: string | null;
  /** Category and subcategory: the per-(category, month, basis) aggregates of budgets and reports. */
  category_id: number | null;
  sub_category_id: number | null;
  /** Set on installments: unpaid expense installments are the debt report's figures. */
  installment_count: number | null;
}

/** The entries columns an EffectRow is read from: every query that feeds applyEntryChanges selects these. */
export const EFFECT_COLUMNS = [
  'account_id',
  'destination_account_id',
  'operation_id',
  'value',
  'date',
  'paid',
  'card_id',
  'invoice_month',
  'category_id',
  'sub_category_id',
  'installment_count',
] as const satisfies readonly (keyof EffectRow)[];

/** One (account, month)'s change to account_month_totals (the row without its user). */
export type TotalsDelta = Omit<AccountMonthTotalsTable, 'user_id'>;

function emptyDelta(account_id: number, month: string): TotalsDelta {
  return {
    account_id,
    month,
    income: 0,
    expense: 0,
    investment: 0,
    transfer_in: 0,
    transfer_out: 0,
    net: 0,
    paid_net: 0,
  };
}

/** Effect of an entry on its account's balance: income adds, expense and investment take away. */
export function balanceEffect(
  row: Pick<EffectRow, 'account_id' | 'destination_account_id' | 'operation_id' | 'value'>,
  accountId: number,
): number {
  if (row.operation_id === OPERATIONS.transfer) {
    let effect = 0;
    if (row.account_id === accountId) effect -= row.value;
    if (row.destination_account_id === accountId) effect += row.value;
    return effect;
  }
  if (row.account_id !== accountId) return 0;
  return row.operation_id === OPERATIONS.income ? row.value : -row.value;
}

/**
 * Expense categories of the write's income rows: an income in an expense category is a refund (a card's
 * estorno, a store refund by Pix), which lowers that category's spending and is never income (DESIGN.md §4).
 */
export type RefundCategories = ReadonlySet<number>;

export function isRefund(
  row: Pick<EffectRow, 'operation_id' | 'category_id'>,
  refunds: RefundCategories,
): boolean {
  return row.operation_id === OPERATIONS.income && row.category_id !== null && refunds.has(row.category_id);
}

/** Which categories of the rows' incomes are expense categories (one query, only when there are any). */
export async function findRefundCategories(db: Db, rows: readonly EffectRow[]): Promise<RefundCategories> {
  const ids = new Set<number>();
  for (const r of rows)
    if (r.operation_id === OPERATIONS.income && r.category_id !== null) ids.add(r.category_id);
  if (ids.size === 0) return new Set();
  const found = await db
    .selectFrom('categories')
    .select('id')
    .where('id', 'in', [...ids])
    .where('type', '=', 'expense')
    .execute();
  return new Set(found.map((r) => Number(r.id)));
}

/** Accumulates `sign` × the effect of `rows` into `into` (keyed by account and month). */
export function addEffects(
  into: Map<string, TotalsDelta>,
  rows: readonly EffectRow[],
  sign: 1 | -1,
  refunds: RefundCategories = new Set(),
): void {
  const get = (accountId: number, month: string) => {
    const key = `${accountId}|${month}`;
    let delta = into.get(key);
    if (!delta) {
      delta = emptyDelta(accountId, month);
      into.set(key, delta);
    }
    return delta;
  };
  for (const row of rows) {
    const month = row.date.slice(0, 7);
    const v = sign * row.value;
    const paid = row.paid === 1;
    if (row.operation_id === OPERATIONS.transfer) {
      if (row.account_id !== null) {
        const d = get(row.account_id, month);
        d.transfer_out += v;
        d.net -= v;
        if (paid) d.paid_net -= v;
      }
      if (row.destination_account_id !== null) {
        const d = get(row.destination_account_id, month);
        d.transfer_in += v;
        d.net += v;
        if (paid) d.paid_net += v;
      }
      continue;
    }
    // Card entries (account_id null) are aggregated by the cards feature, not per account.
    if (row.account_id === null) continue;
    const d = get(row.account_id, month);
    const effect = row.operation_id === OPERATIONS.income ? v : -v;
    if (isRefund(row, refunds)) d.expense -= v;
    else if (row.operation_id === OPERATIONS.income) d.income += v;
    else if (row.operation_id === OPERATIONS.expense) d.expense += v;
    else d.investment += v;
    d.net += effect;
    if (paid) d.paid_net += effect;
  }
}

const _CHUNK = 200;

const TOTALS_COLUMNS = [
  'income',
  'expense',
  'investment',
  'transfer_in',
  'transfer_out',
  'net',
  'paid_net',
] as const;

/** The deltas worth writing (a row whose every figure is zero would change nothing), in key order. */
export function nonZeroDeltas(deltas: Map<string, TotalsDelta>): TotalsDelta[] {
  return [...deltas.values()]
    .filter((d) => TOTALS_COLUMNS.some((c) => d[c] !== 0))
    .sort((x, y) => x.account_id - y.account_id || (x.month < y.month ? -1 : x.month > y.month ? 1 : 0));
}

/** Adds the non-zero deltas to account_month_totals in key order (aggregate-upsert.ts). */
export async function applyTotals(db: Db, userId: number, deltas: Map<string, TotalsDelta>): Promise<void> {
  const rows = nonZeroDeltas(deltas).map((d) => ({ user_id: userId, ...d }));
  await addToAggregate(db, 'account_month_totals', ['user_id', 'account_id', 'month'], TOTALS_COLUMNS, rows);
}

export interface AccountSums {
  account_id: number;
  /** Paid net effect of months before `month`. */
  paid_before: number;
  /** Paid net effect through `month`. */
  paid_through: number;
  /** Net effect of every entry through `month`. */
  net_through: number;
  /** Paid net effect through the current month (for "balance up to today"). */
  paid_through_current: number;
  income: number;
  expense: number;
  investment: number;
}

/**
 * The balance query (exported for the EXPLAIN guard test): plain sums of the user's rows through `month`,
 * grouped by account, read through account_month_totals_key. Deliberately without CASE expressions: measured
 * on D1 (1 200 rows) the same figures with seven CASE sums cost four times as much; the month's own figures
 * come from a second, tiny query.
 */
export function totalsByAccountQuery(db: Db, userId: number, month: string) {
  return db
    .selectFrom('account_month_totals')
    .select((eb) => [
      'account_id',
      eb.fn.sum<number>('net').as('net'),
      eb.fn.sum<number>('paid_net').as('paid_net'),
    ])
    .where('user_id', '=', userId)
    .where('month', '<=', month)
    .groupBy('account_id');
}

function monthRowsQuery(db: Db, userId: number, month: string) {
  return db
    .selectFrom('account_month_totals')
    .select(['account_id', 'paid_net', 'income', 'expense', 'investment'])
    .where('user_id', '=', userId)
    .where('month', '=', month);
}

/**
 * Balance figures per account at `month` (O(accounts × months) aggregate rows, never entries). With
 * `withCurrent`, also the paid total through the current month (for "balance up to today").
 */
export async function sumTotalsByAccount(
  db: Db,
  userId: number,
  month: string,
  currentMonth: string,
  withCurrent = true,
): Promise<AccountSums[]> {
  const [through, monthRows, current] = await Promise.all([
    totalsByAccountQuery(db, userId, month).execute(),
    monthRowsQuery(db, userId, month).execute(),
    withCurrent && currentMonth !== month ? totalsByAccountQuery(db, userId, currentMonth).execute() : [],
  ]);
  const sums = new Map<number, AccountSums>();
  const get = (accountId: number) => {
    let s = sums.get(accountId);
    if (!s) {
      s = {
        account_id: accountId,
        paid_before: 0,
        paid_through: 0,
        net_through: 0,
        paid_through_current: 0,
        income: 0,
        expense: 0,
        investment: 0,
      };
      sums.set(accountId, s);
    }
    return s;
  };
  // pg parses BIGINT and sums as numbers (connection.ts); Number() also covers SQLite.
  for (const r of through) {
    const s = get(Number(r.account_id));
    s.paid_through = Number(r.paid_net);
    s.net_through = Number(r.net);
    s.paid_before = s.paid_through;
    if (currentMonth === month) s.paid_through_current = s.paid_through;
  }
  for (const r of monthRows) {
    const s = get(Number(r.account_id));
    s.paid_before = s.paid_through - Number(r.paid_net);
    s.income = Number(r.income);
    s.expense = Number(r.expense);
    s.investment = Number(r.investment);
  }
  for (const r of current) get(Number(r.account_id)).paid_through_current = Number(r.paid_net);
  return [...sums.values()];
}

/**
 * GET /entry/balance in one query (exported for the EXPLAIN guard test): every account with its plain sums
 * through the month (account_month_totals_key, no CASE: see ledger-aggregates.md), the month's own aggregate
 * row (one key lookup per account), and whether a fixed series must be extended to `wanted` first (the test
 * of findSeriesToExtend, uncorrelated, so both dialects evaluate it once).
 */
export function monthBalanceQuery(db: Db, userId: number, month: string, wanted: string) {
  const sums = totalsByAccountQuery(db, userId, month).as('t');
  return db
    .selectFrom('accounts as a')
    .leftJoin(sums, 't.account_id', 'a.id')
    .leftJoin('account_month_totals as m', (join) =>
      join.on('m.user_id', '=', userId).onRef('m.account_id', '=', 'a.id').on('m.month', '=', month),
    )
    .select((eb) => [
      'a.id as account_id',
      'a.initial_balance',
      't.net',
      't.paid_net',
      'm.paid_net as month_paid_net',
      'm.income',
      'm.expense',
      'm.investment',
      eb.exists(seriesToExtend(db, userId, wanted).select('id')).as('stale'),
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.id');
}

/** Paid entries of the current month dated after today: subtracted for "balance up to today". */
export function findPaidEntriesAfter(db: Db, userId: number, today: string, monthEnd: string) {
  return db
    .selectFrom('entries')
    .select(EFFECT_COLUMNS)
    .where('user_id', '=', userId)
    .where('paid', '=', 1)
    .where('date', '>', today)
    .where('date', '<=', monthEnd)
    .execute();
}

export function findTotalsRows(db: Db, userId: number) {
  return db
    .selectFrom('account_month_totals')
    .select(['account_id', 'month', ...TOTALS_COLUMNS])
    .where('user_id', '=', userId)
    .execute();
}
