import type { Entry } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';

export interface DayHeaderItem {
  kind: 'day';
  key: string;
  date: string;
  /** Income − expense − investment of the day, in cents; transfers move money but earn nothing. */
  total: number;
  count: number;
}

export interface EntryItem {
  kind: 'entry';
  key: string;
  entry: Entry;
  /** Whether it is the last entry of its day (rows draw no divider under it). */
  lastOfDay: boolean;
}

export type ListItem = DayHeaderItem | EntryItem;

/**
 * What an entry adds to a day's sum: income +, expense and investment −, transfer 0 — except an invoice
 * payment, which is money leaving the account for the card that day (issue 23 #3), so −.
 */
export function entryEffect(
  entry: Pick<Entry, 'operation_id' | 'value'> & { invoice_id?: number | null },
): number {
  if (entry.invoice_id != null) return -entry.value;
  switch (entry.operation_id) {
    case OPERATIONS.income:
      return entry.value;
    case OPERATIONS.expense:
    case OPERATIONS.investment:
      return -entry.value;
    default:
      return 0;
  }
}

/**
 * Flattens entries (sorted by date then id, as the API sends them) into day headers and rows for the
 * virtual list. One pass, no sort: 10 000 entries take well under a millisecond.
 */
export function groupByDay(entries: readonly Entry[]): ListItem[] {
  const items: ListItem[] = [];
  let header: DayHeaderItem | null = null;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as Entry;
    if (!header || header.date !== entry.date) {
      header = { kind: 'day', key: `day-${entry.date}`, date: entry.date, total: 0, count: 0 };
      items.push(header);
    }
    header.total += entryEffect(entry);
    header.count += 1;
    const next = entries[i + 1];
    items.push({
      kind: 'entry',
      key: `entry-${entry.id}`,
      entry,
      lastOfDay: !next || next.date !== entry.date,
    });
  }
  return items;
}
