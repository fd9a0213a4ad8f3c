import type { BudgetDashboard, CategoryDashboard, ReportBasisName } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { localName, uncategorisedName } from '../categories/categories.service.ts';
import { listCategoryBudgets, monthSpending, percentOf, sumValues } from './budgets.service.ts';

/** GET /budget/dashboard: the summary and the budgeted categories at ≥ 80 %, highest first (at most 5). */
export async function budgetDashboard(
  db: Db,
  userId: number,
  languageId: number,
  month: string,
): Promise<BudgetDashboard> {
  const list = await listCategoryBudgets(db, userId, languageId, month);
  const categories = list.data
    .filter((r) => r.budget_id !== null && !r.unbudgeted && r.budget > 0 && r.band !== 'within')
    .sort((a, b) => (b.percent ?? 0) - (a.percent ?? 0))
    .slice(0, 5);
  return { month, summary: list.summary, categories };
}

/** GET /category/dashboard: spending per expense category of the month in `basis`, with its share. */
export async function categoryDashboard(
  db: Db,
  userId: number,
  languageId: number,
  month: string,
  basis: ReportBasisName,
): Promise<CategoryDashboard> {
  const { categories, byCategory, uncategorised } = await monthSpending(db, userId, month, basis);
  const data: CategoryDashboard['data'] = categories.map((c) => ({
    category_id: Number(c.id),
    name: localName(c, languageId),
    color: c.color,
    value: sumValues(byCategory.get(Number(c.id))),
    share: 0,
  }));
  data.push({
    category_id: null,
    name: uncategorisedName(languageId),
    color: null,
    value: uncategorised,
    share: 0,
  });
  const shown = data.filter((r) => r.value !== 0).sort((a, b) => b.value - a.value);
  const total = shown.reduce((s, r) => s + r.value, 0);
  for (const r of shown) r.share = percentOf(r.value, total) ?? 0;
  return { month, basis, total, data: shown };
}
