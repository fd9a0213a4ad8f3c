import { paths } from '../app/paths.ts';

/** The entries-list filters a figure was computed with (the API's GET /entry filters). */
export interface DrillDown {
  month?: string;
  start_month?: string;
  end_month?: string;
  basis?: 'accrual' | 'cash';
  /** null: the entries without a category ("Uncategorised"). */
  category_id?: number | null;
  sub_category_id?: number | null;
  operation_id?: number;
  paid?: boolean;
}

/**
 * The entries list showing exactly the entries a figure sums (DESIGN.md §4 "Dashboard"): the same filters the
 * API computed it with. A null subcategory means the entries without one; a null category the entries without
 * a category, expenses only (the spending figure of "Uncategorised").
 */
export function drillDownHref(d: DrillDown): string {
  const params = new URLSearchParams();
  const month = d.month ?? d.end_month;
  if (month) params.set('month', month);
  if (d.category_id === null) params.set('without_category', 'true');
  else if (d.category_id !== undefined) params.set('category_id', String(d.category_id));
  // Spending without a category counts expenses only (income without one is no refund): its list too.
  const operation = d.operation_id ?? (d.category_id === null ? 2 : undefined);
  if (operation !== undefined) params.set('operation_id', String(operation));
  if (d.paid !== undefined) params.set('paid', String(d.paid));
  // Uncategorised entries have no subcategory either: the category filter alone says it.
  if (d.sub_category_id === null) {
    if (d.category_id !== null) params.set('without_subcategory', 'true');
  } else if (d.sub_category_id !== undefined) params.set('sub_category_id', String(d.sub_category_id));
  if (d.start_month && d.end_month) {
    params.set('start_month', d.start_month);
    params.set('end_month', d.end_month);
  }
  if (d.basis) params.set('basis', d.basis);
  return `${paths.entriesList}?${params.toString()}`;
}
