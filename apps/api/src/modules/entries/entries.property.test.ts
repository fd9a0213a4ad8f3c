import {
  addMonths,
  currentMonth,
  dateInMonth,
  type EntryCreateInput,
  type EntryScope,
  type EntryUpdateInput,
  todayIso,
} from '@centavo/shared';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { appForFile, insertUser } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { itHolds } from '../../../test/property.ts';
import { insertAccounts } from '../../../test/rows.ts';
import { AppError } from '../../lib/errors.ts';
import type { EffectRow } from '../money-core/account-totals.repository.ts';
import { computeBalances } from '../money-core/balances.ts';
import { materialiseSeriesThrough } from '../money-core/series.ts';
import { balanceResponse, monthBalance } from './balance.service.ts';
import { createEntry } from './create.service.ts';
import { deleteEntry, setEntryPaid, updateEntry } from './update.service.ts';

/**
 * QUALITY.md: after random sequences of create (single, installments, fixed, transfer), edit (scope
 * one/next/all), delete (scoped), pay and far reads (lazy series extension), every aggregate row and every
 * balance equals a recomputation from the entries themselves. Services are driven directly (the HTTP layer is
 * covered by entries.test.ts) so 1 000 runs stay fast; each run uses a fresh user.
 */
// PostgreSQL round trips cost more: fewer steps per run, the same number of runs.
const MAX_STEPS = TEST_DB_KIND === 'postgres' ? 3 : 6;

const month0 = currentMonth();
const today = todayIso();

const accountIdx = fc.integer({ min: 0, max: 2 });
const monthOffset = fc.integer({ min: -3, max: 3 });
const day = fc.integer({ min: 1, max: 31 });

const createOp = fc.record({
  kind: fc.constant('create' as const),
  operation: fc.constantFrom(1, 2, 3, 4),
  value: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1_000_000_000_00 })),
  monthOffset,
  day,
  account: accountIdx,
  destination: accountIdx,
  /** Income and expenses may have no category (DESIGN.md §9). */
  uncategorised: fc.boolean(),
  paid: fc.boolean(),
  mode: fc.oneof(
    fc.constant({ type: 'single' as const }),
    fc.record({ type: fc.constant('installments' as const), count: fc.integer({ min: 2, max: 6 }) }),
    fc.record({
      type: fc.constant('fixed' as const),
      limitOffset: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
    }),
  ),
});

const scope = fc.constantFrom<EntryScope>('one', 'next', 'all');

const editOp = fc.record({
  kind: fc.constant('edit' as const),
  pick: fc.nat(),
  scope,
  value: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
  paid: fc.option(fc.boolean(), { nil: undefined }),
  day: fc.option(day, { nil: undefined }),
  account: fc.option(accountIdx, { nil: undefined }),
  toTransfer: fc.option(accountIdx, { nil: undefined }),
  limitOffset: fc.option(fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }), { nil: undefined }),
});

const deleteOp = fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), scope });
const payOp = fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), paid: fc.boolean() });
const readOp = fc.record({
  kind: fc.constant('read' as const),
  monthOffset: fc.integer({ min: 0, max: 30 }),
});

