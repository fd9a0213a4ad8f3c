import type { ColumnType, Generated } from 'kysely';

/** Ledger tables. Every one leads with user_id (DESIGN.md §1: data can be distributed by user). */
export type AccountType = 'checking' | 'savings' | 'investment' | 'wallet' | 'other';

export interface AccountsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  bank_id: number | null;
  type: AccountType;
  /** Cents; may be negative. */
  initial_balance: number;
  color: string | null;
  archived: number;
  created_at: string;
  updated_at: string;
}

export interface TagsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Lower-cased name; unique per user so tags are unique case-insensitively. */
  name_normalized: string;
  created_at: string;
  updated_at: string;
}

/** What an entry, and a series' template, points at: the operation, the category, the accounts or card. */
export interface EntryReferences {
  operation_id: number;
  /** Null: an uncategorised income or expense (DESIGN.md §9). */
  category_id: number | null;
  sub_category_id: number | null;
  /** Null for card entries. */
  account_id: number | null;
  /** Card entries: the card (account_id is then null). */
  card_id: number | null;
  destination_account_id: number | null;
}

/**
 * A fixed (monthly) series or an installment purchase. For fixed series it is also the template from which
 * occurrences past `generated_through` are materialised lazily (docs/decisions/fixed-entries.md).
 */
export interface EntrySeriesTable extends EntryReferences {
  id: Generated<number>;
  user_id: number;
  kind: 'fixed' | 'installment';
  /** Day of month of the occurrences (clamped to each month's length). */
  day: number;
  /** Last date of a fixed series; null = no end. */
  limit_fixed_date: string | null;
  /** Last month (YYYY-MM) whose occurrence has been materialised. */
  generated_through: string;
  description: string;
  value: number;
  notes: string | null;
  /** Comma-separated tag ids of the template ('' = none). */
  tag_ids: string;
  /** Fixed card charges: invoices every occurrence is moved by (−1, 0, +1; migration 015). */
  invoice_shift: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** Entries' card_id has no FK: card entries came before the cards table. */
export interface EntriesTable extends EntryReferences {
  id: Generated<number>;
  user_id: number;
  description: string;
  /** Cents, > 0; the operation gives the direction. */
  value: number;
  date: string;
  paid: number;
  paid_at: string | null;
  notes: string | null;
  fixed: number;
  limit_fixed_date: string | null;
  series_id: number | null;
  installment_number: number | null;
  installment_count: number | null;
  /**
   * Denormalised copy of the entry's tag ids ('3,17'; '' = none) so a month's list is one query; entry_tags
   * is the source for tag filters and counts. Both are written in the same transaction.
   */
  tag_ids: string;
  /** Card entries (and invoice payments): the month the entry's invoice is due (YYYY-MM); else null. */
  invoice_month: string | null;
  /** Invoice payments only (a transfer from account_id to the card): the invoice paid. */
  invoice_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface EntryTagsTable {
  user_id: number;
  entry_id: number;
  tag_id: number;
}

/**
 * Per (user, account, month) sums of the entries, updated in the same transaction as every entry write, so
 * balances cost O(accounts × months) (docs/decisions/ledger-aggregates.md).
 */
export interface AccountMonthTotalsTable {
  user_id: number;
  account_id: number;
  month: string;
  /** Entries of the month on this account by operation, paid or not (cents). */
  income: number;
  expense: number;
  investment: number;
  transfer_in: number;
  transfer_out: number;
  /** Net effect on the account's balance of every entry of the month. */
  net: number;
  /** Net effect of the month's paid entries only. */
  paid_net: number;
}

/**
 * Per user, the sum of the absolute values of every entry and account initial balance: bounded by
 * MAX_TOTAL_CENTS, so every sum over the user's money is exact (docs/decisions/money-limits.md).
 */
export interface UserMoneyTotalsTable {
  user_id: number;
  volume: number;
}

export interface CardsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  flag_id: number | null;
  /** Cents (the API's `limit`; "limit" is a reserved word in SQL). */
  credit_limit: number;
  close_day: number;
  expiration_day: number;
  /** The account that pays its invoices by default. */
  account_id: number | null;
  color: string | null;
  archived: number;
  created_at: string;
  updated_at: string;
}

/** One row per card and due month, created when first needed; close_date/due_date are overrides or null. */
export interface InvoicesTable {
  id: Generated<number>;
  user_id: number;
  card_id: number;
  month: string;
  close_date: string | null;
  due_date: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Per (user, card, invoice month) sums of the card's entries and payments, kept by applyEntryChanges in the
 * same transaction as every entry write (docs/decisions/cards.md).
 */
export interface CardInvoiceTotalsTable {
  user_id: number;
  card_id: number;
  month: string;
  /** Expenses on the card (cents). */
  purchases: number;
  /** Refunds (income on the card). */
  refunds: number;
  /** Fixed charges' purchases − refunds (they use the limit only once their invoice is open). */
  fixed_net: number;
  /** Payments (transfers from an account with invoice_id). */
  paid: number;
  /** Number of card entries (not payments). */
  entries: number;
}

export interface LedgerTables {
  cards: CardsTable;
  invoices: InvoicesTable;
  card_invoice_totals: CardInvoiceTotalsTable;
  accounts: AccountsTable;
  tags: TagsTable;
  entry_series: EntrySeriesTable;
  entries: EntriesTable;
  entry_tags: EntryTagsTable;
  account_month_totals: AccountMonthTotalsTable;
  user_money_totals: UserMoneyTotalsTable;
}
