import {
  currentMonth,
  type Entry,
  type EntryFilters,
  type EntryList,
  type EntryListQuery,
  type EntryTotals,
  firstDayOfMonth,
  type InvoiceLine,
  type IsoDate,
  lastDayOfMonth,
  monthOf,
  todayIso,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { findOwnedAccountIds } from '../accounts/accounts.repository.ts';
import { findOwnedCardIds } from '../cards/cards.repository.ts';
import { toInvoiceLine } from '../cards/invoice-math.ts';
import { invoicesDue } from '../cards/invoices.service.ts';
import { findVisibleCategory, findVisibleSubcategory } from '../categories/categories.repository.ts';
import { findEntryById, findOwnedTagIds, toEntry } from '../money-core/entry-rows.repository.ts';
import { horizonMonth, materialiseSeriesThrough, seriesNeedExtension } from '../money-core/series.ts';
import { countEntries, type EntryQuery, findEntries, sumEntries } from './entries.repository.ts';

// Reading entries: one, a filtered list (or a page of it), and the first month the carousel offers.

export async function getEntry(db: Db, userId: number, id: number): Promise<Entry> {
  const row = await findEntryById(db, userId, id);
  if (!row) throw notFound('entryNotFound');
  return toEntry(row);
}

/** The date range of a list or export: the month, the month range, the given dates, or the current month. */
export function entryRange(filters: EntryFilters, now = new Date()): { start: string; end: string } {
  if (filters.month) return { start: firstDayOfMonth(filters.month), end: lastDayOfMonth(filters.month) };
  if (filters.start_month || filters.end_month) {
    return {
      start: filters.start_month ? firstDayOfMonth(filters.start_month) : '0000-01-01',
      end: filters.end_month ? lastDayOfMonth(filters.end_month) : '9999-12-31',
    };
  }
  if (filters.start_date || filters.end_date) {
    return { start: filters.start_date ?? '0000-01-01', end: filters.end_date ?? '9999-12-31' };
  }
  const month = currentMonth(now);
  return { start: firstDayOfMonth(month), end: lastDayOfMonth(month) };
}

/** Filter ids must be the user's (or system rows): another user's id answers 404, like a missing one. */
async function checkFilterIds(db: Db, userId: number, filters: EntryFilters): Promise<void> {
  const [cards, accounts, category, sub, tags] = await Promise.all([
    filters.card_id !== undefined ? findOwnedCardIds(db, userId, [filters.card_id]) : undefined,
    filters.account_id !== undefined ? findOwnedAccountIds(db, userId, [filters.account_id]) : undefined,
    filters.category_id !== undefined ? findVisibleCategory(db, userId, filters.category_id) : undefined,
    filters.sub_category_id !== undefined
      ? findVisibleSubcategory(db, userId, filters.sub_category_id)
      : undefined,
    filters.tag_id !== undefined ? findOwnedTagIds(db, userId, [filters.tag_id]) : undefined,
  ]);
  if (cards && cards.length === 0) throw notFound('cardNotFound', 'card_id');
  if (accounts && accounts.size === 0) throw notFound('accountNotFound', 'account_id');
  if (filters.category_id !== undefined && !category) throw notFound('categoryNotFound', 'category_id');
  if (filters.sub_category_id !== undefined && !sub) throw notFound('subcategoryNotFound', 'sub_category_id');
  if (tags && tags.size === 0) throw notFound('tagNotFound', 'tag_id');
}

export async function toEntryQuery(
  db: Db,
  userId: number,
  filters: EntryFilters,
  now = new Date(),
): Promise<EntryQuery> {
  const range = entryRange(filters, now);
  // Fixed series must exist through the range's last month before it is read. An open-ended range
  // (start_date without end_date) reads what exists up to the horizon instead of materialising decades.
  const endMonth =
    filters.month || filters.end_date || filters.end_month ? monthOf(range.end) : horizonMonth(now);
  // Both are reads (on PostgreSQL they run side by side); the extension writes only once the ids passed.
  const [, stale] = await Promise.all([
    checkFilterIds(db, userId, filters),
    seriesNeedExtension(db, userId, endMonth, now),
  ]);
  if (stale) await materialiseSeriesThrough(db, userId, endMonth, now);
  return {
    ...range,
    account_id: filters.account_id,
    card_id: filters.card_id,
    category_id: filters.category_id,
    sub_category_id: filters.sub_category_id,
    tag_id: filters.tag_id,
    operation_id: filters.operation_id,
    paid: filters.paid,
    q: filters.q,
    basis: filters.basis,
    without_subcategory: filters.without_subcategory,
    without_category: filters.without_category,
  };
}

/**
 * GET /entry/totals (issue 13 #14): what the filtered list adds up to — the summary cards follow the
 * filters (a tag, a search across months) instead of showing the whole month's totals.
 */
export async function entryTotals(
  db: Db,
  userId: number,
  filters: EntryFilters,
  now = new Date(),
): Promise<EntryTotals> {
  const query = await toEntryQuery(db, userId, filters, now);
  const sums = await sumEntries(db, userId, query);
  return {
    ...sums,
    result: sums.income - sums.expense - sums.investment,
    start_date: query.start,
    end_date: query.end,
  };
}

/**
 * GET /entry: the filtered entries in (date, id) order, as the contract's objects. With `page` or `per_page`
 * one page of them (per_page 50 by default) and the count of the whole list; without, the whole list.
 */
export async function listEntries(
  db: Db,
  userId: number,
  filters: EntryListQuery,
  now = new Date(),
  today: IsoDate = todayIso(now),
): Promise<EntryList> {
  const query = await toEntryQuery(db, userId, filters, now);
  const lines = await invoiceLines(db, userId, filters, today);
  // Only a month with invoices due carries the key: lists without cards answer as before.
  const invoices = lines.length > 0 ? { invoices: lines } : {};
  if (filters.page === undefined && filters.per_page === undefined) {
    const rows = await findEntries(db, userId, query);
    return {
      data: rows.map(toEntry),
      meta: { total: rows.length, page: 1, per_page: rows.length },
      ...invoices,
    };
  }
  const page = filters.page ?? 1;
  const perPage = filters.per_page ?? 50;
  const [rows, total] = await Promise.all([
    findEntries(db, userId, query, { limit: perPage, offset: (page - 1) * perPage }),
    countEntries(db, userId, query),
  ]);
  return { data: rows.map(toEntry), meta: { total, page, per_page: perPage }, ...invoices };
}

/**
 * The cash basis (DESIGN.md "Two bases"): a month's unfiltered list shows each card invoice due in it as
 * one line (the card purchases themselves are left out of `data`, so nothing counts twice). A list filtered
 * by anything but the month has no invoice lines.
 */
async function invoiceLines(
  db: Db,
  userId: number,
  filters: EntryListQuery,
  today: IsoDate,
): Promise<InvoiceLine[]> {
  const { month, start_date, end_date, page, per_page, ...rest } = filters;
  if (start_date || end_date) return [];
  if (Object.values(rest).some((v) => v !== undefined)) return [];
  const due = await invoicesDue(db, userId, month ?? monthOf(today), today);
  return due.map(toInvoiceLine);
}

/** Months of history before the earliest entry are not offered; without entries, the current month. */
export function carouselStart(
  firstDate: string | undefined,
  today: IsoDate = todayIso(),
): { month: string; date: string } {
  const month = firstDate ? monthOf(firstDate) : monthOf(today);
  return { month, date: firstDayOfMonth(month) };
}
