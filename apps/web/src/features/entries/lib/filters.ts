import { OPERATIONS } from '@centavo/shared/constants';
import { DATE_MIN, type IsoMonth, isValidMonth, localMonth, maxMonth, minMonth } from '@centavo/shared/dates';
import { clampMonth } from '../../../lib/months.ts';

/** The list's state as kept in the URL query (?month=YYYY-MM&account_id=…): shareable and back-button safe. */
export interface EntryListState {
  month: IsoMonth;
  account_id?: number;
  category_id?: number;
  tag_id?: number;
  operation_id?: number;
  paid?: boolean;
  q?: string;
  /** Drill-downs of budgets, reports and the dashboard: the figure's exact entries. */
  sub_category_id?: number;
  without_subcategory?: boolean;
  /** Income and expenses without a category ("Uncategorised"). */
  without_category?: boolean;
  /** A month range (inclusive) instead of the month. */
  start_month?: IsoMonth;
  end_month?: IsoMonth;
  basis?: 'accrual' | 'cash';
}

export type EntryFilterKey = Exclude<keyof EntryListState, 'month'>;

export const FILTER_KEYS = [
  'account_id',
  'category_id',
  'tag_id',
  'operation_id',
  'paid',
  'q',
  'sub_category_id',
  'without_subcategory',
  'without_category',
  'start_month',
  'end_month',
  'basis',
] as const satisfies readonly EntryFilterKey[];

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d{1,12}$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

/**
 * Reads the list state from a URL query. Anything malformed is dropped rather than sent to the API (a
 * hand-edited URL should show the month, not a 422).
 */
export function parseListState(params: URLSearchParams, now: Date = new Date()): EntryListState {
  const monthText = params.get('month');
  const state: EntryListState = {
    // A month past the accepted dates (?month=9999-12) shows the range's nearest month, which the
    // carousel selects too, instead of a list the carousel cannot reach.
    month:
      monthText && isValidMonth(monthText)
        ? clampMonth(monthText, minMonth(), maxMonth(now))
        : localMonth(now),
  };
  const account = positiveInt(params.get('account_id'));
  if (account) state.account_id = account;
  const category = positiveInt(params.get('category_id'));
  if (category) state.category_id = category;
  const tag = positiveInt(params.get('tag_id'));
  if (tag) state.tag_id = tag;
  const operation = positiveInt(params.get('operation_id'));
  if (operation && operation >= OPERATIONS.income && operation <= OPERATIONS.transfer) {
    state.operation_id = operation;
  }
  const paid = params.get('paid');
  if (paid === 'true' || paid === 'false') state.paid = paid === 'true';
  const q = params.get('q')?.trim().slice(0, 100);
  if (q) state.q = q;
  const sub = positiveInt(params.get('sub_category_id'));
  if (sub) state.sub_category_id = sub;
  if (params.get('without_subcategory') === 'true') state.without_subcategory = true;
  // "No category" and a category exclude each other: the category wins a hand-edited URL.
  if (params.get('without_category') === 'true' && !state.category_id) state.without_category = true;
  const start = params.get('start_month');
  const end = params.get('end_month');
  if (start && end && isValidMonth(start) && isValidMonth(end) && start <= end) {
    state.start_month = start;
    state.end_month = end;
  }
  const basis = params.get('basis');
  if (basis === 'accrual' || basis === 'cash') state.basis = basis;
  return state;
}

/** Writes the list state to a URL query, in a stable order; empty filters are left out. */
export function serializeListState(state: EntryListState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('month', state.month);
  for (const key of FILTER_KEYS) {
    const value = state[key];
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  return params;
}

/**
 * The list's query: the month with its filters, except that a search looks through every month (issue 13
 * #14: someone looking for "dentista" does not know the month), paged like any list.
 */
export function listApiQuery(state: EntryListState): Record<string, string | number | boolean> {
  const query = toApiQuery(state);
  if (!state.q) return query;
  const { month: _month, ...filters } = query;
  // No end date: the API then reads what is stored up to its horizon, instead of first writing every
  // monthly bill's occurrences for the next 50 years.
  return { ...filters, start_date: DATE_MIN };
}

/** How many filters are set (the month is not a filter). */
export function countFilters(state: EntryListState): number {
  return FILTER_KEYS.filter((key) => state[key] !== undefined && state[key] !== '').length;
}

/** The same month without filters. */
export function clearFilters(state: EntryListState): EntryListState {
  return { month: state.month };
}

/** One filter changed (undefined removes it); the month stays. */
export function withFilter<K extends EntryFilterKey>(
  state: EntryListState,
  key: K,
  value: EntryListState[K] | undefined,
): EntryListState {
  const next: EntryListState = { ...state };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}

/** The query of GET /entry and GET /entry/export for a list state. */
export function toApiQuery(state: EntryListState): Record<string, string | number | boolean> {
  // A month range (a report's drill-down) replaces the month.
  const query: Record<string, string | number | boolean> = state.start_month ? {} : { month: state.month };
  for (const key of FILTER_KEYS) {
    const value = state[key];
    if (value !== undefined && value !== '') query[key] = value;
  }
  return query;
}
