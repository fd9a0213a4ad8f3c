import { describe, expect, it } from 'vitest';
import { drillDownHref } from './drill-down.ts';

describe('drillDownHref', () => {
  it('links a category figure to its entries, a null subcategory to those without one', () => {
    expect(drillDownHref({ month: '2026-11', category_id: 3, sub_category_id: null, basis: 'accrual' })).toBe(
      '/entries/list?month=2026-11&category_id=3&without_subcategory=true&basis=accrual',
    );
  });

  it('links "Uncategorised" spending to the expenses without a category', () => {
    expect(
      drillDownHref({ month: '2026-11', category_id: null, sub_category_id: null, basis: 'accrual' }),
    ).toBe('/entries/list?month=2026-11&without_category=true&operation_id=2&basis=accrual');
  });
});
