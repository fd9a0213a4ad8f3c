import { type CardDays, type Invoice, type IsoDate, todayIso } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { type CardTotalsRow, findCardTotals } from '../money-core/card-totals.repository.ts';
import { type Closing, closingsOf, monthFor } from '../money-core/closing.ts';
import type { LockOption } from '../money-core/entry-rows.repository.ts';
import {
  type CardRow,
  createMissingInvoices,
  findCardById,
  findCards,
  findDueOverrides,
} from './cards.repository.ts';
import {
  type DuePassed,
  duePassedOf,
  type Figures,
  invoiceChain,
  toInvoice,
  unpaidThrough,
} from './invoice-math.ts';

export async function cardOr404(
  db: Db,
  userId: number,
  id: number,
  field?: string,
  options: LockOption = {},
): Promise<CardRow> {
  const card = await findCardById(db, userId, id, options);
  if (!card) throw notFound('cardNotFound', field);
  return card;
}

/**
 * The carrying rule of each of some cards on `today` (one query of their overridden due dates): a payment's
 * rest is carried only once its invoice's due date has passed (invoice-math.ts `DuePassed`).
 */
export async function carryRules(
  db: Db,
  userId: number,
  cards: ReadonlyArray<CardDays & { id: number }>,
  today: IsoDate,
): Promise<Map<number, DuePassed>> {
  const overrides = await findDueOverrides(
    db,
    userId,
    cards.map((c) => c.id),
  );
  return new Map(cards.map((c) => [c.id, duePassedOf(c, overrides.get(c.id) ?? new Map(), today)]));
}

/** One invoice of a card with its figures (the row is created when first needed). */
export async function cardInvoice(
  db: Db,
  userId: number,
  card: CardRow,
  month: string,
  today: IsoDate = todayIso(),
): Promise<Invoice> {
  const [rows, [row], rules] = await Promise.all([
    findCardTotals(db, userId, [card.id], month),
    createMissingInvoices(db, userId, [{ card_id: card.id, month }], nowIso()),
    carryRules(db, userId, [card], today),
  ]);
  if (!row) throw notFound('invoiceNotFound');
  const duePassed = rules.get(card.id) as DuePassed;
  return toInvoice(card, row, invoiceChain(rows, duePassed).at(month), today);
}

/**
 * The invoices due in `month` across the user's cards: those with entries or payments, or holding a balance
 * carried from the month before. Rows are created as needed (they carry ids for the pay action).
 */
export async function invoicesDue(
  db: Db,
  userId: number,
  month: string,
  today: IsoDate = todayIso(),
): Promise<Invoice[]> {
  const cards = await findCards(db, userId, true);
  if (cards.length === 0) return [];
  const [rows, rules] = await Promise.all([
    findCardTotals(
      db,
      userId,
      cards.map((c) => c.id),
      month,
    ),
    carryRules(db, userId, cards, today),
  ]);
  const due: Array<{ card: CardRow; f: Figures }> = [];
  for (const card of cards) {
    const cardRows = rows.filter((r) => r.card_id === card.id);
    const f = invoiceChain(cardRows, rules.get(card.id) as DuePassed).at(month);
    if (f.entries !== 0 || f.paid_amount !== 0 || f.previous_balance !== 0 || f.total !== 0)
      due.push({ card, f });
  }
  const invoiceRows = await createMissingInvoices(
    db,
    userId,
    due.map((d) => ({ card_id: d.card.id, month })),
    nowIso(),
  );
  const byCard = new Map(invoiceRows.map((r) => [r.card_id, r]));
  return due.flatMap(({ card, f }) => {
    const row = byCard.get(card.id);
    return row ? [toInvoice(card, row, f, today)] : [];
  });
}

/** The user's card aggregate rows through `last`, per card, with each card's carrying rule on `today`. */
async function chainsOf(db: Db, userId: number, last: string, today: IsoDate) {
  const [rows, cards] = await Promise.all([
    findCardTotals(db, userId, undefined, last),
    findCards(db, userId, true),
  ]);
  const rules = await carryRules(db, userId, cards, today);
  const byCard = new Map<number, CardTotalsRow[]>();
  for (const row of rows) {
    const list = byCard.get(row.card_id);
    if (list) list.push(row);
    else byCard.set(row.card_id, [row]);
  }
  const byId = new Map(cards.map((c) => [c.id, c]));
  return [...byCard].flatMap(([cardId, cardRows]) => {
    const duePassed = rules.get(cardId);
    const card = byId.get(cardId);
    return duePassed && card ? [{ card, rows: cardRows, duePassed }] : [];
  });
}

/**
 * What the user's card invoices due in each of `months` still owe (GET /report/debt): each invoice's
 * outstanding, never a credit. A debt is owed in one invoice at a time (a partial payment's rest is the next
 * invoice's), so the months add up without counting anything twice. O(invoices).
 *
 * Debt is what is already owed (issue 23 #11): the installments of a purchase made, and what the open and
 * earlier invoices hold. A fixed charge (a subscription) in an invoice after the open one is not owed yet —
 * the same rule as the card's available limit (`usedLimit`): it counts once its invoice opens, so a monthly
 * Netflix is one month of debt, never twelve.
 */
export async function outstandingByMonth(
  db: Db,
  userId: number,
  months: readonly string[],
  today: IsoDate = todayIso(),
): Promise<Map<string, number>> {
  const out = new Map(months.map((m) => [m, 0]));
  const last = months.at(-1);
  if (last === undefined) return out;
  const chains = await chainsOf(db, userId, last, today);
  if (chains.length === 0) return out;
  const closings = await closingsOf(
    db,
    userId,
    chains.map((c) => c.card),
  );
  for (const [i, { rows, duePassed }] of chains.entries()) {
    const chain = invoiceChain(rows, duePassed);
    const open = monthFor(closings[i] as Closing, today);
    for (const month of months) {
      const f = chain.at(month);
      const notYet = month > open && f.paid_amount === 0 ? f.fixed_net : 0;
      out.set(month, (out.get(month) ?? 0) + Math.max(0, f.outstanding - notYet));
    }
  }
  return out;
}

/**
 * What the invoices due before `month` still owe (GET /report/debt's `overdue`): the outstanding of every
 * earlier invoice, never a credit; a paid-in-part invoice owes nothing there (its rest is carried on).
 */
export async function outstandingBefore(
  db: Db,
  userId: number,
  month: string,
  today: IsoDate = todayIso(),
): Promise<number> {
  let owed = 0;
  for (const { rows, duePassed } of await chainsOf(db, userId, month, today)) {
    for (const f of invoiceChain(rows, duePassed).all)
      if (f.month < month) owed += Math.max(0, f.outstanding);
  }
  return owed;
}

/**
 * GET /entry/balance's card figures (cash basis): purchases − refunds of the invoices due in `month`, and
 * what unpaid invoices due through `month` still owe (subtracted from the predicted balance).
 */
export async function cashInvoiceFigures(
  db: Db,
  userId: number,
  month: string,
  today: IsoDate = todayIso(),
): Promise<{ invoices: number; unpaid: number }> {
  let invoices = 0;
  let unpaid = 0;
  for (const { rows, duePassed } of await chainsOf(db, userId, month, today)) {
    const own = rows.find((r) => r.month === month);
    if (own) invoices += own.purchases - own.refunds;
    unpaid += unpaidThrough(rows, month, duePassed);
  }
  return { invoices, unpaid };
}
