import type { Entry, Invoice } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { dueSoon } from './due-soon.ts';

describe('dueSoon (issue 23 #6)', () => {
  it('lists invoices and entries together in date order, an invoice first on a shared day', () => {
    const invoices = [
      { id: 1, due_date: '2026-12-10' },
      { id: 2, due_date: '2026-11-29' },
    ] as Invoice[];
    const entries = [
      { id: 10, date: '2026-11-28' },
      { id: 11, date: '2026-11-29' },
      { id: 12, date: '2026-12-15' },
    ] as Entry[];
    expect(dueSoon(invoices, entries).map((i) => `${i.kind}:${i.date}`)).toEqual([
      'entry:2026-11-28',
      'invoice:2026-11-29',
      'entry:2026-11-29',
      'invoice:2026-12-10',
      'entry:2026-12-15',
    ]);
  });
});
