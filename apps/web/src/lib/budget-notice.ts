import { type CategoryBudgetList, type Entry, OPERATIONS } from '@centavo/shared';
import { apiRequest } from './api-client.ts';
import { i18n } from './i18n.ts';
import { intlLocale, localeOfLanguage } from './locale.ts';
import { formatMonthInSentence } from './months.ts';
import { toastNotice } from './toasts.ts';

/**
 * After an expense is saved (DESIGN.md §4 "Budgets": alerts are derived, never stored): when its category's
 * budget for the entry's month is now near (≥ 80 %) or over (> 100 %), says so. Quiet on any failure: the
 * entry is saved either way.
 */
export async function budgetNotice(entry: Entry): Promise<void> {
  if (entry.operation_id !== OPERATIONS.expense || entry.category_id === null) return;
  const month = entry.date.slice(0, 7);
  try {
    const [list] = await Promise.all([
      apiRequest<CategoryBudgetList>('/category/budget', { query: { month } }),
      i18n.loadNamespaces('reports'),
    ]);
    const row = list.data.find((r) => r.category_id === entry.category_id);
    if (!row || row.percent === null || row.band === 'within') return;
    const locale = intlLocale(localeOfLanguage(i18n.language));
    toastNotice(
      i18n.t(row.band === 'over' ? 'reports:budget.overNotice' : 'reports:budget.nearNotice', {
        name: row.name,
        percent: row.percent.toLocaleString(locale),
        month: formatMonthInSentence(month, locale),
      }),
    );
  } catch {
    // The notice is a courtesy; the save already succeeded and said so.
  }
}
