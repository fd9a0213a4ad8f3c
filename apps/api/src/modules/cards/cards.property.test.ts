import {
  addMonths,
  currentMonth,
  dateInMonth,
  defaultDueDate,
  invoiceMonthFor,
  OPERATIONS,
  todayIso,
} from '@centavo/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestContext } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { AppError } from '../../lib/errors.ts';
import { createEntry } from '../entries/create.service.ts';
import { deleteEntry, updateEntry } from '../entries/update.service.ts';
import { computeBalances } from '../money-core/balances.ts';
import { editCard, getCard, getCardInvoice, payInvoice } from './cards.service.ts';
import { updateInvoice } from './invoice-dates.service.ts';

/**
 * Issue #10: after random sequences of card purchases (single, installments, fixed), refunds, moves between
 * invoices, edits and deletes, invoice date overrides, card day changes, full, partial and over-payments and
 * their undo, every card aggregate row, every invoice's figures, every account balance and every card's
 * available limit equal a recomputation from the entries. Services are driven directly (HTTP is covered by
 * cards.test.ts); each run uses a fresh user. Replay with PROPERTY_SEED (and PROPERTY_RUNS).
 * Issue 18 adds early payments (before the due date nothing is carried), refunds in the purchase's expense
 * category, fixed charges moved at creation and with their series, date overrides up to the 15-day bound
 * (and one past it, refused) and card-day changes (the seed is fixed in CI: vitest.config.ts).
 */
const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 2_147_483_647);
const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);
const MAX_STEPS = TEST_DB_KIND === 'postgres' ? 4 : 7;

const month0 = currentMonth();
const today = todayIso();
const cardIdx = fc.integer({ min: 0, max: 1 });
const monthOffset = fc.integer({ min: -2, max: 2 });

