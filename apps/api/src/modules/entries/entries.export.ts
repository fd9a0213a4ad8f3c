import { centsToDecimalString, type EntryFilters, LANGUAGE_IDS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { neutralise } from '../../lib/spreadsheet.ts';
import { findAccounts } from '../accounts/accounts.repository.ts';
import { findCards } from '../cards/cards.repository.ts';
import { findVisibleCategories, findVisibleSubcategories } from '../categories/categories.repository.ts';
import { uncategorisedName } from '../categories/categories.service.ts';
import { findUserById } from '../identity/users.repository.ts';
import { type EntryRow, parseTagIds } from '../money-core/entry-rows.repository.ts';
import { CURRENCIES } from '../reference/reference.data.ts';
import { findTags } from '../tags/tags.repository.ts';
import { findEntries } from './entries.repository.ts';
import { toEntryQuery } from './queries.service.ts';

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
    'Installment',
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
    'Parcela',
    'Tags',
    'Observações',
  ],
};

/** Column positions (0-based) the writers format. */
export const COLUMNS = { date: 0, value: 7, paid: 8 } as const;

/**
 * One exported entry: text cells already neutralised, the date as YYYY-MM-DD and the value in signed minor
 * units (expenses and investments negative, issue 13 #11), so each writer formats them for its file.
 */
export interface ExportRow {
  date: string;
  cells: [string, string, string, string, string, string];
  cents: number;
  paid: boolean;
  installment: string;
  tags: string;
  notes: string;
}

export interface ExportData {
  br: boolean;
  header: string[];
  rows: ExportRow[];
  digits: number;
  currency: string;
}

/** The user's currency (code and minor-unit digits; currency ids are positions in CURRENCIES, migration 002). */
export async function userCurrency(db: Db, userId: number): Promise<{ code: string; digits: number }> {
  const user = await findUserById(db, userId);
  const currency = user ? CURRENCIES[user.currency_id - 1] : undefined;
  return { code: currency?.[0] ?? 'BRL', digits: currency?.[2] ?? 2 };
}

/** Money leaving the user's hands is negative in the file, as a spreadsheet sums it. */
function signed(operationId: number, cents: number): number {
  return operationId === 2 || operationId === 3 ? -cents : cents;
}

/** The user's entries matching the filters; only the user's rows (every query is scoped). */
export async function exportRows(
  db: Db,
  userId: number,
  languageId: number,
  filters: EntryFilters,
): Promise<ExportData> {
  const query = await toEntryQuery(db, userId, filters);
  return entryCells(db, userId, languageId, await findEntries(db, userId, query));
}

/** Entries as rows in the user's language (the entries export and the invoice export). */
export async function entryCells(
  db: Db,
  userId: number,
  languageId: number,
  entries: readonly EntryRow[],
): Promise<ExportData> {
  const br = languageId === LANGUAGE_IDS.br;
  const [accounts, cards, categories, subcategories, tags, currency] = await Promise.all([
    findAccounts(db, userId, true),
    findCards(db, userId, true),
    findVisibleCategories(db, userId),
    findVisibleSubcategories(db, userId),
    findTags(db, userId),
    userCurrency(db, userId),
  ]);
  const name = (row: { name: string; name_br?: string | null }) =>
    br && row.name_br ? row.name_br : row.name;
  const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
  const cardNames = new Map(cards.map((c) => [c.id, c.name]));
  // A card purchase's "account" is its card; an invoice payment goes from its account to the card (issue 23 #1).
  const accountCell = (e: EntryRow) =>
    e.account_id ? accountNames.get(e.account_id) : e.card_id ? cardNames.get(e.card_id) : '';
  const destinationCell = (e: EntryRow) =>
    e.destination_account_id
      ? accountNames.get(e.destination_account_id)
      : e.invoice_id !== null && e.card_id
        ? cardNames.get(e.card_id)
        : '';
  const categoryNames = new Map(categories.map((c) => [c.id, name(c)]));
  const subcategoryNames = new Map(subcategories.map((s) => [s.id, name(s)]));
  const tagNames = new Map(tags.map((t) => [t.id, t.name]));
  const text = (value: string | null | undefined) => neutralise(value ?? '');
  const uncategorised = uncategorisedName(languageId);
  const rows = entries.map(
    (e): ExportRow => ({
      date: e.date,
      cells: [
        text(e.description),
        (OPERATION_NAMES[e.operation_id] ?? ['', ''])[br ? 1 : 0],
        text(e.category_id ? categoryNames.get(e.category_id) : uncategorised),
        text(e.sub_category_id ? subcategoryNames.get(e.sub_category_id) : ''),
        text(accountCell(e)),
        text(destinationCell(e)),
      ],
      cents: signed(e.operation_id, e.value),
      paid: e.paid === 1,
      installment:
        e.installment_number !== null && e.installment_count !== null
          ? `${e.installment_number}/${e.installment_count}`
          : '',
      tags: text(
        parseTagIds(e.tag_ids)
          .map((t) => tagNames.get(t) ?? '')
          .join(', '),
      ),
      notes: text(e.notes),
    }),
  );
  return { br, header: br ? HEADERS.br : HEADERS.en, rows, digits: currency.digits, currency: currency.code };
}

