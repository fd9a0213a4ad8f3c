import {
  addMonths,
  type CardDays,
  defaultCloseDate,
  defaultDueDate,
  type Invoice,
  type InvoiceLine,
  type InvoiceStatus,
} from '@centavo/shared';
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
