import { type CategoryBudgetRow, categoryBudgetListSchema, categoryListSchema } from '@centavo/shared';
import { valid } from '../../../test/render-page.tsx';

export const MONTH = '2026-03';

export function row(fields: Partial<CategoryBudgetRow> & Pick<CategoryBudgetRow, 'category_id' | 'name'>) {
  return {
    color: '#2f9e44',
    icon: null,
    budget_id: null,
    budget: 0,
    spent: 0,
    remaining: 0,
    percent: null,
    band: 'within' as const,
    unbudgeted: false,
    subcategories: [],
    ...fields,
  };
}

/** March as GET /category/budget answers it: one category near its limit, one over, one without a budget. */
export const MARCH = valid(categoryBudgetListSchema, {
  month: MONTH,
  summary: { planned: 230000, spent: 248500, available: -18500, within: 0, near: 1, over: 1 },
  limit: null,
  data: [
    row({
      category_id: 10,
      name: 'Groceries',
      budget_id: 1,
      budget: 80000,
      spent: 70000,
      remaining: 10000,
      percent: 87.5,
      band: 'near',
      subcategories: [
        { sub_category_id: 101, name: 'Supermarket', spent: 62000 },
        { sub_category_id: null, name: '', spent: 8000 },
      ],
    }),
    row({
      category_id: 11,
      name: 'Rent',
      budget_id: 2,
      budget: 150000,
      spent: 162000,
      remaining: -12000,
      percent: 108,
      band: 'over',
    }),
    row({
      category_id: 12,
      name: 'Leisure',
      spent: 12000,
      remaining: -12000,
      band: 'over',
      unbudgeted: true,
    }),
    row({ category_id: 13, name: 'Old hobby', color: null }),
    row({
      category_id: null,
      name: 'Uncategorised',
      color: null,
      spent: 4500,
      band: 'over',
      unbudgeted: true,
    }),
  ],
});

/** Leisure and Old hobby are hidden from the pickers; Leisure has spending, so it stays. */
export const CATEGORIES = valid(categoryListSchema, {
  data: [10, 11, 12, 13].map((id) => ({
    id,
    name: MARCH.data.find((r) => r.category_id === id)?.name ?? '',
    type: 'expense' as const,
    color: null,
    icon: null,
    system: false,
    hidden: id === 12 || id === 13,
    subcategories: [],
  })),
});