/** YYYY-MM-DD as the interface shows it: DD/MM/YYYY in Português, MM/DD/YYYY in English. */
function displayDate(date: string, br: boolean): string {
  const [y, m, d] = date.split('-');
  return br ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

// The CSV and XLSX writers are imported on first export: exceljs alone took longer to load than the rest of
// the server's start-up together.
/**
 * CSV a spreadsheet of the user's language opens right (issue 13 #11): a UTF-8 BOM (Excel reads the
 * accents), `;` between fields and `1234,56` in Português (a comma is its decimal separator), `,` and
 * `1234.56` in English; dates as the interface shows them; plain numbers without grouping.
 */
export async function toCsv({ br, header, rows, digits }: ExportData): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  const amount = (cents: number) => {
    const text = centsToDecimalString(cents, digits);
    return br ? text.replace('.', ',') : text;
  };
  const yes = br ? 'sim' : 'yes';
  const no = br ? 'não' : 'no';
  const body = rows.map((r) => [
    displayDate(r.date, br),
    ...r.cells,
    amount(r.cents),
    r.paid ? yes : no,
    r.installment,
    r.tags,
    r.notes,
  ]);
  return `\uFEFF${stringify([header, ...body], { delimiter: br ? ';' : ',' })}`;
}

/**
 * XLSX: dates as date cells, amounts as signed numbers with the currency's format, the sheet and headers in
 * the user's language, installment (k/N), tags and paid columns (issue 13 #11).
 */
export async function toXlsx({ br, header, rows, digits, currency }: ExportData): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(br ? 'Lançamentos' : 'Entries');
  sheet.addRow(header);
  for (const r of rows) {
    const [y = 1970, m = 1, d = 1] = r.date.split('-').map(Number);
    sheet.addRow([
      new Date(Date.UTC(y, m - 1, d)),
      ...r.cells,
      Number(centsToDecimalString(r.cents, digits)),
      r.paid ? (br ? 'sim' : 'yes') : br ? 'não' : 'no',
      r.installment,
      r.tags,
      r.notes,
    ]);
  }
  const number = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  const symbol = (
    new Intl.NumberFormat(br ? 'pt-BR' : 'en-US', { style: 'currency', currency })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  ).replace(/"/g, '');
  sheet.getColumn(COLUMNS.value + 1).numFmt = `"${symbol}" ${number};-"${symbol}" ${number}`;
  sheet.getColumn(COLUMNS.date + 1).numFmt = br ? 'dd/mm/yyyy' : 'mm/dd/yyyy';
  sheet.getColumn(COLUMNS.date + 1).width = 12;
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
