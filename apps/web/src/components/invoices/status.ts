import type { InvoiceStatus } from '@centavo/shared';

/** Badge colours of the invoice statuses (card page, entries list lines). */
export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  open: 'blue',
  closed: 'yellow',
  partial: 'orange',
  paid: 'teal',
  overdue: 'red',
  future: 'gray',
  empty: 'gray',
};
