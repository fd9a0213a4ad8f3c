import type { Bank } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { accountFixture } from '../../test/fixtures.ts';
import {
  activeFilterCount,
  EMPTY_ACCOUNT_FILTERS,
  filterAccounts,
  filtersSearch,
  normalizeText,
  readAccountFilters,
  sumAccounts,
  writeAccountFilters,
} from './filters.ts';

// The page tests' records (test/fixtures.ts), checked against the contract.
const account = accountFixture;

const banks = new Map<number, Bank>([
  [1, { id: 1, code: '341', name: 'Itaú Unibanco' }],
  [2, { id: 2, code: '260', name: 'Nubank' }],
]);

const accounts = [
  account({ id: 1, name: 'Conta corrente', bank_id: 1, balance: 10_000, predicted_balance: 9_000 }),
  account({
    id: 2,
    name: 'Reserva',
    bank_id: 2,
    type: 'savings',
    balance: 250_000,
    predicted_balance: 250_000,
  }),
  account({ id: 3, name: 'Antiga', archived: true, balance: -1, predicted_balance: -1 }),
];

describe('account filters in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(readAccountFilters(new URLSearchParams())).toEqual(EMPTY_ACCOUNT_FILTERS);
  });

  it('round-trips every filter', () => {
    const filters = { q: 'nu', type: 'savings', includeArchived: true, month: '2026-12' } as const;
    expect(readAccountFilters(writeAccountFilters(filters))).toEqual(filters);
    expect(filtersSearch(filters)).toBe('?q=nu&type=savings&archived=1&month=2026-12');
  });

  it('leaves defaults out, so the plain list has a clean URL', () => {
    expect(filtersSearch(EMPTY_ACCOUNT_FILTERS)).toBe('');
    expect(writeAccountFilters({ ...EMPTY_ACCOUNT_FILTERS, q: '   ' }).toString()).toBe('');
  });

  it('ignores values a hand-edited URL may carry', () => {
    const filters = readAccountFilters(new URLSearchParams('type=credit&month=2026-13&archived=yes'));
    expect(filters).toEqual(EMPTY_ACCOUNT_FILTERS);
    expect(readAccountFilters(new URLSearchParams('archived=true')).includeArchived).toBe(true);
  });

  it('caps the search text', () => {
    expect(readAccountFilters(new URLSearchParams({ q: 'x'.repeat(500) })).q).toHaveLength(100);
  });

  it('counts narrowing filters, not the month', () => {
    expect(activeFilterCount({ ...EMPTY_ACCOUNT_FILTERS, month: '2026-01' })).toBe(0);
    expect(activeFilterCount({ q: 'a', type: 'wallet', includeArchived: true, month: null })).toBe(3);
  });
});

describe('filterAccounts', () => {
  it('hides archived accounts unless asked', () => {
    expect(filterAccounts(accounts, EMPTY_ACCOUNT_FILTERS, banks).map((a) => a.id)).toEqual([1, 2]);
    expect(
      filterAccounts(accounts, { ...EMPTY_ACCOUNT_FILTERS, includeArchived: true }, banks).map((a) => a.id),
    ).toEqual([1, 2, 3]);
  });

  it('filters by type', () => {
    expect(
      filterAccounts(accounts, { ...EMPTY_ACCOUNT_FILTERS, type: 'savings' }, banks).map((a) => a.id),
    ).toEqual([2]);
  });

  it('matches the name, the bank name or the bank code, ignoring case and accents', () => {
    const ids = (q: string) =>
      filterAccounts(accounts, { ...EMPTY_ACCOUNT_FILTERS, q }, banks).map((a) => a.id);
    expect(ids('ITAU')).toEqual([1]);
    expect(ids('260')).toEqual([2]);
    expect(ids('reserva')).toEqual([2]);
    expect(ids('corrente')).toEqual([1]);
    expect(ids('nothing')).toEqual([]);
  });

  it('normalises text', () => {
    expect(normalizeText('  Crédito Ação ')).toBe('credito acao');
  });
});

describe('sumAccounts', () => {
  it('adds balances in integer cents, exactly', () => {
    expect(sumAccounts(accounts.slice(0, 2))).toEqual({ balance: 260_000, predicted: 259_000 });
    const big = [
      account({ id: 9, name: 'a', balance: 10, predicted_balance: 20 }),
      account({ id: 10, name: 'b', balance: 20, predicted_balance: 10 }),
    ];
    // 0.1 + 0.2 in cents never drifts.
    expect(sumAccounts(big)).toEqual({ balance: 30, predicted: 30 });
    expect(sumAccounts([])).toEqual({ balance: 0, predicted: 0 });
  });
});
