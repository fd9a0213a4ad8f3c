import {
  type AnalysisReport,
  addMonths,
  type CustomReport,
  type CustomReportInput,
  currentMonth,
  type DebtReport,
  type ExpenseReport,
  firstDayOfMonth,
  type InvestmentReport,
  lastDayOfMonth,
  OPERATIONS,
  type ReportBasisName,
  type ReportRange,
} from '@centavo/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { findAccounts, findOwnedAccountIds } from '../accounts/accounts.repository.ts';
import { findCards } from '../cards/cards.repository.ts';
import { outstandingByMonth } from '../cards/invoices.service.ts';
import { findVisibleCategories, findVisibleSubcategories } from '../categories/categories.repository.ts';
import { localName, uncategorisedName } from '../categories/categories.service.ts';
import { cashMonth, inBasisRange } from '../entries/entries.repository.ts';
import { ensureSeriesThrough } from '../entries/series.service.ts';
import { findOwnedTagIds, findTags } from '../tags/tags.repository.ts';
import { findCategoryMonths, findExpenseCells, findMonthSums } from './reports.repository.ts';

export interface ResolvedRange {
  start: string;
  end: string;
}

/** The months of a report's `range` (both ends inclusive), relative to the current month. */
export function resolveRange(
  q: { range: ReportRange; start?: string | undefined; end?: string | undefined },
  now = new Date(),
): ResolvedRange {
  const current = currentMonth(now);
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

/** Fixed series are materialised lazily: a read of months up to `end` makes them exist first. */
export async function seriesReadyThrough(
  db: Db,
  userId: number,
  end: string,
  now = new Date(),
): Promise<void> {
  await ensureSeriesThrough(db, userId, end, now);
}

/** GET /report/analysis: per month income, expense, investment, result and the running sum of results. */
export async function analysisReport(
  db: Db,
  userId: number,
  range: ResolvedRange,
  basis: ReportBasisName,
): Promise<AnalysisReport> {
  await seriesReadyThrough(db, userId, range.end);
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
  await seriesReadyThrough(db, userId, range.end);
  const [rows, categories, subcategories] = await Promise.all([
    findExpenseCells(db, userId, basis, range.start, range.end),
    findVisibleCategories(db, userId, 'expense'),
    findVisibleSubcategories(db, userId),
  ]);
  const months = monthsOf(range);
  const index = new Map(months.map((m, i) => [m, i]));
  const byId = new Map(categories.map((c) => [Number(c.id), c]));
  const subNames = new Map(subcategories.map((s) => [Number(s.id), localName(s, languageId)]));
  type Sub = { sub_category_id: number | null; name: string; total: number; months: number[] };
  const cats = new Map<number, { total: number; months: number[]; subs: Map<number, Sub> }>();
  for (const r of rows) {
    const categoryId = r.category_id;
    const subId = r.sub_category_id;
    if (categoryId !== 0 && !byId.has(categoryId)) continue;
    const v = r.value;
    if (v === 0) continue;
    const i = index.get(r.month) as number;
    let c = cats.get(categoryId);
    if (!c) {
      c = { total: 0, months: months.map(() => 0), subs: new Map() };
      cats.set(categoryId, c);
    }
    c.total += v;
    c.months[i] = (c.months[i] ?? 0) + v;
    let s = c.subs.get(subId);
    if (!s) {
      s = {
        sub_category_id: subId === 0 ? null : subId,
        name: subId === 0 ? '' : (subNames.get(subId) ?? ''),
        total: 0,
        months: months.map(() => 0),
      };
      c.subs.set(subId, s);
    }
    s.total += v;
    s.months[i] = (s.months[i] ?? 0) + v;
  }
  const total = [...cats.values()].reduce((sum, c) => sum + c.total, 0);
  const data = [...cats.entries()]
    .map(([id, c]) => {
      // Category 0: the expenses without a category, listed as "Uncategorised".
      const category = byId.get(id);
      return {
        category_id: category ? id : null,
        name: category ? localName(category, languageId) : uncategorisedName(languageId),
        color: category?.color ?? null,
        total: c.total,
        share: total > 0 ? Math.round((c.total * 1000) / total) / 10 : 0,
        months: c.months,
        subcategories: [...c.subs.values()].filter((s) => s.total !== 0).sort((a, b) => b.total - a.total),
      };
    })
    .sort((a, b) => b.total - a.total);
  return { basis, ...range, months, total, data };
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
  now = new Date(),
): Promise<DebtReport> {
  const current = currentMonth(now);
  let range: ResolvedRange;
  if (q.range === 'custom') range = resolveRange(q, now);
  else {
    const length =
      q.range === '3m' ? 3 : q.range === '6m' ? 6 : q.range === 'ytd' ? 13 - Number(current.slice(5)) : 12;
    range = { start: current, end: addMonths(current, length - 1) };
  }
  await seriesReadyThrough(db, userId, range.end, now);
  const sums = new Map(
    (await findMonthSums(db, userId, 'cash', range.start, range.end)).map((r) => [r.month, r]),
  );
  const months = monthsOf(range);
  const invoices = await outstandingByMonth(db, userId, months);
  let total = 0;
  const data = months.map((month) => {
    const installments = sums.get(month)?.unpaid_installments ?? 0;
    const owed = invoices.get(month) ?? 0;
    total += installments + owed;
    return { month, installments, invoices: owed, total: installments + owed };
  });
  return { ...range, data, total };
}

/** GET /report/investment: contributions (investment entries) per month and their running sum. */
export async function investmentReport(
  db: Db,
  userId: number,
  range: ResolvedRange,
  basis: ReportBasisName,
): Promise<InvestmentReport> {
  await seriesReadyThrough(db, userId, range.end);
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

// ---- POST /report ---------------------------------------------------------------------------------------

interface Figures {
  income: number;
  expense: number;
  investment: number;
  count: number;
}

/** Filter ids must be the user's (categories: visible ones); another user's id → 404 naming the field. */
async function checkCustomIds(db: Db, userId: number, f: CustomReportInput['filters']): Promise<void> {
  const [cards, accounts, tags, categories] = await Promise.all([
    f.card_ids ? findCards(db, userId, true) : undefined,
    f.account_ids ? findOwnedAccountIds(db, userId, f.account_ids) : undefined,
    f.tag_ids ? findOwnedTagIds(db, userId, f.tag_ids) : undefined,
    f.category_ids ? findVisibleCategories(db, userId) : undefined,
  ]);
  const ownCards = new Set(cards?.map((c) => c.id));
  if (f.card_ids?.some((id) => !ownCards.has(id))) throw notFound('cardNotFound', 'filters.card_ids');
  if (f.account_ids?.some((id) => !accounts?.has(id))) {
    throw notFound('accountNotFound', 'filters.account_ids');
  }
  if (f.tag_ids?.some((id) => !tags?.has(id))) throw notFound('tagNotFound', 'filters.tag_ids');
  if (f.category_ids) {
    const visible = new Set(categories?.map((c) => Number(c.id)));
    if (f.category_ids.some((id) => !visible.has(id)))
      throw notFound('categoryNotFound', 'filters.category_ids');
  }
}

/** Whether the aggregates answer the report: they have no account, card, tag or paid dimension. */
function aggregatesAnswer(body: CustomReportInput): boolean {
  const f = body.filters;
  return (
    ['category', 'subcategory', 'month'].includes(body.group_by) &&
    f.account_ids === undefined &&
    f.card_ids === undefined &&
    f.tag_ids === undefined &&
    f.paid === undefined
  );
}

/**
 * Rows keyed by the group: from the aggregates when they have the dimensions asked (category, subcategory,
 * month with category and operation filters), else one GROUP BY over the user's entries of the range
 * (entries_user_date): accounts, cards, tags and the paid flag are not dimensions of the aggregates
 * (docs/decisions/reports.md).
 */
async function customFigures(db: Db, userId: number, body: CustomReportInput): Promise<Map<string, Figures>> {
  const f = body.filters;
  const ops = new Set(f.operation_ids ?? [OPERATIONS.income, OPERATIONS.expense, OPERATIONS.investment]);
  const out = new Map<string, Figures>();
  const add = (key: string, fig: Figures) => {
    const cur = out.get(key) ?? { income: 0, expense: 0, investment: 0, count: 0 };
    cur.income += fig.income;
    cur.expense += fig.expense;
    cur.investment += fig.investment;
    cur.count += fig.count;
    out.set(key, cur);
  };
  if (aggregatesAnswer(body)) {
    const categories = f.category_ids ? new Set(f.category_ids) : undefined;
    for (const r of await findCategoryMonths(db, userId, body.basis, f.start, f.end)) {
      if (categories && !categories.has(r.category_id)) continue;
      const fig = {
        income: ops.has(OPERATIONS.income) ? r.income : 0,
        expense: ops.has(OPERATIONS.expense) ? r.expense : 0,
        investment: ops.has(OPERATIONS.investment) ? r.investment : 0,
        count:
          (ops.has(OPERATIONS.income) ? r.income_count : 0) +
          (ops.has(OPERATIONS.expense) ? r.expense_count : 0) +
          (ops.has(OPERATIONS.investment) ? r.investment_count : 0),
      };
      if (fig.count === 0 && fig.income === 0 && fig.expense === 0 && fig.investment === 0) continue;
      const key =
        body.group_by === 'month'
          ? r.month
          : body.group_by === 'category'
            ? String(r.category_id)
            : `${r.category_id}:${r.sub_category_id}`;
      add(key, fig);
    }
    return out;
  }
  // The cash basis reads card entries by invoice month, as reportMonths() does.
  const keyExpr =
    body.group_by === 'month'
      ? body.basis === 'cash'
        ? cashMonth
        : sql<string>`substr(e.date, 1, 7)`
      : body.group_by === 'category'
        ? sql<string>`cast(coalesce(e.category_id, 0) as text)`
        : body.group_by === 'subcategory'
          ? sql<string>`cast(coalesce(e.category_id, 0) as text) || ':' || cast(coalesce(e.sub_category_id, 0) as text)`
          : body.group_by === 'account'
            ? sql<string>`cast(coalesce(e.account_id, 0) as text)`
            : body.group_by === 'card'
              ? sql<string>`cast(coalesce(e.card_id, 0) as text)`
              : sql<string>`cast(t.tag_id as text)`;
  let query = inBasisRange(
    db.selectFrom('entries as e').where('e.user_id', '=', userId),
    body.basis,
    firstDayOfMonth(f.start),
    lastDayOfMonth(f.end),
  ).where(
    'e.operation_id',
    'in',
    [...ops].filter((o) => o !== OPERATIONS.transfer),
  );
  if (body.group_by === 'tag') {
    query = query.innerJoin('entry_tags as t', (j) =>
      j.onRef('t.entry_id', '=', 'e.id').on('t.user_id', '=', userId),
    );
  }
  if (f.account_ids) query = query.where('e.account_id', 'in', f.account_ids);
  if (f.card_ids) query = query.where('e.card_id', 'in', f.card_ids);
  if (f.category_ids) query = query.where('e.category_id', 'in', f.category_ids);
  if (f.paid !== undefined) query = query.where('e.paid', '=', f.paid ? 1 : 0);
  if (f.tag_ids) {
    const tagIds = f.tag_ids;
    query = query.where('e.id', 'in', (eb) =>
      eb
        .selectFrom('entry_tags')
        .select('entry_id')
        .where('user_id', '=', userId)
        .where('tag_id', 'in', tagIds),
    );
  }
  const rows = await query
    .select((eb) => [
      keyExpr.as('key'),
      eb.fn.sum<number>(sql`case when e.operation_id = 1 then e.value else 0 end`).as('income'),
      eb.fn.sum<number>(sql`case when e.operation_id = 2 then e.value else 0 end`).as('expense'),
      eb.fn.sum<number>(sql`case when e.operation_id = 3 then e.value else 0 end`).as('investment'),
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy(keyExpr)
    .execute();
  for (const r of rows) {
    add(String(r.key), {
      income: Number(r.income),
      expense: Number(r.expense),
      investment: Number(r.investment),
      count: Number(r.count),
    });
  }
  return out;
}

/** POST /report: the custom report's rows (sorted by key's label) and totals. */
export async function customReport(
  db: Db,
  userId: number,
  languageId: number,
  body: CustomReportInput,
): Promise<CustomReport> {
  await checkCustomIds(db, userId, body.filters);
  await seriesReadyThrough(db, userId, body.filters.end);
  const [figures, labels] = await Promise.all([
    customFigures(db, userId, body),
    groupLabels(db, userId, languageId, body.group_by),
  ]);
  const totals = { income: 0, expense: 0, investment: 0, result: 0, count: 0 };
  const rows = [...figures.entries()].map(([key, fig]) => {
    const result = fig.income - fig.expense - fig.investment;
    totals.income += fig.income;
    totals.expense += fig.expense;
    totals.investment += fig.investment;
    totals.result += result;
    totals.count += fig.count;
    return { key, label: labels(key), ...fig, result };
  });
  // Months in order; other groups by how much money moved through them, largest first.
  const size = (r: Figures) => r.income + r.expense + r.investment;
  rows.sort((a, b) =>
    body.group_by === 'month' ? (a.key < b.key ? -1 : 1) : size(b) - size(a) || (a.key < b.key ? -1 : 1),
  );
  return { basis: body.basis, group_by: body.group_by, rows, totals };
}

async function groupLabels(
  db: Db,
  userId: number,
  languageId: number,
  groupBy: CustomReportInput['group_by'],
): Promise<(key: string) => string> {
  if (groupBy === 'month') return (key) => key;
  if (groupBy === 'category' || groupBy === 'subcategory') {
    const [categories, subs] = await Promise.all([
      findVisibleCategories(db, userId),
      findVisibleSubcategories(db, userId),
    ]);
    const cat = new Map(categories.map((c) => [String(c.id), localName(c, languageId)]));
    const sub = new Map(subs.map((s) => [String(s.id), localName(s, languageId)]));
    const none = uncategorisedName(languageId);
    return (key) => {
      const [c, s] = key.split(':') as [string, string | undefined];
      const name = c === '0' ? none : (cat.get(c) ?? '');
      return s && s !== '0' ? `${name} / ${sub.get(s) ?? ''}` : name;
    };
  }
  if (groupBy === 'account') {
    const accounts = new Map((await findAccounts(db, userId, true)).map((a) => [String(a.id), a.name]));
    return (key) => accounts.get(key) ?? '';
  }
  if (groupBy === 'card') {
    const cards = new Map((await findCards(db, userId, true)).map((c) => [String(c.id), c.name]));
    return (key) => cards.get(key) ?? '';
  }
  if (groupBy === 'tag') {
    const tags = new Map((await findTags(db, userId)).map((t) => [String(t.id), t.name]));
    return (key) => tags.get(key) ?? '';
  }
  return () => '';
}