const opArb = fc.oneof(
  { weight: 4, arbitrary: createOp },
  { weight: 2, arbitrary: editOp },
  { weight: 2, arbitrary: deleteOp },
  { weight: 2, arbitrary: payOp },
  { weight: 1, arbitrary: readOp },
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const CATEGORY_FOR: Record<number, number> = { 1: 14, 2: 3, 3: 19 };

const ctx = await appForFile();

/** What an entry's effect on an account depends on. */
type Row = Pick<
  EffectRow,
  'account_id' | 'destination_account_id' | 'operation_id' | 'value' | 'date' | 'paid'
>;

/** Independent recomputation (not the code under test): an entry's effect on one account. */
function effect(row: Row, accountId: number): number {
  if (row.operation_id === 4) {
    return (
      (row.destination_account_id === accountId ? row.value : 0) -
      (row.account_id === accountId ? row.value : 0)
    );
  }
  if (row.account_id !== accountId) return 0;
  return row.operation_id === 1 ? row.value : -row.value;
}

async function runOps(ops: Op[]): Promise<void> {
  const db = ctx.database.db;
  // A fresh user per run, inserted directly (no token needed: services are called with the id).
  const user = await insertUser(db, 'P');
  const accounts = await insertAccounts(db, user.id, [-1000, 0, 1000]);
  const acc = (i: number) => accounts[i] as number;
  const pickEntry = async (pick: number) => {
    const ids = await db
      .selectFrom('entries')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    return ids.length === 0 ? undefined : (ids[pick % ids.length] as { id: number }).id;
  };
  const readMonths = [month0];

  for (const op of ops) {
    try {
      if (op.kind === 'create') {
        const month = addMonths(month0, op.monthOffset);
        const date = dateInMonth(month, op.day);
        const body: EntryCreateInput = {
          description: 'p',
          value: op.value,
          date,
          operation_id: op.operation,
          category_id:
            op.operation === 4 || (op.uncategorised && op.operation !== 3)
              ? null
              : CATEGORY_FOR[op.operation],
          account_id: acc(op.account),
          destination_account_id: op.operation === 4 ? acc(op.destination) : null,
          paid: op.paid,
          fixed: op.mode.type === 'fixed',
          limit_fixed_date:
            op.mode.type === 'fixed' && op.mode.limitOffset !== null
              ? dateInMonth(addMonths(month, op.mode.limitOffset), 28)
              : null,
          installments: op.mode.type === 'installments' ? op.mode.count : null,
        };
        if (body.limit_fixed_date && body.limit_fixed_date < date) body.limit_fixed_date = date;
        await createEntry(db, user.id, body);
      } else if (op.kind === 'edit') {
        const id = await pickEntry(op.pick);
        if (id === undefined) continue;
        const patch: EntryUpdateInput = { limit_fixed_date: undefined };
        if (op.value !== undefined) patch.value = op.value;
        if (op.paid !== undefined) patch.paid = op.paid;
        if (op.account !== undefined) patch.account_id = acc(op.account);
        if (op.toTransfer !== undefined) {
          patch.operation_id = 4;
          patch.destination_account_id = acc(op.toTransfer);
        }
        if (op.day !== undefined || op.limitOffset !== undefined) {
          const current = await db
            .selectFrom('entries')
            .select('date')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          if (op.day !== undefined) patch.date = dateInMonth(current.date.slice(0, 7), op.day);
          if (op.limitOffset !== undefined) {
            patch.limit_fixed_date =
              op.limitOffset === null
                ? null
                : dateInMonth(addMonths(current.date.slice(0, 7), op.limitOffset), 28);
          }
        }
        await updateEntry(db, user.id, id, patch, op.scope);
      } else if (op.kind === 'delete') {
        const id = await pickEntry(op.pick);
        if (id !== undefined) await deleteEntry(db, user.id, id, op.scope);
      } else if (op.kind === 'pay') {
        const id = await pickEntry(op.pick);
        if (id !== undefined) await setEntryPaid(db, user.id, id, op.paid);
      } else {
        const month = addMonths(month0, op.monthOffset);
        readMonths.push(month);
        await computeBalances(
          db,
          user.id,
          accounts.map((id, i) => ({ id, initial_balance: (i - 1) * 1000 })),
          month,
        );
      }
    } catch (error) {
      // Refused input (e.g. a transfer to the same account) is a 4xx and must leave everything consistent.
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    }
  }

  // Series created after a far read are materialised by the checks below; do it first so `entries` is final.
  await materialiseSeriesThrough(db, user.id, [...readMonths].sort().at(-1) ?? month0);

  // 1. Every aggregate row equals the sums recomputed from the entries.
  const entries = await db
    .selectFrom('entries')
    .select(['account_id', 'destination_account_id', 'operation_id', 'value', 'date', 'paid'])
    .where('user_id', '=', user.id)
    .execute();
  const expected = new Map<string, number[]>();
  const bump = (account: number, month: string, idx: number, v: number) => {
    const key = `${account}|${month}`;
    const sums = expected.get(key) ?? [0, 0, 0, 0, 0, 0, 0];
    sums[idx] = (sums[idx] ?? 0) + v;
    expected.set(key, sums);
  };
  for (const e of entries) {
    const month = e.date.slice(0, 7);
    for (const account of accounts) {
      const fx = effect(e, account);
      if (e.operation_id === 4) {
        if (e.account_id === account) bump(account, month, 4, e.value);
        if (e.destination_account_id === account) bump(account, month, 3, e.value);
      } else if (e.account_id === account) {
        bump(account, month, e.operation_id - 1, e.value);
      }
      if (fx !== 0) {
        bump(account, month, 5, fx);
        if (e.paid === 1) bump(account, month, 6, fx);
      }
    }
  }
  const actual = await db
    .selectFrom('account_month_totals')
    .selectAll()
    .where('user_id', '=', user.id)
    .execute();
  const actualMap = new Map<string, number[]>();
  for (const r of actual) {
    const sums = [r.income, r.expense, r.investment, r.transfer_in, r.transfer_out, r.net, r.paid_net].map(
      Number,
    );
    if (sums.some((v) => v !== 0)) actualMap.set(`${r.account_id}|${r.month}`, sums);
  }
  for (const [key, sums] of expected) if (sums.every((v) => v === 0)) expected.delete(key);
  expect(Object.fromEntries(actualMap)).toEqual(Object.fromEntries(expected));

  // 2. Balances through the service equal the recomputation, for the current month and the months read.
  for (const month of new Set(readMonths)) {
    const balances = await computeBalances(
      db,
      user.id,
      accounts.map((id, i) => ({ id, initial_balance: (i - 1) * 1000 })),
      month,
    );
    const rows = entries;
    let income = 0;
    let expense = 0;
    let investment = 0;
    for (const r of rows) {
      if (r.date.slice(0, 7) !== month) continue;
      if (r.operation_id === 1) income += r.value;
      if (r.operation_id === 2) expense += r.value;
      if (r.operation_id === 3) investment += r.value;
    }
    expect([balances.income, balances.expense, balances.investment]).toEqual([income, expense, investment]);
    accounts.forEach((account, i) => {
      const initial = (i - 1) * 1000;
      const sum = (keep: (r: Row) => boolean) =>
        rows.filter(keep).reduce((s, r) => s + effect(r, account), initial);
      expect(balances.accounts.get(account)).toEqual({
        opening_balance: sum((r) => r.paid === 1 && r.date.slice(0, 7) < month),
        closing_balance: sum((r) => r.paid === 1 && r.date.slice(0, 7) <= month),
        predicted_balance: sum((r) => r.date.slice(0, 7) <= month),
        balance: sum((r) => r.paid === 1 && r.date <= today),
      });
    });
    // GET /entry/balance's single statement gives the same figures.
    expect(await monthBalance(db, user.id, month)).toEqual(balanceResponse(month, balances));
  }

  // 3. Fixed series: never two occurrences in one month.
  const fixed = await db
    .selectFrom('entries')
    .select(['series_id', 'date'])
    .where('user_id', '=', user.id)
    .where('fixed', '=', 1)
    .execute();
  const seen = new Set<string>();
  for (const f of fixed) {
    const key = `${f.series_id}|${f.date.slice(0, 7)}`;
    expect(seen.has(key), key).toBe(false);
    seen.add(key);
  }
}

describe('ledger property: aggregates and balances equal a recomputation from the entries', () => {
  itHolds('random sequences', fc.array(opArb, { minLength: 1, maxLength: MAX_STEPS }), runOps, {
    runs: 1000,
    timeout: 600_000,
  });
});
