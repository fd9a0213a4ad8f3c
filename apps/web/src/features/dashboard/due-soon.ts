import type { Entry, Invoice } from '@centavo/shared';

export type DueItem =
  | { kind: 'invoice'; date: string; invoice: Invoice }
  | { kind: 'entry'; date: string; entry: Entry };

/**
 * The dashboard's "due in the next 30 days" as one list in date order, invoices and entries together: it
 * listed every invoice first, so "10 Dec" came before "29 Nov" (issue 23 #6). On the same day an invoice
 * comes first (usually the larger bill), then entries as the API sorted them.
 */
export function dueSoon(invoices: readonly Invoice[], entries: readonly Entry[]): DueItem[] {
  const items: DueItem[] = [
    ...invoices.map((invoice) => ({ kind: 'invoice' as const, date: invoice.due_date, invoice })),
    ...entries.map((entry) => ({ kind: 'entry' as const, date: entry.date, entry })),
  ];
  // Array.prototype.sort is stable: equal dates keep invoices before entries, and each group's own order.
  return items.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
