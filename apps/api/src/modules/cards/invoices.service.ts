import {
  addMonths,
  type CardDays,
  defaultCloseDate,
  defaultDueDate,
  type Invoice,
  type InvoiceLine,
  type InvoiceStatus,
  invoiceMonthFor,
  monthDiff,
  todayIso,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { nowIso } from '../ledger/common.ts';
import { type CardTotalsRow, findCardTotals } from './card-totals.repository.ts';
import {
  type CardRow,
  ensureInvoices,
  findCardById,
  findCards,
  findCardWithOverrides,
  findCloseOverrides,
  type InvoiceRow,
} from './cards.repository.ts';

/** An invoice's figures (DESIGN.md §4), derived from the card's aggregate rows; never stored. */
export interface Figures {
  month: string;
  purchases: number;
  refunds: number;
  previous_balance: number;
  total: number;
  paid_amount: number;
  carried_to_next: number;
  outstanding: number;
  fixed_net: number;
  entries: number;
}

function figures(row: CardTotalsRow | undefined, month: string, previous: number): Figures {
  const purchases = row?.purchases ?? 0;
  const refunds = row?.refunds ?? 0;
  const paid = row?.paid ?? 0;
  const total = purchases - refunds + previous;
  // A debt is owed in exactly one invoice: whatever a payment leaves (or overpays) moves to the next
  // invoice's previous balance; an invoice with no payment keeps its own outstanding (no invented rotativo).
  const carried = paid !== 0 ? total - paid : 0;
  return {
    month,
    purchases,
    refunds,
    previous_balance: previous,
    total,
    paid_amount: paid,
    carried_to_next: carried,
    outstanding: total - paid - carried,
    fixed_net: row?.fixed_net ?? 0,
    entries: row?.entries ?? 0,
  };
}

/**
 * Every invoice of one card from its aggregate rows (month order): O(invoices). Answers a function giving
 * any month's figures (a month without a row is an empty invoice, holding what the month before carried).
 */
export function invoiceChain(rows: readonly CardTotalsRow[]): {
  at: (month: string) => Figures;
  all: Figures[];
} {
  const byMonth = new Map<string, Figures>();
  let last: Figures | undefined;
  for (const row of rows) {
    const previous = last && addMonths(last.month, 1) === row.month ? last.carried_to_next : 0;
    last = figures(row, row.month, previous);
    byMonth.set(row.month, last);
  }
  return {
    all: [...byMonth.values()],
    at: (month) => {
      const found = byMonth.get(month);
      if (found) return found;
      const before = byMonth.get(addMonths(month, -1));
      return figures(undefined, month, before?.carried_to_next ?? 0);
    },
  };
}

/**
 * What is still owed on a card: the outstanding of every invoice, future installments included (the sum
 * telescopes to purchases − refunds − payments), except fixed charges of invoices after the open one, which
 * a real card only counts once their invoice opens.
 */
export function usedLimit(rows: readonly CardTotalsRow[], openMonth: string): number {
  let used = 0;
  for (const r of rows) {
    used += r.purchases - r.refunds - r.paid;
    if (r.month > openMonth && r.paid === 0) used -= r.fixed_net;
  }
  return used;
}

/** Unpaid invoices due through `month` (cash basis: predicted balance). */
export function unpaidThrough(rows: readonly CardTotalsRow[], month: string): number {
  const chain = invoiceChain(rows.filter((r) => r.month <= month));
  let sum = 0;
  for (const f of chain.all) sum += f.purchases - f.refunds - f.paid_amount;
  const own = chain.all.find((f) => f.month === month);
  return sum - (own?.carried_to_next ?? 0);
}

export function invoiceStatus(f: Figures, closeDate: string, dueDate: string, today: string): InvoiceStatus {
  if (f.paid_amount !== 0) return f.carried_to_next > 0 ? 'partial' : 'paid';
  if (today < closeDate) return 'open';
  if (f.total <= 0) return 'paid';
  if (today <= dueDate) return 'closed';
  return 'overdue';
}

/** Closing rule context of a card: its days and its overridden closing dates. */
export interface Closing {
  days: CardDays;
  overrides: Map<string, string>;
}

export function toClosing(
  card: CardRow,
  overrides: ReadonlyArray<{ month: string; close_date: string | null }>,
) {
  return {
    days: { close_day: card.close_day, expiration_day: card.expiration_day },
    overrides: new Map(overrides.map((r) => [r.month, r.close_date as string])),
  };
}

export async function closingOf(db: Db, userId: number, card: CardRow): Promise<Closing> {
  return toClosing(card, await findCloseOverrides(db, userId, [card.id]));
}

/** The closing rule of several cards from one query of their overrides. */
export async function closingsOf(db: Db, userId: number, cards: readonly CardRow[]): Promise<Closing[]> {
  const rows = await findCloseOverrides(
    db,
    userId,
    cards.map((c) => c.id),
  );
  return cards.map((card) =>
    toClosing(
      card,
      rows.filter((r) => Number(r.card_id) === card.id),
    ),
  );
}

export function monthFor(closing: Closing, date: string): string {
  return invoiceMonthFor(closing.days, date, (m) => closing.overrides.get(m));
}

/** The invoice month of a card entry: computed from its date, or the one asked for if one invoice away. */
export function chosenMonth(closing: Closing, date: string, asked: string | null | undefined): string {
  const computed = monthFor(closing, date);
  if (asked == null) return computed;
  if (Math.abs(monthDiff(computed, asked)) > 1)
    throw validationError({ invoice_month: 'invoiceMonthTooFar' });
  return asked;
}

export function invoiceDates(card: CardDays, row: Pick<InvoiceRow, 'month' | 'close_date' | 'due_date'>) {
  return {
    close_date: row.close_date ?? defaultCloseDate(card, row.month),
    due_date: row.due_date ?? defaultDueDate(card, row.month),
  };
}

export function toInvoice(card: CardRow, row: InvoiceRow, f: Figures, today: string): Invoice {
  const dates = invoiceDates(card, row);
  return {
    id: row.id,
    card_id: card.id,
    month: row.month,
    ...dates,
    purchases: f.purchases,
    refunds: f.refunds,
    previous_balance: f.previous_balance,
    total: f.total,
    paid_amount: f.paid_amount,
    carried_to_next: f.carried_to_next,
    outstanding: f.outstanding,
    status: invoiceStatus(f, dates.close_date, dates.due_date, today),
  };
}

export async function cardOr404(db: Db, userId: number, id: number, field?: string): Promise<CardRow> {
  const card = await findCardById(db, userId, id);
  if (!card) throw notFound('cardNotFound', field);
  return card;
}

/** One invoice of a card with its figures (the row is created when first needed). */
export async function cardInvoice(
  db: Db,
  userId: number,
  card: CardRow,
  month: string,
  now = new Date(),
): Promise<Invoice> {
  const [rows, [row]] = await Promise.all([
    findCardTotals(db, userId, [card.id], month),
    ensureInvoices(db, userId, [{ card_id: card.id, month }], nowIso()),
  ]);
  if (!row) throw notFound('invoiceNotFound');
  return toInvoice(card, row, invoiceChain(rows).at(month), todayIso(now));
}

/**
 * The invoices due in `month` across the user's cards: those with entries or payments, or holding a balance
 * carried from the month before. Rows are created as needed (they carry ids for the pay action).
 */
export async function invoicesDue(
  db: Db,
  userId: number,
  month: string,
  now = new Date(),
): Promise<Invoice[]> {
  const cards = await findCards(db, userId, true);
  if (cards.length === 0) return [];
  const rows = await findCardTotals(
    db,
    userId,
    cards.map((c) => c.id),
    month,
  );
  const due: Array<{ card: CardRow; f: Figures }> = [];
  for (const card of cards) {
    const f = invoiceChain(rows.filter((r) => r.card_id === card.id)).at(month);
    if (f.entries !== 0 || f.paid_amount !== 0 || f.previous_balance !== 0 || f.total !== 0)
      due.push({ card, f });
  }
  const invoiceRows = await ensureInvoices(
    db,
    userId,
    due.map((d) => ({ card_id: d.card.id, month })),
    nowIso(),
  );
  const byCard = new Map(invoiceRows.map((r) => [r.card_id, r]));
  const today = todayIso(now);
  return due.flatMap(({ card, f }) => {
    const row = byCard.get(card.id);
    return row ? [toInvoice(card, row, f, today)] : [];
  });
}

/** The cash-basis lines of the entries list: one per invoice due in the month. */
export function toInvoiceLine(invoice: Invoice): InvoiceLine {
  return {
    id: invoice.id,
    card_id: invoice.card_id,
    month: invoice.month,
    due_date: invoice.due_date,
    total: invoice.total,
    paid_amount: invoice.paid_amount,
    outstanding: invoice.outstanding,
    status: invoice.status,
  };
}

/**
 * What the user's card invoices due in each of `months` still owe (GET /report/debt): each invoice's
 * outstanding, never a credit. A debt is owed in one invoice at a time (a partial payment's rest is the next
 * invoice's), so the months add up without counting anything twice. O(invoices).
 */
export async function outstandingByMonth(
  db: Db,
  userId: number,
  months: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map(months.map((m) => [m, 0]));
  const last = months.at(-1);
  if (last === undefined) return out;
  const rows = await findCardTotals(db, userId, undefined, last);
  const byCard = new Map<number, CardTotalsRow[]>();
  for (const row of rows) {
    const list = byCard.get(row.card_id);
    if (list) list.push(row);
    else byCard.set(row.card_id, [row]);
  }
  for (const cardRows of byCard.values()) {
    const chain = invoiceChain(cardRows);
    for (const month of months)
      out.set(month, (out.get(month) ?? 0) + Math.max(0, chain.at(month).outstanding));
  }
  return out;
}

/**
 * GET /entry/balance's card figures (cash basis): purchases − refunds of the invoices due in `month`, and
 * what unpaid invoices due through `month` still owe (subtracted from the predicted balance).
 */
export async function cashInvoiceFigures(
  db: Db,
  userId: number,
  month: string,
): Promise<{ invoices: number; unpaid: number }> {
  const rows = await findCardTotals(db, userId, undefined, month);
  let invoices = 0;
  let unpaid = 0;
  let start = 0;
  while (start < rows.length) {
    const cardId = (rows[start] as CardTotalsRow).card_id;
    let end = start;
    while (end < rows.length && (rows[end] as CardTotalsRow).card_id === cardId) end++;
    const cardRows = rows.slice(start, end);
    const own = cardRows.find((r) => r.month === month);
    if (own) invoices += own.purchases - own.refunds;
    unpaid += unpaidThrough(cardRows, month);
    start = end;
  }
  return { invoices, unpaid };
}

/**
 * The invoice months of a card entry's rows (one entry, its installments or a fixed series' occurrences),
 * from each row's date by the closing rule; `asked` (the body's invoice_month, for the first row) moves
 * them all by the same number of invoices, at most one.
 */
export async function invoiceMonthsFor(
  db: Db,
  userId: number,
  cardId: number | null,
  dates: readonly string[],
  asked: string | null | undefined,
): Promise<Array<string | null>> {
  if (cardId === null) {
    if (asked != null) throw validationError({ invoice_month: 'invoiceMonthCardOnly' });
    return dates.map(() => null);
  }
  // One round trip for the card and its overridden closing dates (every card entry write passes here).
  const found = await findCardWithOverrides(db, userId, cardId);
  if (!found) throw notFound('cardNotFound', 'card_id');
  const closing = toClosing(found.card, found.overrides);
  const computed = dates.map((d) => monthFor(closing, d));
  const first = computed[0];
  if (first === undefined) return [];
  const shift = monthDiff(first, chosenMonth(closing, dates[0] as string, asked));
  return computed.map((m) => addMonths(m, shift));
}
