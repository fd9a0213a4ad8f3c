import type { Entry } from '@centavo/shared';

/** An entry as GET /entry answers it, for tests: an unpaid expense of R$ 1,00 with no links, plus `fields`. */
export function entryFixture(fields: Partial<Entry> & Pick<Entry, 'id'>): Entry {
  return {
    description: `e${fields.id}`,
    value: 100,
    date: '2026-11-02',
    operation_id: 2,
    category_id: null,
    sub_category_id: null,
    account_id: 1,
    card_id: null,
    destination_account_id: null,
    paid: false,
    paid_at: null,
    notes: null,
    fixed: false,
    limit_fixed_date: null,
    series_id: null,
    installment_number: null,
    installment_count: null,
    tags: [],
    invoice_month: null,
    invoice_id: null,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...fields,
  };
}
