import type { CustomReport } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { translate } from '../../lib/i18n.ts';
import { localeOf } from '../../lib/messages.ts';
import type { Cell, SheetFile } from '../../lib/sheet-export.ts';
import { findUserById } from '../identity/users.repository.ts';
import { CURRENCIES } from '../reference/reference.data.ts';

const COLUMNS = ['key', 'group', 'income', 'expense', 'investment', 'result', 'count'] as const;

/**
 * The custom report as a sheet for lib/sheet-export.ts (the one export path): headers and the sheet's name
 * in the user's language from the catalogues, amounts in minor units (the writer formats them: a decimal
 * comma and `;` in a Portuguese CSV, numbers in XLSX), the totals as the last row. A report is a few hundred
 * grouped rows at most: one page.
 */
export async function reportSheet(
  db: Db,
  userId: number,
  languageId: number,
  report: CustomReport,
  name: string,
): Promise<SheetFile> {
  const locale = localeOf(languageId);
  const t = (key: string) => translate(locale, `api:exports.${key}`);
  const user = await findUserById(db, userId);
  const currency = user ? CURRENCIES[user.currency_id - 1] : undefined;
  // Grouped by month the key is the month itself: one column, not the month twice (issue 23 #9).
  const keyed = report.rows.some((r) => r.key !== r.label);
  const rows: Cell[][] = report.rows.map((r) => [
    ...(keyed ? [r.key] : []),
    r.label,
    r.income,
    r.expense,
    r.investment,
    r.result,
    r.count,
  ]);
  const totals = report.totals;
  rows.push([
    ...(keyed ? [''] : []),
    t('total'),
    totals.income,
    totals.expense,
    totals.investment,
    totals.result,
    totals.count,
  ]);
  async function* one(): AsyncIterable<Cell[][]> {
    yield rows;
  }
  return {
    name,
    sheet: t('report.sheet'),
    locale,
    columns: COLUMNS.filter((key) => keyed || key !== 'key').map((key) => ({
      // The analysis page's file: its one column of months is headed "Mês", not "Grupo".
      header: t(`report.columns.${key === 'group' && report.group_by === 'month' ? 'month' : key}`),
      kind: key === 'key' || key === 'group' ? 'text' : key === 'count' ? 'count' : 'money',
    })),
    digits: currency?.[2] ?? 2,
    pages: one(),
  };
}
