import { PassThrough, type Readable } from 'node:stream';
import { centsToDecimalString, type LocaleCode } from '@centavo/shared';
import type { FastifyReply } from 'fastify';
import { neutralise } from './spreadsheet.ts';
import { xlsxSheetWriter } from './xlsx-writer.ts';

/** What a column holds; the writers format each kind for their file. */
export type ColumnKind = 'text' | 'date' | 'money' | 'count';

export interface SheetColumn {
  header: string;
  kind: ColumnKind;
  width?: number;
}

/** A cell: text, a date as YYYY-MM-DD, money in signed minor units, or a count. */
export type Cell = string | number;

export interface SheetFile {
  /** The file's name without its extension. */
  name: string;
  sheet: string;
  locale: LocaleCode;
  columns: SheetColumn[];
  /** The currency's minor-unit digits, and its code for the XLSX number format (none: plain numbers). */
  digits: number;
  currency?: string;
  /** The rows, a page at a time: read from the database as the file is written, never all at once. */
  pages: AsyncIterable<Cell[][]>;
}

/**
 * A decimal string ("-8089.50") as a Brazilian spreadsheet reads it: "-8.089,50" (issue 23 #9). Excel and
 * LibreOffice in Português read it as the number; the English file keeps "8089.50", which every tool reads
 * and which needs no quotes beside its `,` separator.
 */
export function brazilianNumber(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '');
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${sign}${grouped}${fraction === undefined ? '' : `,${fraction}`}`;
}

/** YYYY-MM-DD as the interface shows it: DD/MM/YYYY in Português, MM/DD/YYYY in English. */
function displayDate(date: string, br: boolean): string {
  const [y, m, d] = date.split('-');
  return br ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/**
 * THE export path of the API (entries, a card invoice, the custom report): the reply's headers, then the
 * file written as its rows are read, page by page, so a 100 000-row export holds one page in memory and the
 * event loop keeps serving other requests between pages (docs/decisions/concurrency.md, issue 17).
 *
 * Every text cell is neutralised against formula injection here (lib/spreadsheet.ts), whatever the caller
 * did. CSV: a UTF-8 BOM (Excel reads the accents), `;` and `1.234,56` in Português, `,` and `1234.56` in
 * English, dates as the interface shows them. XLSX (lib/xlsx-writer.ts): dates as date cells, amounts
 * as numbers with the currency's format, the sheet and headers in the user's language.
 */
export function sendSheet(reply: FastifyReply, format: 'csv' | 'xlsx', file: SheetFile): FastifyReply {
  const body = new PassThrough();
  const write = format === 'xlsx' ? writeXlsx(body, file) : writeCsv(body, file);
  // A failure half-way (the database went away) ends the download broken rather than silently short.
  write.catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  const type =
    format === 'xlsx'
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'text/csv; charset=utf-8';
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${file.name}.${format}"`)
    .send(body as Readable as unknown as string);
}

async function writeCsv(out: PassThrough, file: SheetFile): Promise<void> {
  const br = file.locale === 'br';
  const line = csvLine(br ? ';' : ',');
  const cell = (value: Cell, kind: ColumnKind): string => {
    if (kind === 'date') return displayDate(String(value), br);
    if (kind === 'money') {
      const text = centsToDecimalString(Number(value), file.digits);
      return br ? brazilianNumber(text) : text;
    }
    if (kind === 'count') return String(value);
    return neutralise(String(value));
  };
  await push(out, `\uFEFF${line(file.columns.map((c) => c.header))}`);
  for await (const page of file.pages) {
    for (let i = 0; i < page.length; i += SLICE) {
      let text = '';
      for (const row of page.slice(i, i + SLICE))
        text += line(row.map((value, c) => cell(value, file.columns[c]?.kind ?? 'text')));
      await push(out, text);
      await turn();
    }
  }
  out.end();
}

/**
 * One CSV record (RFC 4180): a field holding the delimiter, a quote or a line break is quoted, its quotes
 * doubled; a line feed ends it. Not csv-stringify: it allocated about 10 KB per row of an export (100 000 rows:
 * 1 GB of garbage, V8's young generation doubled and the server's RSS grew 90 MB) for one regular expression.
 */
function csvLine(delimiter: string): (fields: readonly string[]) => string {
  const special = new RegExp(`["\r\n${delimiter}]`);
  const field = (text: string) => (special.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return (fields) => `${fields.map(field).join(delimiter)}\n`;
}

async function writeXlsx(out: PassThrough, file: SheetFile): Promise<void> {
  const br = file.locale === 'br';
  const number = file.digits > 0 ? `#,##0.${'0'.repeat(file.digits)}` : '#,##0';
  const symbol = file.currency
    ? (
        new Intl.NumberFormat(br ? 'pt-BR' : 'en-US', { style: 'currency', currency: file.currency })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? file.currency
      ).replace(/"/g, '')
    : undefined;
  const money = symbol ? `"${symbol}" ${number};-"${symbol}" ${number}` : number;
  const sheet = xlsxSheetWriter(out, {
    sheet: file.sheet,
    columns: file.columns.map((c) => ({
      width: c.width ?? (c.kind === 'date' ? 12 : c.kind === 'text' ? 24 : 14),
      ...(c.kind === 'money' ? { numFmt: money } : {}),
      ...(c.kind === 'date' ? { numFmt: br ? 'dd/mm/yyyy' : 'mm/dd/yyyy' } : {}),
    })),
  });
  sheet.row(file.columns.map((c) => c.header));
  const cell = (value: Cell, kind: ColumnKind) => {
    if (kind === 'date') {
      const [y = 1970, m = 1, d = 1] = String(value).split('-').map(Number);
      return new Date(Date.UTC(y, m - 1, d));
    }
    if (kind === 'money') return Number(centsToDecimalString(Number(value), file.digits));
    if (kind === 'count') return Number(value);
    return neutralise(String(value));
  };
  for await (const page of file.pages) {
    for (let i = 0; i < page.length; i++) {
      const row = page[i] as Cell[];
      sheet.row(row.map((v, c) => cell(v, file.columns[c]?.kind ?? 'text')));
      if (i % SLICE === SLICE - 1) {
        await sheet.flush();
        await turn();
      }
    }
    await sheet.flush();
    await turn();
  }
  await sheet.end();
}

/**
 * Rows written between two turns of the event loop. A page read from SQLite resolves at once (better-sqlite3 is
 * synchronous), and promise continuations run before any I/O: without a turn the whole file would be written
 * before the next request is even read (/health waited 10 s behind a 100 000-row export).
 */
const SLICE = 100;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes a chunk, waiting when the client reads slower than the file is made. */
function push(out: PassThrough, chunk: string): Promise<void> {
  return out.write(chunk) ? Promise.resolve() : new Promise((resolve) => out.once('drain', resolve));
}