const purchaseOp = fc.record({
  kind: fc.constant('purchase' as const),
  card: cardIdx,
  refund: fc.boolean(),
  value: fc.integer({ min: 1, max: 100_000 }),
  monthOffset,
  day: fc.integer({ min: 1, max: 31 }),
  mode: fc.oneof(
    { weight: 3, arbitrary: fc.constant({ type: 'single' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('installments' as const),
        count: fc.integer({ min: 2, max: 5 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'fixed' as const }) },
  ),
  move: fc.constantFrom(-1, 0, 0, 1),
  // The move sent with the purchase itself (POST /entry's invoice_month) or afterwards on the whole series.
  moveHow: fc.constantFrom('create' as const, 'one' as const, 'all' as const),
});
const moveOp = fc.record({
  kind: fc.constant('move' as const),
  pick: fc.nat(),
  delta: fc.constantFrom(-1, 1),
});
const editOp = fc.record({
  kind: fc.constant('edit' as const),
  pick: fc.nat(),
  value: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
  day: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
  scope: fc.constantFrom('one' as const, 'next' as const, 'all' as const),
});
const deleteOp = fc.record({
  kind: fc.constant('delete' as const),
  pick: fc.nat(),
  scope: fc.constantFrom('one' as const, 'next' as const, 'all' as const),
});
const overrideOp = fc.record({
  kind: fc.constant('override' as const),
  card: cardIdx,
  monthOffset,
  closeShift: fc.integer({ min: -16, max: 16 }),
  dueShift: fc.option(fc.integer({ min: -16, max: 16 }), { nil: undefined }),
});
const daysOp = fc.record({
  kind: fc.constant('days' as const),
  card: cardIdx,
  close: fc.integer({ min: 1, max: 31 }),
  due: fc.integer({ min: 1, max: 31 }),
});
const payOp = fc.record({
  kind: fc.constant('pay' as const),
  card: cardIdx,
  pick: fc.nat(),
  account: fc.integer({ min: 0, max: 1 }),
  // undefined: the whole amount; otherwise a fraction of it (partial, full or over).
  share: fc.option(fc.constantFrom(0.3, 0.5, 1, 1.5, 2, 2.5), { nil: undefined }),
});
const undoOp = fc.record({ kind: fc.constant('undo' as const), card: cardIdx, pick: fc.nat() });

const opArb = fc.oneof(
  { weight: 5, arbitrary: purchaseOp },
  { weight: 1, arbitrary: moveOp },
  { weight: 1, arbitrary: editOp },
  { weight: 1, arbitrary: deleteOp },
  { weight: 1, arbitrary: overrideOp },
  { weight: 1, arbitrary: daysOp },
  { weight: 3, arbitrary: payOp },
  { weight: 1, arbitrary: undoOp },
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

interface EntryFacts {
  account_id: number | null;
  destination_account_id: number | null;
  card_id: number | null;
  invoice_month: string | null;
  operation_id: number;
  value: number;
  date: string;
  paid: number;
  fixed: number;
}

/** Independent figures of one card's invoices from its entries (not from the aggregates). */
function recompute(entries: EntryFacts[], cardId: number) {
  const byMonth = new Map<string, { purchases: number; refunds: number; paid: number; fixed: number }>();
  for (const e of entries) {
    if (e.card_id !== cardId || e.invoice_month === null) continue;
    const m = byMonth.get(e.invoice_month) ?? { purchases: 0, refunds: 0, paid: 0, fixed: 0 };
    if (e.operation_id === OPERATIONS.transfer) m.paid += e.value;
    else if (e.operation_id === OPERATIONS.income) {
      m.refunds += e.value;
      if (e.fixed === 1) m.fixed -= e.value;
    } else {
      m.purchases += e.value;
      if (e.fixed === 1) m.fixed += e.value;
    }
    byMonth.set(e.invoice_month, m);
  }
  return byMonth;
}

async function runOps(ops: Op[]): Promise<void> {
  const db = ctx.database.db;
  const now = new Date().toISOString();
  const user = await insertUser(db, 'P');
  const accounts = (
    await db
      .insertInto('accounts')
      .values(
        [0, 1].map((i) => ({
          user_id: user.id,
          name: `A${i}`,
          bank_id: null,
          type: 'checking' as const,
          initial_balance: i * 5000,
          color: null,
          archived: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute()
  )
    .map((r) => r.id)
    .sort((x, y) => x - y);
  const cards = (
    await db
      .insertInto('cards')
      .values(
        [
          { close: 10, due: 17 },
          { close: 28, due: 5 },
        ].map((d, i) => ({
          user_id: user.id,
          name: `C${i}`,
          flag_id: null,
          credit_limit: 1_000_000,
          close_day: d.close,
          expiration_day: d.due,
          account_id: accounts[0] as number,
          color: null,
          archived: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute()
  )
    .map((r) => r.id)
    .sort((x, y) => x - y);
  const card = (i: number) => cards[i] as number;
  const pickCardEntry = async (pick: number) => {
    const ids = await db
      .selectFrom('entries')
      .select(['id', 'invoice_month', 'date'])
      .where('user_id', '=', user.id)
      .where('account_id', 'is', null)
      .orderBy('id')
      .execute();
    return ids.length === 0 ? undefined : ids[pick % ids.length];
  };
  /** One of the card's invoices that has entries or payments (else the current month's). */
  const pickMonth = async (cardId: number, pick: number) => {
    const rows = await db
      .selectFrom('card_invoice_totals')
      .select('month')
      .where('user_id', '=', user.id)
      .where('card_id', '=', cardId)
      .orderBy('month')
      .execute();
    return rows.length === 0 ? month0 : (rows[pick % rows.length] as { month: string }).month;
  };

  for (const op of ops) {
    try {
      if (op.kind === 'purchase') {
        const month = addMonths(month0, op.monthOffset);
        const date = dateInMonth(month, op.day);
        let asked: string | undefined;
        if (op.move !== 0 && op.moveHow === 'create') {
          const days = await db
            .selectFrom('cards')
            .select(['close_day', 'expiration_day'])
            .where('id', '=', card(op.card))
            .executeTakeFirstOrThrow();
          const closes = await db
            .selectFrom('invoices')
            .select(['month', 'close_date'])
            .where('card_id', '=', card(op.card))
            .where('close_date', 'is not', null)
            .execute();
          const computed = invoiceMonthFor(days, date, (m) => closes.find((c) => c.month === m)?.close_date);
          asked = addMonths(computed, op.move);
        }
        const created = await createEntry(db, user.id, {
          description: 'p',
          value: op.value,
          date,
          operation_id: op.refund ? OPERATIONS.income : OPERATIONS.expense,
          category_id: 3,
          card_id: card(op.card),
          paid: false,
          fixed: op.mode.type === 'fixed',
          limit_fixed_date: null,
          installments: op.mode.type === 'installments' ? op.mode.count : null,
          ...(asked !== undefined ? { invoice_month: asked } : {}),
        });
        if (op.move !== 0 && op.moveHow !== 'create' && created.invoice_month) {
          await updateEntry(
            db,
            user.id,
            created.id,
            { invoice_month: addMonths(created.invoice_month, op.move), limit_fixed_date: undefined },
            op.moveHow,
          );
        }
      } else if (op.kind === 'move') {
        const row = await pickCardEntry(op.pick);
        if (row?.invoice_month) {
          await updateEntry(
            db,
            user.id,
            row.id,
            { invoice_month: addMonths(row.invoice_month, op.delta), limit_fixed_date: undefined },
            'one',
          );
        }
      } else if (op.kind === 'edit') {
        const row = await pickCardEntry(op.pick);
        if (row) {
          await updateEntry(
            db,
            user.id,
            row.id,
            {
              limit_fixed_date: undefined,
              ...(op.value !== undefined ? { value: op.value } : {}),
              ...(op.day !== undefined ? { date: dateInMonth(row.date.slice(0, 7), op.day) } : {}),
            },
            op.scope,
          );
        }
      } else if (op.kind === 'delete') {
        const row = await pickCardEntry(op.pick);
        if (row) await deleteEntry(db, user.id, row.id, op.scope);
      } else if (op.kind === 'override') {
        const month = addMonths(month0, op.monthOffset);
        const invoice = await getCardInvoice(db, user.id, card(op.card), month);
        const shift = (date: string, days: number) =>
          new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
        await updateInvoice(db, user.id, invoice.id, {
          close_date: shift(invoice.close_date, op.closeShift),
          ...(op.dueShift !== undefined ? { due_date: shift(invoice.due_date, op.dueShift) } : {}),
        });
      } else if (op.kind === 'days') {
        await editCard(db, user.id, card(op.card), { close_day: op.close, expiration_day: op.due });
      } else if (op.kind === 'pay') {
        const month = await pickMonth(card(op.card), op.pick);
        const invoice = await getCardInvoice(db, user.id, card(op.card), month);
        const owed = invoice.total - invoice.paid_amount;
        const value = op.share === undefined ? undefined : Math.max(1, Math.round(owed * op.share));
        await payInvoice(db, user.id, invoice.id, {
          paid: true,
          account_id: accounts[op.account] as number,
          ...(value !== undefined ? { value } : {}),
        });
      } else {
        const month = await pickMonth(card(op.card), op.pick);
        const invoice = await getCardInvoice(db, user.id, card(op.card), month);
        await payInvoice(db, user.id, invoice.id, { paid: false });
      }
    } catch (error) {
      // Refused input (a move two invoices away, closing after due, overpaying) is a 4xx that changes nothing.
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    }
  }

  const entries: EntryFacts[] = await db
    .selectFrom('entries')
    .select([
      'account_id',
      'destination_account_id',
      'card_id',
      'invoice_month',
      'operation_id',
      'value',
      'date',
      'paid',
      'fixed',
    ])
    .where('user_id', '=', user.id)
    .execute();

  // 1. The card aggregate rows equal the sums recomputed from the entries.
  const totals = await db
    .selectFrom('card_invoice_totals')
    .selectAll()
    .where('user_id', '=', user.id)
    .execute();
  for (const cardId of cards) {
    const want = recompute(entries, cardId);
    const got = new Map(
      totals
        .filter((t) => Number(t.card_id) === cardId)
        .filter((t) => Number(t.purchases) || Number(t.refunds) || Number(t.paid))
        .map((t) => [
          t.month,
          {
            purchases: Number(t.purchases),
            refunds: Number(t.refunds),
            paid: Number(t.paid),
            fixed: Number(t.fixed_net),
          },
        ]),
    );
    for (const [m, v] of want) if (!v.purchases && !v.refunds && !v.paid) want.delete(m);
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(want));

    // 2. Every invoice's figures follow DESIGN.md from the entries: once its due date has passed a payment
    // settles its invoice and carries the rest (or the credit) to the next; before it, a payment only lowers
    // what the invoice owes; an unpaid invoice keeps its own outstanding.
    const days = await db
      .selectFrom('cards')
      .select(['close_day', 'expiration_day'])
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    const dues = await db
      .selectFrom('invoices')
      .select(['month', 'due_date'])
      .where('card_id', '=', cardId)
      .where('due_date', 'is not', null)
      .execute();
    const duePassed = (m: string) =>
      (dues.find((d) => d.month === m)?.due_date ?? defaultDueDate(days, m)) < today;
    const sorted = [...want.keys()].sort();
    const first = sorted[0] ?? month0;
    const last = sorted.at(-1) ?? month0;
    let carried = 0;
    let ownedTotal = 0;
    for (let m = addMonths(first, -1); m <= addMonths(last, 1); m = addMonths(m, 1)) {
      const v = want.get(m) ?? { purchases: 0, refunds: 0, paid: 0, fixed: 0 };
      const total = v.purchases - v.refunds + carried;
      const nextCarried = v.paid !== 0 && duePassed(m) ? total - v.paid : 0;
      const outstanding = total - v.paid - nextCarried;
      ownedTotal += outstanding;
      const invoice = await getCardInvoice(db, user.id, cardId, m);
      expect(
        [invoice.purchases, invoice.refunds, invoice.previous_balance, invoice.total, invoice.paid_amount],
        `${cardId} ${m}`,
      ).toEqual([v.purchases, v.refunds, carried, total, v.paid]);
      expect([invoice.carried_to_next, invoice.outstanding]).toEqual([nextCarried, outstanding]);
      carried = nextCarried;
    }

    // 3. The available limit: the limit less everything still owed, except fixed charges of invoices after
    // the open one that nothing paid.
    const overrides = await db
      .selectFrom('invoices')
      .select(['month', 'close_date'])
      .where('card_id', '=', cardId)
      .where('close_date', 'is not', null)
      .execute();
    const cardRow = await db
      .selectFrom('cards')
      .select(['close_day', 'expiration_day', 'credit_limit'])
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    const open = invoiceMonthFor(cardRow, today, (m) => overrides.find((o) => o.month === m)?.close_date);
    let futureFixed = 0;
    for (const [m, v] of want) if (m > open && v.paid === 0) futureFixed += v.fixed;
    const apiCard = await getCard(db, user.id, cardId);
    expect(apiCard.available_limit).toBe(Number(cardRow.credit_limit) - (ownedTotal - futureFixed));
  }

  // 4. Account balances (payments are transfers out of the paying account) equal the recomputation.
  const balances = await computeBalances(
    db,
    user.id,
    accounts.map((id, i) => ({ id, initial_balance: i * 5000 })),
    addMonths(month0, 3),
  );
  accounts.forEach((account, i) => {
    let predicted = i * 5000;
    for (const e of entries) {
      if (e.date.slice(0, 7) > addMonths(month0, 3)) continue;
      if (e.operation_id === OPERATIONS.transfer) {
        if (e.account_id === account) predicted -= e.value;
        if (e.destination_account_id === account) predicted += e.value;
      } else if (e.account_id === account) {
        predicted += e.operation_id === OPERATIONS.income ? e.value : -e.value;
      }
    }
    expect(balances.accounts.get(account)?.predicted_balance).toBe(predicted);
  });
}

describe('cards property: invoices, limits and balances equal a recomputation from the entries', () => {
  it(`holds over ${NUM_RUNS} random sequences (${TEST_DB_KIND})`, async () => {
    console.log(
      `cards property test: seed=${seed} runs=${NUM_RUNS} maxSteps=${MAX_STEPS} db=${TEST_DB_KIND}`,
    );
    await fc.assert(
      // A run starts with purchases so that payments, moves and overrides have something to act on.
      fc.asyncProperty(
        fc.array(purchaseOp, { minLength: 1, maxLength: 2 }),
        fc.array(opArb, { minLength: 1, maxLength: MAX_STEPS }),
        async (purchases, ops) => {
          await runOps([...purchases, ...ops]);
        },
      ),
      { numRuns: NUM_RUNS, seed },
    );
  }, 900_000);
});
