import {
  addMonths,
  currentMonth,
  dateInMonth,
  defaultDueDate,
  invoiceMonthFor,
  OPERATIONS,
  todayIso,
} from '@centavo/shared';
import { expect } from 'vitest';
import type { Db } from '../../src/db/connection.ts';
import { AppError } from '../../src/lib/errors.ts';
import { editCard, getCard, getCardInvoice, payInvoice } from '../../src/modules/cards/cards.service.ts';
import { updateInvoice } from '../../src/modules/cards/invoice-dates.service.ts';
import { createEntry } from '../../src/modules/entries/create.service.ts';
import { deleteEntry, updateEntry } from '../../src/modules/entries/update.service.ts';
import { computeBalances } from '../../src/modules/money-core/balances.ts';
import { insertUser } from '../app.ts';
import { insertAccounts, insertCards } from '../rows.ts';
import type { Op } from './cards-ops.ts';

/**
 * The cards property harness (issue #10, issue 18), shared by the sequential property test
 * (modules/cards/cards.property.test.ts) and the concurrency property test (concurrency.property.test.ts,
 * issue 17): random card purchases (single, installments, fixed), refunds, moves between invoices, edits and
 * deletes, invoice date overrides, card day changes, full, partial and over-payments and their undo, driven
 * through the services; then every figure checked against a recomputation from the entries.
 */
export interface World {
  db: Db;
  userId: number;
  accounts: number[];
  cards: number[];
}

/** A refused request (a 4xx): it changes nothing, and the run goes on. */
export function isRefusal(error: unknown): boolean {
  if (error instanceof AppError) return error.statusCode < 500;
  // What the error handler answers 409 for (plugins/errors.ts): a unique or foreign-key race.
  const code = (error as { code?: unknown } | null)?.code;
  return ['23505', '23503', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes(
    String(code),
  );
}

const month0 = currentMonth();
const today = todayIso();

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

export async function createWorld(db: Db): Promise<World> {
  const user = await insertUser(db, 'P');
  const accounts = await insertAccounts(db, user.id, [0, 5000]);
  const cards = await insertCards(db, user.id, accounts[0] as number, [
    { close: 10, due: 17 },
    { close: 28, due: 5 },
  ]);
  // The accounts' initial balances count in the money volume, as when created through the API.
  await db.insertInto('user_money_totals').values({ user_id: user.id, volume: 5000 }).execute();
  return { db, userId: user.id, accounts, cards };
}

/** One operation of a run, through the services (as a request would run it). */
export async function applyCardOp(world: World, op: Op): Promise<void> {
  const { db, userId, accounts, cards } = world;
  const card = (i: number) => cards[i] as number;
  const pickCardEntry = async (pick: number) => {
    const ids = await db
      .selectFrom('entries')
      .select(['id', 'invoice_month', 'date'])
      .where('user_id', '=', userId)
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
      .where('user_id', '=', userId)
      .where('card_id', '=', cardId)
      .orderBy('month')
      .execute();
    return rows.length === 0 ? month0 : (rows[pick % rows.length] as { month: string }).month;
  };

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
    const created = await createEntry(db, userId, {
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
        userId,
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
        userId,
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
        userId,
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
    if (row) await deleteEntry(db, userId, row.id, op.scope);
  } else if (op.kind === 'override') {
    const month = addMonths(month0, op.monthOffset);
    const invoice = await getCardInvoice(db, userId, card(op.card), month);
    const shift = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await updateInvoice(db, userId, invoice.id, {
      close_date: shift(invoice.close_date, op.closeShift),
      ...(op.dueShift !== undefined ? { due_date: shift(invoice.due_date, op.dueShift) } : {}),
    });
  } else if (op.kind === 'days') {
    await editCard(db, userId, card(op.card), { close_day: op.close, expiration_day: op.due });
  } else if (op.kind === 'pay') {
    const month = await pickMonth(card(op.card), op.pick);
    const invoice = await getCardInvoice(db, userId, card(op.card), month);
    const owed = invoice.total - invoice.paid_amount;
    const value = op.share === undefined ? undefined : Math.max(1, Math.round(owed * op.share));
    await payInvoice(db, userId, invoice.id, {
      paid: true,
      account_id: accounts[op.account] as number,
      ...(value !== undefined ? { value } : {}),
    });
  } else {
    const month = await pickMonth(card(op.card), op.pick);
    const invoice = await getCardInvoice(db, userId, card(op.card), month);
    await payInvoice(db, userId, invoice.id, { paid: false });
  }
}

/**
 * Every card aggregate row, every invoice's figures, every card's available limit and every account balance
 * equal a recomputation from the entries (independent sums, not the aggregates' own code).
 */
export async function checkCardFigures(world: World): Promise<void> {
  const { db, userId, accounts, cards } = world;
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
    .where('user_id', '=', userId)
    .execute();

  // 1. The card aggregate rows equal the sums recomputed from the entries.
  const totals = await db
    .selectFrom('card_invoice_totals')
    .selectAll()
    .where('user_id', '=', userId)
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
      const invoice = await getCardInvoice(db, userId, cardId, m);
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
    const apiCard = await getCard(db, userId, cardId);
    expect(apiCard.available_limit).toBe(Number(cardRow.credit_limit) - (ownedTotal - futureFixed));
  }

  // 4. Account balances (payments are transfers out of the paying account) equal the recomputation.
  const balances = await computeBalances(
    db,
    userId,
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
