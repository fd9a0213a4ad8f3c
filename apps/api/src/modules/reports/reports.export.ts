import { type CustomReport, centsToDecimalString, LANGUAGE_IDS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { neutralise } from '../../lib/spreadsheet.ts';
import { findUserById } from '../identity/users.repository.ts';
import { CURRENCIES } from '../reference/reference.data.ts';

const HEADERS = {
  en: ['Key', 'Group', 'Income', 'Expense', 'Investment', 'Result', 'Entries'],
  br: ['Chave', 'Grupo', 'Receita', 'Despesa', 'Investimento', 'Resultado', 'Lançamentos'],
};
const TOTAL = { en: 'Total', br: 'Total' };

async function currencyDigits(db: Db, userId: number): Promise<number> {
  const user = await findUserById(db, userId);
  return (user && CURRENCIES[user.currency_id - 1]?.[2]) ?? 2;
}

/**
 * The custom report as a sheet: text cells neutralised against formula injection (a tag or account name may
 * begin with = + - @), amounts as numbers of currency units, exact from the cents' decimal string.
 */
export async function reportSheet(db: Db, userId: number, languageId: number, report: CustomReport) {
  const br = languageId === LANGUAGE_IDS.br;
  const digits = await currencyDigits(db, userId);
  const money = (cents: number) => Number(centsToDecimalString(cents, digits));
  // Grouped by month the key is the month itself: one column, not the month twice (issue 23 #9).
  const keyed = report.rows.some((r) => r.key !== r.label);
  const rows: (string | number)[][] = report.rows.map((r) => [
    ...(keyed ? [neutralise(r.key)] : []),
    neutralise(r.label),
    money(r.income),
    money(r.expense),
    money(r.investment),
    money(r.result),
    r.count,
  ]);
  const t = report.totals;
  rows.push([
    ...(keyed ? [''] : []),
    br ? TOTAL.br : TOTAL.en,
    money(t.income),
    money(t.expense),
    money(t.investment),
    money(t.result),
    t.count,
  ]);
  const header = (br ? HEADERS.br : HEADERS.en).slice(keyed ? 0 : 1);
  const first = keyed ? 2 : 1;
  return { header, rows, digits, br, moneyColumns: [first, first + 1, first + 2, first + 3] };
}

/**
 * CSV a spreadsheet of the user's language reads as numbers: in Português `;` between fields and amounts as
 * `8.089,50` (a comma is its decimal separator), `,` and `8089.50` in English; amounts keep the currency's
 * digits (`8089.5` lost one, issue 23 #9). `moneyColumns`: the amount columns (the rest are counts or text).
 */
export async function sheetToCsv(
  header: string[],
  rows: (string | number)[][],
  br = false,
  money: { digits: number; columns: readonly number[] } = { digits: 2, columns: [] },
): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  const amount = new Intl.NumberFormat(br ? 'pt-BR' : 'en-US', {
    minimumFractionDigits: money.digits,
    maximumFractionDigits: money.digits,
    useGrouping: br,
  });
  const cell = (value: string | number, column: number) =>
    typeof value !== 'number' ? value : money.columns.includes(column) ? amount.format(value) : String(value);
  return stringify([header, ...rows.map((row) => row.map(cell))], { delimiter: br ? ';' : ',' });
}

export async function sheetToXlsx(
  header: string[],
  rows: (string | number)[][],
  digits: number,
  money: readonly number[],
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Report');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  const format = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  for (const column of money) sheet.getColumn(column + 1).numFmt = format;
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
