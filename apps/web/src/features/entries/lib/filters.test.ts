import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  countFilters,
  parseListState,
  serializeListState,
  toApiQuery,
  withFilter,
} from './filters.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('URL filter state', () => {
  it('defaults to the current month without filters', () => {
    expect(parseListState(new URLSearchParams(''), NOW)).toEqual({ month: '2026-11' });
  });

  it('reads every filter from the query', () => {
    const state = parseListState(
      new URLSearchParams(
        'month=2027-01&account_id=3&category_id=7&tag_id=9&operation_id=2&paid=false&q=%20uber%20',
      ),
      NOW,
    );
    expect(state).toEqual({
      month: '2027-01',
      account_id: 3,
      category_id: 7,
      tag_id: 9,
      operation_id: 2,
      paid: false,
      q: 'uber',
    });
  });

  it('drops malformed values instead of sending them to the API', () => {
    const state = parseListState(
      new URLSearchParams('month=2026-13&account_id=abc&category_id=-1&operation_id=7&paid=maybe&q=%20%20'),
      NOW,
    );
    expect(state).toEqual({ month: '2026-11' });
  });

  it('round-trips through the URL in a stable order', () => {
    const state = { month: '2026-11', q: 'café', paid: true, account_id: 4 };
    const params = serializeListState(state);
    expect(params.toString()).toBe('month=2026-11&account_id=4&paid=true&q=caf%C3%A9');
    expect(parseListState(params, NOW)).toEqual(state);
  });

  it('sets, removes, counts and clears filters; the month stays', () => {
    let state = withFilter({ month: '2026-11' }, 'tag_id', 5);
    state = withFilter(state, 'paid', false);
    expect(countFilters(state)).toBe(2);
    state = withFilter(state, 'tag_id', undefined);
    expect(state).toEqual({ month: '2026-11', paid: false });
    expect(clearFilters(state)).toEqual({ month: '2026-11' });
    expect(countFilters(clearFilters(state))).toBe(0);
  });

  it('builds the API query with the month and set filters only', () => {
    expect(toApiQuery({ month: '2026-11', paid: false, q: 'x' })).toEqual({
      month: '2026-11',
      paid: false,
      q: 'x',
    });
  });

  it('reads "Uncategorised" (without_category) unless a category is named too', () => {
    expect(parseListState(new URLSearchParams('month=2026-11&without_category=true'), NOW)).toEqual({
      month: '2026-11',
      without_category: true,
    });
    expect(parseListState(new URLSearchParams('without_category=true&category_id=3'), NOW)).toEqual({
      month: '2026-11',
      category_id: 3,
    });
    expect(toApiQuery({ month: '2026-11', without_category: true })).toEqual({
      month: '2026-11',
      without_category: true,
    });
  });
});
