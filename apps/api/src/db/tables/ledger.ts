import type { Generated } from 'kysely';

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

/**
 * A fixed (monthly) series or an installment purchase. For fixed series it is also the template from which
 * occurrences past `generated_through` are materialised lazily (docs/decisions/fixed-entries.md).
 */
export interface EntrySeriesTable {
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
  operation_id: number;
  category_id: number | null;
  sub_category_id: number | null;
  account_id: number | null;
  card_id: number | null;
  destination_account_id: number | null;
  notes: string | null;
  /** Comma-separated tag ids of the template ('' = none). */
  tag_ids: string;
  created_at: string;
  updated_at: string;
}

export interface EntriesTable {
  id: Generated<number>;
  user_id: number;
  description: string;
  /** Cents, > 0; the operation gives the direction. */
  value: number;
  date: string;
  operation_id: number;
  category_id: number | null;
  sub_category_id: number | null;
  account_id: number | null;
  /** Card entries belong to the cards issue: no cards table yet, so no FK. */
  card_id: number | null;
  destination_account_id: number | null;
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

export interface LedgerTables {
  accounts: AccountsTable;
  tags: TagsTable;
  entry_series: EntrySeriesTable;
  entries: EntriesTable;
  entry_tags: EntryTagsTable;
  account_month_totals: AccountMonthTotalsTable;
  user_money_totals: UserMoneyTotalsTable;
}
