import {
  addMonths,
  type CardDays,
  daysBetween,
  defaultCloseDate,
  defaultDueDate,
  INVOICE_DATE_MAX_SHIFT_DAYS,
  type Invoice,
  type InvoiceLine,
  type InvoiceStatus,
} from '@centavo/shared';
import type { FieldMessages } from '../../lib/errors.ts';
import type { CardTotalsRow } from '../money-core/card-totals.repository.ts';
import type { CardRow, InvoiceRow } from './cards.repository.ts';

// Invoice math (DESIGN.md §4 "Cards and invoices"): pure functions from a card's aggregate rows to each
// invoice's figures and status. The reads that feed them are in invoices.service.ts.

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

/**
 * Whether invoice `month`'s due date has passed (the user's today is after it). Only then is what a payment
 * left carried to the next invoice: a payment before the due date (paying early, "antecipar") only lowers
 * what the invoice owes, so a purchase added afterwards stays owed there (DESIGN.md §4).
 */
export type DuePassed = (month: string) => boolean;

/** The carrying rule of one card on `today`: its due dates, overridden per invoice where the user did. */
export function duePassedOf(
  card: CardDays,
  dueOverrides: ReadonlyMap<string, string>,
  today: string,
): DuePassed {
  return (month) => (dueOverrides.get(month) ?? defaultDueDate(card, month)) < today;
}

function figures(
  row: CardTotalsRow | undefined,
  month: string,
  previous: number,
  duePassed: DuePassed,
): Figures {
  const purchases = row?.purchases ?? 0;
  const refunds = row?.refunds ?? 0;
  const paid = row?.paid ?? 0;
  const total = purchases - refunds + previous;
  // A debt is owed in exactly one invoice: once the due date has passed, whatever a payment left (or
  // overpaid) moves to the next invoice's previous balance; an invoice with no payment keeps its own
  // outstanding (no invented rotativo).
  const carried = paid !== 0 && duePassed(month) ? total - paid : 0;
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
export function invoiceChain(
  rows: readonly CardTotalsRow[],
  duePassed: DuePassed,
): {
  at: (month: string) => Figures;
  all: Figures[];
} {
  const byMonth = new Map<string, Figures>();
  let last: Figures | undefined;
  for (const row of rows) {
    const previous = last && addMonths(last.month, 1) === row.month ? last.carried_to_next : 0;
    last = figures(row, row.month, previous, duePassed);
    byMonth.set(row.month, last);
  }
  return {
    all: [...byMonth.values()],
    at: (month) => {
      const found = byMonth.get(month);
      if (found) return found;
      const before = byMonth.get(addMonths(month, -1));
      return figures(undefined, month, before?.carried_to_next ?? 0, duePassed);
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
export function unpaidThrough(rows: readonly CardTotalsRow[], month: string, duePassed: DuePassed): number {
  const chain = invoiceChain(
    rows.filter((r) => r.month <= month),
    duePassed,
  );
  let sum = 0;
  for (const f of chain.all) sum += f.purchases - f.refunds - f.paid_amount;
  const own = chain.all.find((f) => f.month === month);
  return sum - (own?.carried_to_next ?? 0);
}

/** The dates an invoice's status depends on: its own, and the closing date of the invoice before it. */
export interface StatusDates {
  previous_close: string;
  close_date: string;
  due_date: string;
}

/**
 * An invoice's status on `today` (DESIGN.md §4), derived, never stored: `open` collects purchases now;
 * `empty` holds nothing and owes nothing (months before the card existed, or without purchases) — never
 * "paid"; `future` is a later invoice already holding installments or fixed charges; once closed it is
 * `closed` until its due date, then `paid`, `partial` (paid in part, the rest carried) or `overdue`.
 */
export function invoiceStatus(f: Figures, d: StatusDates, today: string): InvoiceStatus {
  if (today < d.close_date && today >= d.previous_close) return 'open';
  if (f.entries === 0 && f.paid_amount === 0 && f.total === 0) return 'empty';
  if (today < d.close_date) return 'future';
  if (today <= d.due_date) return f.total - f.paid_amount <= 0 ? 'paid' : 'closed';
  if (f.paid_amount !== 0) return f.carried_to_next > 0 ? 'partial' : 'paid';
  return f.total <= 0 ? 'paid' : 'overdue';
}

export function invoiceDates(card: CardDays, row: Pick<InvoiceRow, 'month' | 'close_date' | 'due_date'>) {
  return {
    close_date: row.close_date ?? defaultCloseDate(card, row.month),
    due_date: row.due_date ?? defaultDueDate(card, row.month),
  };
}

/**
 * What is wrong with an invoice's overridden dates (PUT /invoice/{id}), under each field; undefined when
 * nothing is. Banks move closing and due dates by days around weekends and holidays, never by months: each
 * stays within INVOICE_DATE_MAX_SHIFT_DAYS of the date the card's days give, and closing comes before due.
 */
export function invoiceDateProblems(
  card: CardDays,
  month: string,
  next: { close_date: string | null; due_date: string | null },
): FieldMessages | undefined {
  const rule = { close_date: defaultCloseDate(card, month), due_date: defaultDueDate(card, month) };
  const out: FieldMessages = {};
  for (const field of ['close_date', 'due_date'] as const) {
    const value = next[field];
    if (value !== null && Math.abs(daysBetween(rule[field], value)) > INVOICE_DATE_MAX_SHIFT_DAYS)
      out[field] = { key: 'invoiceDateTooFar', params: { days: INVOICE_DATE_MAX_SHIFT_DAYS } };
  }
  if (Object.keys(out).length > 0) return out;
  const dates = invoiceDates(card, { month, ...next });
  return dates.close_date >= dates.due_date ? { close_date: 'closeAfterDue' } : undefined;
}

/**
 * An invoice as the API answers it. `previousClose` (where `open` begins) defaults to the previous invoice's
 * closing date by the card's days: an override of that one date is not read here, so within its few days of
 * shift the status may say `future` where the bank's calendar would already say `open`.
 */
export function toInvoice(
  card: CardRow,
  row: InvoiceRow,
  f: Figures,
  today: string,
  previousClose = defaultCloseDate(card, addMonths(row.month, -1)),
): Invoice {
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
    status: invoiceStatus(f, { ...dates, previous_close: previousClose }, today),
  };
}

/** The cash-basis lines of the entries list: one per invoice due in the month. */
export function toInvoiceLine(invoice: Invoice): InvoiceLine {
  return {
    id: invoice.id,
    card_id: invoice.card_id,
    month: invoice.month,
    due_date: invoice.due_date,
    total: invoice.total,
    previous_balance: invoice.previous_balance,
    paid_amount: invoice.paid_amount,
    outstanding: invoice.outstanding,
    status: invoice.status,
  };
}
