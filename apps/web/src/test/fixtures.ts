import {
  type Account,
  accountSchema,
  type Card,
  cardSchema,
  type EntryBalance,
  entryBalanceSchema,
  type Invoice,
  invoiceSchema,
} from '@centavo/shared';

// Records as the API answers them, for page tests: plain defaults plus the fields a test cares about,
// checked against the contract's schema.

const STAMP = '2026-01-10T12:00:00.000Z';

export function accountFixture(fields: Partial<Account> & Pick<Account, 'id' | 'name'>): Account {
  return accountSchema.parse({
    bank_id: null,
    type: 'checking',
    initial_balance: 0,
    color: null,
    archived: false,
    balance: 0,
    predicted_balance: 0,
    created_at: STAMP,
    updated_at: STAMP,
    ...fields,
  });
}

/** An invoice with nothing bought, paid or carried: `total` and `outstanding` follow from the fields given. */
export function invoiceFixture(
  fields: Partial<Invoice> & Pick<Invoice, 'id' | 'card_id' | 'month' | 'close_date' | 'due_date'>,
): Invoice {
  const purchases = fields.purchases ?? 0;
  const refunds = fields.refunds ?? 0;
  const previous = fields.previous_balance ?? 0;
  const total = purchases - refunds + previous;
  const paid = fields.paid_amount ?? 0;
  const carried = fields.carried_to_next ?? 0;
  return invoiceSchema.parse({
    purchases,
    refunds,
    previous_balance: previous,
    total,
    paid_amount: paid,
    carried_to_next: carried,
    outstanding: total - paid - carried,
    status: 'open',
    ...fields,
  });
}

export function cardFixture(fields: Partial<Card> & Pick<Card, 'id' | 'name'> & { invoice: Invoice }): Card {
  const { invoice, ...rest } = fields;
  return cardSchema.parse({
    flag_id: null,
    limit: 500000,
    close_day: 3,
    expiration_day: 10,
    account_id: null,
    color: null,
    archived: false,
    available_limit: 500000 - invoice.outstanding,
    current_invoice: {
      id: invoice.id,
      month: invoice.month,
      total: invoice.total,
      outstanding: invoice.outstanding,
      due_date: invoice.due_date,
      status: invoice.status,
    },
    best_purchase_day: 3,
    created_at: STAMP,
    updated_at: STAMP,
    ...rest,
  });
}

/** GET /entry/balance: a month with nothing in it, but for the figures a test sets. */
export function balanceFixture(fields: Partial<EntryBalance> & Pick<EntryBalance, 'month'>): EntryBalance {
  return entryBalanceSchema.parse({
    income: 0,
    expense: 0,
    investment: 0,
    result: 0,
    opening_balance: 0,
    closing_balance: 0,
    predicted_balance: 0,
    invoices: 0,
    accounts: [],
    ...fields,
  });
}
