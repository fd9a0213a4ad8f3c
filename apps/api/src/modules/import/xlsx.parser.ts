import ExcelJS from 'exceljs';
import { unreadable } from './parsed.ts';
import type { TableLine } from './table.ts';

/**
 * An XLSX's first sheet as lines of text cells (DESIGN.md §8: "the first sheet, as CSV"), read with exceljs.
 * Dates are calendar dates (exceljs gives date cells as UTC midnights: read back in UTC, never local time);
 * numbers are written with a dot and no grouping, so a mapping reads them with the '.' decimal.
 */
export async function readXlsx(bytes: Uint8Array): Promise<TableLine[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw unreadable('importXlsxBroken');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable('importXlsxBroken');
  const lines: TableLine[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    lines.push({ line: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  return lines;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  return '';
}
