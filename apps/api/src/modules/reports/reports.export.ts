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
  const rows: (string | number)[][] = report.rows.map((r) => [
    neutralise(r.key),
    neutralise(r.label),
    money(r.income),
    money(r.expense),
    money(r.investment),
    money(r.result),
    r.count,
  ]);
  const t = report.totals;
  rows.push([
    '',
    br ? TOTAL.br : TOTAL.en,
    money(t.income),
    money(t.expense),
    money(t.investment),
    money(t.result),
    t.count,
  ]);
  return { header: br ? HEADERS.br : HEADERS.en, rows, digits, br };
}

/**
 * CSV like the entries export (entries.export.ts toCsv): in Português `;` between fields and a decimal comma
 * (`1234,56`), since a comma is its decimal separator; `,` and `1234.56` in English.
 */
export async function sheetToCsv(header: string[], rows: (string | number)[][], br = false): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  const cell = (value: string | number) =>
    typeof value === 'number' && br ? String(value).replace('.', ',') : value;
  return stringify([header, ...rows.map((row) => row.map(cell))], { delimiter: br ? ';' : ',' });
}

export async function sheetToXlsx(
  header: string[],
  rows: (string | number)[][],
  digits: number,
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Report');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  const format = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  for (const column of [3, 4, 5, 6]) sheet.getColumn(column).numFmt = format;
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
