import {
  type CustomReport,
  type CustomReportInput,
  firstDayOfMonth,
  lastDayOfMonth,
  OPERATIONS,
} from '@centavo/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { findAccounts, findOwnedAccountIds } from '../accounts/accounts.repository.ts';
import { findCards } from '../cards/cards.repository.ts';
import { findVisibleCategories, findVisibleSubcategories } from '../categories/categories.repository.ts';
import { localName, uncategorisedName } from '../categories/categories.service.ts';
import { cashMonth, inBasisRange } from '../entries/entries.repository.ts';
import { findCategoryMonths } from '../money-core/category-totals.repository.ts';
import { findOwnedTagIds } from '../money-core/entry-rows.repository.ts';
import { materialiseSeriesThrough } from '../money-core/series.ts';
import { findTags } from '../tags/tags.repository.ts';

// POST /report: the custom report (DESIGN.md §4 "Reports"), from the aggregates when its filters allow, else
// from the entries.

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
  // An income in an expense category is a refund: it lowers expense and is never income (DESIGN.md §4), as
  // in the aggregates the other path reads.
  const refund = sql`(e.operation_id = 1 and exists (select 1 from categories rc where rc.id = e.category_id and rc.type = 'expense'))`;
  const rows = await query
    .select((eb) => [
      keyExpr.as('key'),
      eb.fn
        .sum<number>(sql`case when ${refund} then 0 when e.operation_id = 1 then e.value else 0 end`)
        .as('income'),
      eb.fn
        .sum<number>(sql`case when ${refund} then -e.value when e.operation_id = 2 then e.value else 0 end`)
        .as('expense'),
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
/**
 * An empty id list filters nothing, like a missing one: `account_id in ()` is not SQL (PostgreSQL answered
 * 500 where SQLite matched nothing), and "no account chosen" means every account (issue 17).
 */
function withoutEmptyLists(body: CustomReportInput): CustomReportInput {
  const filters = { ...body.filters };
  for (const key of ['account_ids', 'card_ids', 'category_ids', 'tag_ids', 'operation_ids'] as const) {
    if (filters[key]?.length === 0) delete filters[key];
  }
  return { ...body, filters };
}

export async function customReport(
  db: Db,
  userId: number,
  languageId: number,
  input: CustomReportInput,
): Promise<CustomReport> {
  const body = withoutEmptyLists(input);
  await checkCustomIds(db, userId, body.filters);
  await materialiseSeriesThrough(db, userId, body.filters.end);
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
