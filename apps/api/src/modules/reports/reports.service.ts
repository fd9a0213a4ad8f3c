import {
  type AnalysisReport,
  addMonths,
  type DebtReport,
  type ExpenseReport,
  type ExpenseSubcategories,
  type InvestmentReport,
  type IsoDate,
  minMonth,
  monthOf,
  type ReportBasisName,
  type ReportRange,
  todayIso,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { outstandingBefore, outstandingByMonth } from '../cards/invoices.service.ts';
import {
  findVisibleCategories,
  findVisibleCategory,
  findVisibleSubcategories,
} from '../categories/categories.repository.ts';
import { localName, uncategorisedName } from '../categories/categories.service.ts';
import { materialiseSeriesThrough } from '../money-core/series.ts';
import { findExpenseCells, findExpenseSubcategories, findMonthSums } from './reports.repository.ts';

export interface ResolvedRange {
  start: string;
  end: string;
}

/** The months of a report's `range` (both ends inclusive), relative to the user's current month. */
export function resolveRange(
  q: { range: ReportRange; start?: string | undefined; end?: string | undefined },
  today: IsoDate = todayIso(),
): ResolvedRange {
  const current = monthOf(today);
  const year = current.slice(0, 4);
  switch (q.range) {
    case '3m':
      return { start: addMonths(current, -2), end: current };
    case '6m':
      return { start: addMonths(current, -5), end: current };
    case '12m':
      return { start: addMonths(current, -11), end: current };
    case 'ytd':
      return { start: `${year}-01`, end: current };
    case 'last_year':
      return { start: `${Number(year) - 1}-01`, end: `${Number(year) - 1}-12` };
    case 'custom':
      return { start: q.start as string, end: q.end as string };
  }
}

export function monthsOf(range: ResolvedRange): string[] {
  const out: string[] = [];
  for (let m = range.start; m <= range.end; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** GET /report/analysis: per month income, expense, investment, result and the running sum of results. */
export async function analysisReport(
  db: Db,
  userId: number,
  range: ResolvedRange,
  basis: ReportBasisName,
): Promise<AnalysisReport> {
  await materialiseSeriesThrough(db, userId, range.end);
  const sums = new Map(
    (await findMonthSums(db, userId, basis, range.start, range.end)).map((r) => [r.month, r]),
  );
  const totals = { income: 0, expense: 0, investment: 0, result: 0 };
  let cumulative = 0;
  const data = monthsOf(range).map((month) => {
    const s = sums.get(month);
    const income = s?.income ?? 0;
    const expense = s?.expense ?? 0;
    const investment = s?.investment ?? 0;
    const result = income - expense - investment;
    cumulative += result;
    totals.income += income;
    totals.expense += expense;
    totals.investment += investment;
    totals.result += result;
    return { month, income, expense, investment, result, cumulative };
  });
  return { basis, ...range, data, totals };
}

/**
 * GET /report/expense: spending per expense category and subcategory with the monthly trend (expense − income
 * of expense categories, so refunds subtract; the budget page counts the same way).
 */
export async function expenseReport(
  db: Db,
  userId: number,
  languageId: number,
  range: ResolvedRange,
  basis: ReportBasisName,
): Promise<ExpenseReport> {
  await materialiseSeriesThrough(db, userId, range.end);
  const [cells, categories] = await Promise.all([
    findExpenseCells(db, userId, basis, range.start, range.end),
    findVisibleCategories(db, userId, 'expense'),
  ]);
  const months = monthsOf(range);
  const index = new Map(months.map((m, i) => [m, i]));
  const byId = new Map(categories.map((c) => [Number(c.id), c]));
  const cats = new Map<number, { total: number; months: number[] }>();
  for (const cell of cells) {
    // Category 0: the expenses without a category; categories of another type are left out.
    if (cell.value === 0 || (cell.category_id !== 0 && !byId.has(cell.category_id))) continue;
    let c = cats.get(cell.category_id);
    if (!c) {
      c = { total: 0, months: months.map(() => 0) };
      cats.set(cell.category_id, c);
    }
    c.total += cell.value;
    const i = index.get(cell.month) as number;
    c.months[i] = (c.months[i] ?? 0) + cell.value;
  }
  const total = [...cats.values()].reduce((sum, c) => sum + c.total, 0);
  const data = [...cats.entries()]
    .map(([id, c]) => {
      const category = byId.get(id);
      return {
        category_id: category ? id : null,
        name: category ? localName(category, languageId) : uncategorisedName(languageId),
        color: category?.color ?? null,
        total: c.total,
        share: total > 0 ? Math.round((c.total * 1000) / total) / 10 : 0,
        months: c.months,
      };
    })
    .sort((a, b) => b.total - a.total);
  return { basis, ...range, months, total, data };
}

/**
 * GET /report/expense/subcategories: one expense category's spending per subcategory over the range, counted
 * as the report counts it; the subcategories add up to the category's total there. 404 for a category the
 * user does not see or that is not an expense category.
 */
export async function expenseSubcategories(
  db: Db,
  userId: number,
  languageId: number,
  range: ResolvedRange,
  basis: ReportBasisName,
  categoryId: number,
): Promise<ExpenseSubcategories> {
  const category = await findVisibleCategory(db, userId, categoryId);
  if (category?.type !== 'expense') throw notFound('categoryNotFound', 'category_id');
  await materialiseSeriesThrough(db, userId, range.end);
  const [rows, subcategories] = await Promise.all([
    findExpenseSubcategories(db, userId, basis, range.start, range.end, categoryId),
    findVisibleSubcategories(db, userId, [categoryId]),
  ]);
  const names = new Map(subcategories.map((s) => [Number(s.id), localName(s, languageId)]));
  const data = rows
    .filter((r) => r.total !== 0)
    .map((r) => ({
      sub_category_id: r.sub_category_id === 0 ? null : r.sub_category_id,
      name: r.sub_category_id === 0 ? '' : (names.get(r.sub_category_id) ?? ''),
      total: r.total,
    }))
    .sort((a, b) => b.total - a.total);
  return { basis, ...range, category_id: categoryId, data };
}

/**
 * GET /report/debt: per month from the current one, the unpaid installments of account entries falling in
 * it (cash basis: when they will be paid) and what the card invoices due in it still owe (card installments
 * are inside those invoices, so they are not counted again).
 * The window is as long as the range asked (3m → the next 3 months…; custom: its months).
 */
export async function debtReport(
  db: Db,
  userId: number,
  q: { range: ReportRange; start?: string | undefined; end?: string | undefined },
  today: IsoDate = todayIso(),
): Promise<DebtReport> {
  const current = monthOf(today);
  let range: ResolvedRange;
  if (q.range === 'custom') range = resolveRange(q, today);
  else {
    const length =
      q.range === '3m' ? 3 : q.range === '6m' ? 6 : q.range === 'ytd' ? 13 - Number(current.slice(5)) : 12;
    range = { start: current, end: addMonths(current, length - 1) };
  }
  await materialiseSeriesThrough(db, userId, range.end);
  const before = addMonths(current, -1);
  const [monthSums, pastSums, invoices, pastInvoices] = await Promise.all([
    findMonthSums(db, userId, 'cash', range.start, range.end),
    findMonthSums(db, userId, 'cash', minMonth(), before),
    outstandingByMonth(db, userId, monthsOf(range), today),
    outstandingBefore(db, userId, current, today),
  ]);
  const sums = new Map(monthSums.map((r) => [r.month, r]));
  const months = monthsOf(range);
  // What fell due before the current month and is still owed (DESIGN.md §4): it shows nowhere else, since
  // the window starts at this month.
  const pastInstallments = pastSums.reduce((sum, r) => sum + r.unpaid_installments, 0);
  const overdue = {
    installments: pastInstallments,
    invoices: pastInvoices,
    total: pastInstallments + pastInvoices,
  };
  let total = 0;
  const data = months.map((month) => {
    const installments = sums.get(month)?.unpaid_installments ?? 0;
    const owed = invoices.get(month) ?? 0;
    total += installments + owed;
    return { month, installments, invoices: owed, total: installments + owed };
  });
  return { ...range, data, total, overdue };
}

/** GET /report/investment: contributions (investment entries) per month and their running sum. */
export async function investmentReport(
  db: Db,
  userId: number,
  range: ResolvedRange,
  basis: ReportBasisName,
): Promise<InvestmentReport> {
  await materialiseSeriesThrough(db, userId, range.end);
  const sums = new Map(
    (await findMonthSums(db, userId, basis, range.start, range.end)).map((r) => [r.month, r]),
  );
  let cumulative = 0;
  const data = monthsOf(range).map((month) => {
    const value = sums.get(month)?.investment ?? 0;
    cumulative += value;
    return { month, value, cumulative };
  });
  return { basis, ...range, data, total: cumulative };
}
