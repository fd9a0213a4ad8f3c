import {
  addMonths,
  type Budget,
  type BudgetBatchResult,
  type BudgetLimitStatus,
  type BudgetSummary,
  budgetBand,
  type CategoryBudgetList,
  type CategoryBudgetRow,
  type ReportBasisName,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound, validationError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { findVisibleCategories, findVisibleSubcategories } from '../categories/categories.repository.ts';
import { localName, uncategorisedName } from '../categories/categories.service.ts';
import { findCategoryMonths } from '../money-core/category-totals.repository.ts';
import { materialiseSeriesThrough } from '../money-core/series.ts';
import { findBudgetLimits } from './budget-limits.repository.ts';
import { addResults, eraseBudgetLimit, replicateBudgetLimit } from './budget-limits.service.ts';
import {
  type BudgetRow,
  eraseMonth,
  findBudget,
  findBudgetsOfMonths,
  insertBudgets,
  updateBudget,
} from './budgets.repository.ts';

export function toBudget(row: BudgetRow): Budget {
  return {
    id: row.id,
    category_id: row.category_id,
    month: row.month,
    value: row.value,
    active: row.active === 1,
  };
}

/** One decimal of a percentage, or null without a base. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;
}

/**
 * Spending per (category, subcategory) of one month and basis, from the aggregates: expense − income, so a
 * refund (income in an expense category, a card "estorno") subtracts. Only expense categories count, and
 * `uncategorised`: the expenses without a category (aggregate rows of category 0). Income without a category
 * is income, not a refund, so it never lowers that figure (docs/decisions/uncategorised.md).
 */
export async function monthSpending(db: Db, userId: number, month: string, basis: ReportBasisName) {
  // Fixed series are materialised lazily: a month ahead must have its occurrences before it is summed.
  await materialiseSeriesThrough(db, userId, month);
  const [rows, categories] = await Promise.all([
    findCategoryMonths(db, userId, basis, month, month),
    findVisibleCategories(db, userId, 'expense'),
  ]);
  const expenseIds = new Set(categories.map((c) => Number(c.id)));
  const byCategory = new Map<number, Map<number, number>>();
  let uncategorised = 0;
  for (const r of rows) {
    if (r.category_id === 0) uncategorised += r.expense;
    if (!expenseIds.has(r.category_id)) continue;
    const subs = byCategory.get(r.category_id) ?? new Map<number, number>();
    subs.set(r.sub_category_id, (subs.get(r.sub_category_id) ?? 0) + r.expense - r.income);
    byCategory.set(r.category_id, subs);
  }
  return { categories, byCategory, uncategorised };
}

export const sumValues = (m: Map<number, number> | undefined) =>
  [...(m?.values() ?? [])].reduce((s, v) => s + v, 0);

/** GET /category/budget?month=: every expense category with its budget and spending, and the summary. */
export async function listCategoryBudgets(
  db: Db,
  userId: number,
  languageId: number,
  month: string,
): Promise<CategoryBudgetList> {
  const [{ categories, byCategory, uncategorised }, budgets, subcategories, [limit]] = await Promise.all([
    monthSpending(db, userId, month, 'accrual'),
    findBudgetsOfMonths(db, userId, month, month),
    findVisibleSubcategories(db, userId),
    findBudgetLimits(db, userId, month, month),
  ]);
  const budgetOf = new Map(budgets.map((b) => [b.category_id, b]));
  const subNames = new Map(subcategories.map((s) => [Number(s.id), localName(s, languageId)]));
  const data: CategoryBudgetRow[] = categories.map((c) => {
    const id = Number(c.id);
    const row = budgetOf.get(id);
    const active = row !== undefined && row.active === 1;
    const budget = active ? row.value : 0;
    const subs = byCategory.get(id);
    const spent = sumValues(subs);
    return {
      category_id: id,
      name: localName(c, languageId),
      color: c.color,
      icon: c.icon,
      budget_id: row?.id ?? null,
      budget,
      spent,
      remaining: budget - spent,
      percent: active ? percentOf(spent, budget) : null,
      band: budgetBand(budget, spent),
      unbudgeted: !active && spent !== 0,
      subcategories: [...(subs?.entries() ?? [])]
        .filter(([, v]) => v !== 0)
        .map(([subId, v]) => ({
          sub_category_id: subId === 0 ? null : subId,
          name: subId === 0 ? '' : (subNames.get(subId) ?? ''),
          spent: v,
        }))
        .sort((a, b) => b.spent - a.spent),
    };
  });
  // Spending without a category is listed too, as its own flagged row (it can have no budget).
  if (uncategorised !== 0) data.push(uncategorisedRow(languageId, uncategorised));
  const activeIds = new Set(budgets.filter((b) => b.active === 1).map((b) => b.category_id));
  const summary = summarise(data, activeIds);
  return { month, summary, limit: limit ? limitStatus(limit.value, summary.spent) : null, data };
}

/** The month's overall limit against the summary's spending, banded as a category's budget. */
function limitStatus(value: number, spent: number): BudgetLimitStatus {
  return {
    value,
    spent,
    remaining: value - spent,
    percent: percentOf(spent, value),
    band: budgetBand(value, spent),
  };
}

/** The budget page's row of the month's expenses without a category: no budget, always flagged. */
function uncategorisedRow(languageId: number, spent: number): CategoryBudgetRow {
  return {
    category_id: null,
    name: uncategorisedName(languageId),
    color: null,
    icon: null,
    budget_id: null,
    budget: 0,
    spent,
    remaining: -spent,
    percent: null,
    band: budgetBand(0, spent),
    unbudgeted: true,
    subcategories: [],
  };
}

/**
 * planned: Σ active budgets; spent: all spending of the month in expense categories (accrual), budgeted or
 * not (its drill-down is the month's expense entries); available = planned − spent; within/near/over count
 * the budgeted categories by band.
 */
function summarise(rows: CategoryBudgetRow[], activeIds: Set<number>): BudgetSummary {
  const summary: BudgetSummary = { planned: 0, spent: 0, available: 0, within: 0, near: 0, over: 0 };
  for (const r of rows) {
    summary.spent += r.spent;
    if (r.category_id === null || !activeIds.has(r.category_id)) continue;
    summary.planned += r.budget;
    summary[r.band] += 1;
  }
  summary.available = summary.planned - summary.spent;
  return summary;
}

export async function getBudget(db: Db, userId: number, id: number): Promise<Budget> {
  const row = await findBudget(db, userId, id);
  if (!row) throw notFound('budgetNotFound');
  return toBudget(row);
}

async function expenseCategoryOr404(db: Db, userId: number, categoryId: number): Promise<void> {
  const categories = await findVisibleCategories(db, userId);
  const category = categories.find((c) => Number(c.id) === categoryId);
  if (!category) throw notFound('categoryNotFound', 'category_id');
  if (category.type !== 'expense') throw validationError({ category_id: 'categoryMustBeExpense' });
}

export async function createBudget(
  db: Db,
  userId: number,
  body: { category_id: number; month: string; value: number; active: boolean },
): Promise<Budget> {
  return inTransaction(db, async (trx) => {
    await expenseCategoryOr404(trx, userId, body.category_id);
    const existing = (await findBudgetsOfMonths(trx, userId, body.month, body.month)).find(
      (b) => b.category_id === body.category_id,
    );
    if (existing) throw conflict('budgetExists', undefined, { category_id: 'alreadyExists' });
    const now = nowIso();
    // The same budget created twice at once: the second insert writes nothing and answers 409 like a
    // request that came after the first.
    const [id] = await insertBudgets(
      trx,
      [
        {
          user_id: userId,
          category_id: body.category_id,
          month: body.month,
          value: body.value,
          active: body.active ? 1 : 0,
          created_at: now,
          updated_at: now,
        },
      ],
      { skipExisting: true },
    );
    if (id === undefined) throw conflict('budgetExists', undefined, { category_id: 'alreadyExists' });
    return {
      id,
      category_id: body.category_id,
      month: body.month,
      value: body.value,
      active: body.active,
    };
  });
}

export async function editBudget(
  db: Db,
  userId: number,
  id: number,
  body: { value?: number | undefined; active?: boolean | undefined },
): Promise<Budget> {
  return inTransaction(db, async (trx) => {
    const row = await findBudget(trx, userId, id);
    if (!row) throw notFound('budgetNotFound');
    const changes = {
      value: body.value ?? row.value,
      active: body.active === undefined ? row.active : body.active ? 1 : 0,
    };
    await updateBudget(trx, userId, id, { ...changes, updated_at: nowIso() });
    return toBudget({ ...row, ...changes });
  });
}

/**
 * Sets budgets of `months` to `values` (category → value) in one transaction: a month's existing budget is
 * kept unless `overwrite` (then set to the value and made active). An erased budget (active 0) is no budget:
 * it is set like a missing one and counted as created.
 */
export async function writeBudgets(
  trx: Db,
  userId: number,
  months: string[],
  values: Map<number, number>,
  overwrite: boolean,
): Promise<BudgetBatchResult> {
  const result: BudgetBatchResult = { created: 0, updated: 0, skipped: 0 };
  if (months.length === 0 || values.size === 0) return result;
  const existing = await findBudgetsOfMonths(trx, userId, months[0] as string, months.at(-1) as string, {
    lock: true,
  });
  const byKey = new Map(existing.map((b) => [`${b.month}|${b.category_id}`, b]));
  const now = nowIso();
  const inserts = [];
  for (const month of months) {
    for (const [categoryId, value] of values) {
      const current = byKey.get(`${month}|${categoryId}`);
      if (!current) {
        inserts.push({
          user_id: userId,
          category_id: categoryId,
          month,
          value,
          active: 1,
          created_at: now,
          updated_at: now,
        });
        result.created += 1;
      } else if (current.active === 0) {
        await updateBudget(trx, userId, current.id, { value, active: 1, updated_at: now });
        result.created += 1;
      } else if (overwrite) {
        await updateBudget(trx, userId, current.id, { value, active: 1, updated_at: now });
        result.updated += 1;
      } else {
        result.skipped += 1;
      }
    }
  }
  // A budget a concurrent replication or fill created meanwhile is kept as it wrote it, as if this request had
  // come second: counted as skipped (not overwritten: the other request's value is as recent as ours).
  const written = await insertBudgets(trx, inserts, { skipExisting: true });
  result.created -= inserts.length - written.length;
  result.skipped += inserts.length - written.length;
  return result;
}

/** POST /budget/replicate: the month's active budgets copied to every following month through `to_month`. */
export async function replicateBudgets(
  db: Db,
  userId: number,
  body: { month: string; to_month: string; overwrite: boolean },
): Promise<BudgetBatchResult> {
  return inTransaction(db, async (trx) => {
    const source = (await findBudgetsOfMonths(trx, userId, body.month, body.month)).filter(
      (b) => b.active === 1,
    );
    const months: string[] = [];
    for (let m = addMonths(body.month, 1); m <= body.to_month; m = addMonths(m, 1)) months.push(m);
    const values = new Map(source.map((b) => [b.category_id, b.value]));
    const budgets = await writeBudgets(trx, userId, months, values, body.overwrite);
    // The month's overall limit replicates with its budgets, counted as one more budget.
    return addResults(budgets, await replicateBudgetLimit(trx, userId, body.month, months, body.overwrite));
  });
}

/** GET /budget/deleteByMonth/?month=: erases the month's budgets (value 0, active 0) and its overall limit. */
export async function eraseBudgetsOfMonth(db: Db, userId: number, month: string): Promise<BudgetBatchResult> {
  return inTransaction(db, async (trx) => {
    const updated =
      (await eraseMonth(trx, userId, month, nowIso())) + (await eraseBudgetLimit(trx, userId, month));
    return { created: 0, updated, skipped: 0 };
  });
}
