import { paths } from '../app/paths.ts';

/** The entries-list filters a figure was computed with (the API's GET /entry filters). */
export interface DrillDown {
  month?: string;
  start_month?: string;
  end_month?: string;
  basis?: 'accrual' | 'cash';
  category_id?: number;
  sub_category_id?: number | null;
  operation_id?: number;
  paid?: boolean;
}

/**
 * The entries list showing exactly the entries a figure sums (DESIGN.md §4 "Dashboard"): the same filters the
 * API computed it with. A null subcategory means the entries without one.
 */
export function drillDownHref(d: DrillDown): string {
  const params = new URLSearchParams();
  const month = d.month ?? d.end_month;
  if (month) params.set('month', month);
  if (d.category_id !== undefined) params.set('category_id', String(d.category_id));
  if (d.operation_id !== undefined) params.set('operation_id', String(d.operation_id));
  if (d.paid !== undefined) params.set('paid', String(d.paid));
  if (d.sub_category_id === null) params.set('without_subcategory', 'true');
  else if (d.sub_category_id !== undefined) params.set('sub_category_id', String(d.sub_category_id));
  if (d.start_month && d.end_month) {
    params.set('start_month', d.start_month);
    params.set('end_month', d.end_month);
  }
  if (d.basis) params.set('basis', d.basis);
  return `${paths.entriesList}?${params.toString()}`;
}
