import { CsvError, parse } from 'csv-parse/sync';
import { unreadable } from './parsed.ts';
import type { TableLine } from './table.ts';

/**
 * A CSV's lines with csv-parse (quotes, embedded newlines, ragged rows): `;` (Inter, Brazilian spreadsheets),
 * `,` (Nubank) or a tab, whichever the first lines use most outside quotes. A file csv-parse cannot read (an
 * unclosed quote, a cut line) → 422 naming the line; nothing is staged.
 */
export function readCsv(text: string): TableLine[] {
  const delimiter = guessDelimiter(text);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      // A quote inside an unquoted cell (Estorno de "Uber") is text; a quoted cell must still close.
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const line = error instanceof CsvError ? Number((error as CsvError & { lines?: number }).lines ?? 1) : 1;
    throw unreadable('importCsvBroken', line);
  }
  // info.lines is where the record ended (a quoted cell may span lines): where it began is what a person
  // looks for, so count back its newlines.
  return records.map(({ record, info }) => ({
    line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
    cells: record,
  }));
}

function guessDelimiter(text: string): string {
  const head = text
    .slice(0, 8192)
    .split(/\r?\n/)
    .slice(0, 15)
    .join('\n')
    .replace(/"[^"]*"/g, '');
  const count = (c: string) => head.split(c).length - 1;
  const candidates: Array<[string, number]> = [
    [';', count(';')],
    [',', count(',')],
    ['\t', count('\t')],
  ];
  return candidates.sort((a, b) => b[1] - a[1])[0]?.[0] ?? ',';
}
