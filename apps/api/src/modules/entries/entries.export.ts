import { centsToDecimalString, type EntryFilters, LANGUAGE_IDS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { findAccounts } from '../accounts/accounts.repository.ts';
import { findVisibleCategories, findVisibleSubcategories } from '../categories/categories.repository.ts';
import { findUserById } from '../identity/users.repository.ts';
import { CURRENCIES } from '../reference/reference.data.ts';
import { findTags } from '../tags/tags.repository.ts';
import { type EntryRow, findEntries, parseTagIds } from './entries.repository.ts';
import { toEntryQuery } from './queries.service.ts';

/**
 * Spreadsheet formula injection (QUALITY.md): a text cell starting with = + - @, tab or CR is prefixed with
 * a single quote so Excel/LibreOffice show it as text. Amounts are written as numbers and never touched.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const OPERATION_NAMES: Record<number, [en: string, br: string]> = {
  1: ['Income', 'Receita'],
  2: ['Expense', 'Despesa'],
  3: ['Investment', 'Investimento'],
  4: ['Transfer', 'Transferência'],
};

const HEADERS = {
  en: [
    'Date',
    'Description',
    'Operation',
    'Category',
    'Subcategory',
    'Account',
    'Destination account',
    'Value',
    'Paid',
    'Tags',
    'Notes',
  ],
  br: [
    'Data',
    'Descrição',
    'Operação',
    'Categoria',
    'Subcategoria',
    'Conta',
    'Conta de destino',
    'Valor',
    'Pago',
    'Tags',
    'Observações',
  ],
};

/** Value is a number of currency units (exact: built from the decimal string of the minor units). */
type Cell = string | number;

/** The minor-unit digits of the user's currency (currency ids are positions in CURRENCIES, migration 002). */
async function currencyDigits(db: Db, userId: number): Promise<number> {
  const user = await findUserById(db, userId);
  return (user && CURRENCIES[user.currency_id - 1]?.[2]) ?? 2;
}

/** The user's entries matching the filters as rows of cells; only the user's rows (every query is scoped). */
export async function exportRows(
  db: Db,
  userId: number,
  languageId: number,
  filters: EntryFilters,
): Promise<{ header: string[]; rows: Cell[][]; digits: number }> {
  const query = await toEntryQuery(db, userId, filters);
  return entryCells(db, userId, languageId, await findEntries(db, userId, query));
}

/** Entries as rows of cells in the user's language (the entries export and the invoice export). */
export async function entryCells(
  db: Db,
  userId: number,
  languageId: number,
  entries: readonly EntryRow[],
): Promise<{ header: string[]; rows: Cell[][]; digits: number }> {
  const br = languageId === LANGUAGE_IDS.br;
  const [accounts, categories, subcategories, tags, digits] = await Promise.all([
    findAccounts(db, userId, true),
    findVisibleCategories(db, userId),
    findVisibleSubcategories(db, userId),
    findTags(db, userId),
    currencyDigits(db, userId),
  ]);
  const name = (row: { name: string; name_br?: string | null }) =>
    br && row.name_br ? row.name_br : row.name;
  const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
  const categoryNames = new Map(categories.map((c) => [c.id, name(c)]));
  const subcategoryNames = new Map(subcategories.map((s) => [s.id, name(s)]));
  const tagNames = new Map(tags.map((t) => [t.id, t.name]));
  const text = (value: string | null | undefined) => neutralise(value ?? '');
  const rows = entries.map((e): Cell[] => [
    e.date,
    text(e.description),
    (OPERATION_NAMES[e.operation_id] ?? ['', ''])[br ? 1 : 0],
    text(e.category_id ? categoryNames.get(e.category_id) : ''),
    text(e.sub_category_id ? subcategoryNames.get(e.sub_category_id) : ''),
    text(e.account_id ? accountNames.get(e.account_id) : ''),
    text(e.destination_account_id ? accountNames.get(e.destination_account_id) : ''),
    Number(centsToDecimalString(e.value, digits)),
    e.paid === 1 ? (br ? 'sim' : 'yes') : br ? 'não' : 'no',
    text(
      parseTagIds(e.tag_ids)
        .map((t) => tagNames.get(t) ?? '')
        .join(', '),
    ),
    text(e.notes),
  ]);
  return { header: br ? HEADERS.br : HEADERS.en, rows, digits };
}

// The CSV and XLSX writers are imported on first export: exceljs alone took longer to load than the rest of
// the server's start-up together.
export async function toCsv(header: string[], rows: Cell[][]): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  // Numbers are written unquoted with a dot decimal separator ("1234.5" → "1234.50" is not needed: numeric).
  return stringify([header, ...rows]);
}

/** `digits`: the currency's minor-unit digits, shown by the value column's number format (¥1,234; R$ 1.234,56). */
export async function toXlsx(header: string[], rows: Cell[][], digits = 2): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Entries');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  sheet.getColumn(8).numFmt = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
