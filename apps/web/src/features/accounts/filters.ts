import type { Account, AccountType, Bank } from '@centavo/shared';
import { ACCOUNT_TYPES } from '@centavo/shared/contracts/accounts';
import { isValidMonth } from '@centavo/shared/dates';

/**
 * The account list's filters, kept in the URL query so a filtered list can be bookmarked, shared and
 * survives a reload; /account/filterForm edits the same query.
 */
export interface AccountFilters {
  /** Free text matched against the account name and its bank's name or code. */
  q: string;
  type: AccountType | null;
  includeArchived: boolean;
  /** YYYY-MM for the predicted balance; null = the current month (not written to the URL). */
  month: string | null;
}

export const EMPTY_ACCOUNT_FILTERS: AccountFilters = {
  q: '',
  type: null,
  includeArchived: false,
  month: null,
};

export function isAccountType(value: string | null): value is AccountType {
  return value !== null && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/** Reads filters from a query string, ignoring values that are not valid (a hand-edited URL never crashes). */
export function readAccountFilters(params: URLSearchParams): AccountFilters {
  const type = params.get('type');
  const month = params.get('month');
  const archived = params.get('archived');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    type: isAccountType(type) ? type : null,
    includeArchived: archived === '1' || archived === 'true',
    month: month && isValidMonth(month) ? month : null,
  };
}

/** The query string for filters; defaults are left out, so the plain list has a clean URL. */
export function writeAccountFilters(filters: AccountFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.type) params.set('type', filters.type);
  if (filters.includeArchived) params.set('archived', '1');
  if (filters.month) params.set('month', filters.month);
  return params;
}

/** `?a=b` or '' — for building links. */
export function filtersSearch(filters: AccountFilters): string {
  const qs = writeAccountFilters(filters).toString();
  return qs ? `?${qs}` : '';
}

/** How many narrowing filters are on (the month is a view setting, not a filter). */
export function activeFilterCount(filters: AccountFilters): number {
  return (filters.q.trim() ? 1 : 0) + (filters.type ? 1 : 0) + (filters.includeArchived ? 1 : 0);
}

/** Lower case without accents, so "itau" finds "Itaú" and "credito" finds "Crédito". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * Applies the type and text filters in the browser (the API filters only archived accounts): a user has
 * a handful of accounts, and filtering locally answers each keystroke at once.
 */
export function filterAccounts(
  accounts: readonly Account[],
  filters: AccountFilters,
  banks: ReadonlyMap<number, Bank>,
): Account[] {
  const q = normalizeText(filters.q);
  return accounts.filter((account) => {
    if (!filters.includeArchived && account.archived) return false;
    if (filters.type && account.type !== filters.type) return false;
    if (!q) return true;
    const bank = account.bank_id === null ? undefined : banks.get(account.bank_id);
    const haystack = normalizeText(`${account.name} ${bank?.name ?? ''} ${bank?.code ?? ''}`);
    return haystack.includes(q);
  });
}

/** Integer sums of cents (exact: amounts are capped well below 2^53, see money.ts). */
export function sumAccounts(accounts: readonly Account[]): { balance: number; predicted: number } {
  let balance = 0;
  let predicted = 0;
  for (const account of accounts) {
    balance += account.balance;
    predicted += account.predicted_balance;
  }
  return { balance, predicted };
}
