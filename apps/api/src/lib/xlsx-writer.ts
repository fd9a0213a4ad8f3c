import { PassThrough, type Writable } from 'node:stream';
import { ZipFile } from 'yazl';

/** A column of the sheet: its width in characters, and the number format of its cells if they have one. */
export interface XlsxColumn {
  width: number;
  numFmt?: string;
}

/** A cell: text, a number, or a calendar date (a UTC midnight). */
export type XlsxCell = string | number | Date;

export interface XlsxSheetWriter {
  /** Adds a row (the first one is the header, in bold). */
  row(cells: readonly XlsxCell[]): void;
  /** Passes the rows added so far on to the file; resolves when it has caught up with a slow reader. */
  flush(): Promise<void>;
  /** Ends the sheet and the file; resolves once the whole file is in `out`. */
  end(): Promise<void>;
}

/**
 * A one-sheet XLSX written to `out` as its rows come: the sheet's XML goes through yazl (Node's zlib) into the
 * zip as it is made, the other parts are small and fixed. Why not exceljs' streaming writer: it keeps every
 * byte of the sheet's XML in memory until the end (its StreamBuf stores what it has already passed on, exceljs
 * issue 2916) — 60 MB for 100 000 rows, the very thing a streaming export exists to avoid.
 *
 * Styles: 0 plain, 1 bold (the header), then one per column number format. Text is an inline string (no
 * shared-strings table to hold in memory), dates are serial numbers with a date format, as Excel stores them.
 */
export function xlsxSheetWriter(
  out: Writable,
  options: { sheet: string; columns: readonly XlsxColumn[] },
): XlsxSheetWriter {
  const formats = [...new Set(options.columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
  const styleOf = options.columns.map((c) => (c.numFmt ? 2 + formats.indexOf(c.numFmt) : 0));
  const zip = new ZipFile();
  const sheet = new PassThrough();
  const part = (name: string, xml: string) => zip.addBuffer(Buffer.from(XML_HEAD + xml), name);
  part('[Content_Types].xml', CONTENT_TYPES);
  part('_rels/.rels', ROOT_RELS);
  part(
    'xl/workbook.xml',
    `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${xmlText(options.sheet.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  part('xl/styles.xml', styles(formats));
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml');
  zip.end();
  const done = new Promise<void>((resolve, reject) => {
    zip.outputStream.once('error', reject);
    zip.outputStream.once('end', resolve);
  });
  zip.outputStream.pipe(out);

  const cols = options.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  sheet.write(`${XML_HEAD}<worksheet xmlns="${MAIN}"><cols>${cols}</cols><sheetData>`);
  // Each cell names its place (A1, B1…): Excel does without, but other readers (exceljs among them) do not.
  const letters = options.columns.map((_, i) => columnLetters(i));
  let rows = 0;
  // Rows are passed on in batches: one write per row would queue 100 000 small chunks in the streams.
  let pending = '';
  const cell = (value: XlsxCell, column: number, header: boolean): string => {
    const style = header ? 1 : (styleOf[column] ?? 0);
    const s = ` r="${letters[column] ?? columnLetters(column)}${rows}"${style ? ` s="${style}"` : ''}`;
    if (typeof value === 'number') return Number.isFinite(value) ? `<c${s}><v>${value}</v></c>` : `<c${s}/>`;
    if (value instanceof Date) return `<c${s}><v>${(value.getTime() - EXCEL_EPOCH) / DAY}</v></c>`;
    if (value === '') return `<c${s}/>`;
    return `<c${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
  };
  return {
    row(cells) {
      const header = rows === 0;
      rows++;
      pending += `<row r="${rows}">${cells.map((v, i) => cell(v, i, header)).join('')}</row>`;
    },
    flush() {
      const full = !sheet.write(pending);
      pending = '';
      return full ? new Promise((resolve) => sheet.once('drain', resolve)) : Promise.resolve();
    },
    end() {
      sheet.end(`${pending}</sheetData></worksheet>`);
      return done;
    },
  };
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPES =
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';
const ROOT_RELS = `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS =
  `<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;

/** Fonts: plain and bold; one cell format per number format, custom formats numbered from 164 as Excel does. */
function styles(formats: readonly string[]): string {
  const numFmts = formats
    .map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f)}"/>`)
    .join('');
  const xf = (numFmt: number, font: number) =>
    `<xf numFmtId="${numFmt}" fontId="${font}" fillId="0" borderId="0" xfId="0"${numFmt ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}/>`;
  const xfs = [xf(0, 0), xf(0, 1), ...formats.map((_, i) => xf(164 + i, 0))];
  return (
    `<styleSheet xmlns="${MAIN}">` +
    (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Day 0 of Excel's dates (1899-12-30, which absorbs its 1900 leap-year bug for every date after February 1900). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY = 86_400_000;

/** Text as XML: the five special characters escaped, and the control characters XML 1.0 cannot hold dropped. */
function xmlText(text: string): string {
  return text.replace(NOT_XML_TEXT, (c) => ENTITIES[c] ?? '');
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
const NOT_XML_TEXT = /[<>&"]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };
