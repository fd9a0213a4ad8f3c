import {
  applyMapping,
  foldText,
  type ImportMapping,
  type ImportPreset,
  isDateInRange,
  type MappedRow,
} from '@centavo/shared';
import { validationError } from '../../lib/errors.ts';
import type { ParsedFile, RawRow } from './parsed.ts';

/**
 * CSV and XLSX files are tables: a preset recognised by its header (Nubank account and card, Inter), or a
 * generic column mapping (DESIGN.md §8), turns their lines into rows. Each preset is a mapping plus its
 * header, so both go through the same applyMapping as the web's live preview.
 */
export interface TableLine {
  /** 1-based line in the file (XLSX: the sheet's row number). */
  line: number;
  cells: string[];
}

interface Preset {
  name: ImportPreset;
  bank: string;
  /** The header's cells, folded (accents and case ignored). */
  header: string[];
  mapping: ImportMapping;
  /** Inter writes the kind of transaction and its counterpart in two columns: both make the description. */
  describe?: (cells: readonly string[]) => string;
}

const base = { id_column: null, debit_column: null, credit_column: null, skip_lines: 0, header: true };

export const PRESETS: readonly Preset[] = [
  {
    name: 'nubank_account',
    bank: 'Nubank',
    header: ['data', 'valor', 'identificador', 'descricao'],
    mapping: {
      ...base,
      date_column: 0,
      date_format: 'DD/MM/YYYY',
      amount_column: 1,
      id_column: 2,
      description_column: 3,
      decimal: '.',
      sign: 'expense_negative',
    },
  },
  {
    name: 'nubank_card',
    bank: 'Nubank',
    header: ['date', 'title', 'amount'],
    // A purchase is positive in Nubank's card bill, a payment or refund negative.
    mapping: {
      ...base,
      date_column: 0,
      date_format: 'YYYY-MM-DD',
      description_column: 1,
      amount_column: 2,
      decimal: '.',
      sign: 'expense_positive',
    },
  },
  {
    name: 'inter_account',
    bank: 'Inter',
    header: ['data lancamento', 'historico', 'descricao', 'valor', 'saldo'],
    mapping: {
      ...base,
      date_column: 0,
      date_format: 'DD/MM/YYYY',
      description_column: 2,
      amount_column: 3,
      decimal: ',',
      sign: 'expense_negative',
    },
    describe: (cells) =>
      [...new Set([cells[1]?.trim(), cells[2]?.trim()].filter((c): c is string => !!c))].join(' - '),
  },
];

const fold = (cells: readonly string[]) => cells.map((c) => foldText(c.replace(/^\uFEFF/, '')));

/** The preset whose header is one of the first lines (Inter's comes after four lines about the account). */
export function findPreset(lines: readonly TableLine[]): { preset: Preset; headerIndex: number } | null {
  for (let i = 0; i < Math.min(lines.length, 20); i++) {
    const cells = fold((lines[i] as TableLine).cells);
    const preset = PRESETS.find(
      (p) => p.header.length <= cells.length && p.header.every((h, k) => cells[k] === h),
    );
    if (preset) return { preset, headerIndex: i };
  }
  return null;
}

/** A mapped line as a raw row: the reason a line cannot be read becomes its note. */
export function rowFrom(line: number, mapped: MappedRow, description?: string): RawRow {
  if (!mapped.ok)
    return {
      line,
      date: null,
      amount: null,
      description: description ?? '',
      externalId: null,
      skip: mapped.reason,
    };
  const row: RawRow = {
    line,
    date: mapped.date,
    amount: mapped.amount,
    description: (description || mapped.description).slice(0, 255),
    externalId: mapped.externalId,
  };
  if (!isDateInRange(mapped.date)) row.skip = 'dateRange';
  return row;
}

/** The lines after the header through a mapping (a preset's or the user's). */
export function tableRows(
  lines: readonly TableLine[],
  start: number,
  mapping: ImportMapping,
  digits: number,
  describe?: (cells: readonly string[]) => string,
): RawRow[] {
  const rows: RawRow[] = [];
  for (let i = start; i < lines.length; i++) {
    const { line, cells } = lines[i] as TableLine;
    // Blank lines (a trailing newline, a spacer) are not rows.
    if (cells.every((c) => c.trim() === '')) continue;
    const text = describe?.(cells);
    rows.push(rowFrom(line, applyMapping(cells, mapping, digits), text));
  }
  return rows;
}

/** A table through its preset, if its header is one. */
export function presetFile(
  format: 'csv' | 'xlsx',
  lines: readonly TableLine[],
  digits: number,
): ParsedFile | null {
  const found = findPreset(lines);
  if (!found) return null;
  const { preset, headerIndex } = found;
  return {
    format,
    preset: preset.name,
    bank: preset.bank,
    bankCode: null,
    rows: tableRows(lines, headerIndex + 1, preset.mapping, digits, preset.describe),
  };
}

/** A table through the user's mapping: `skip_lines` lines, then the header when it has one. */
export function mappedFile(
  format: 'csv' | 'xlsx',
  lines: readonly TableLine[],
  mapping: ImportMapping,
  digits: number,
): ParsedFile {
  const start = mapping.skip_lines + (mapping.header ? 1 : 0);
  const width = Math.max(0, ...lines.slice(start, start + 50).map((l) => l.cells.length));
  const named = [
    mapping.date_column,
    mapping.description_column,
    mapping.amount_column,
    mapping.debit_column,
    mapping.credit_column,
    mapping.id_column,
  ];
  const missing = named.find((column) => column != null && column >= width);
  if (missing != null) {
    throw validationError({ mapping: { key: 'importMappingColumn', params: { column: missing + 1 } } });
  }
  return { format, preset: null, bank: null, bankCode: null, rows: tableRows(lines, start, mapping, digits) };
}

/**
 * A first guess of the mapping for a table no preset knows, for the mapping step to start from: the first
 * column whose cells read as dates, the last one reading as amounts, the longest text between them.
 */
export function suggestMapping(lines: readonly TableLine[], skip = 0): ImportMapping {
  const sample = lines.slice(skip + 1, skip + 21).map((l) => l.cells);
  const width = Math.max(0, ...sample.map((c) => c.length));
  const share = (test: (text: string) => boolean, col: number) =>
    sample.filter((cells) => test(cells[col] ?? '')).length / Math.max(1, sample.length);
  const columns = [...Array(width).keys()];
  const dateColumn = columns.find(
    (c) => share((t) => /^\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}/.test(t.trim()), c) > 0.6,
  );
  const amountColumns = columns.filter(
    (c) =>
      c !== dateColumn &&
      share((t) => /^[-+(]?\s*(R\$)?\s*-?[\d.,]+\)?-?$/.test(t.trim()) && /\d/.test(t), c) > 0.6,
  );
  const textColumns = columns.filter((c) => c !== dateColumn && !amountColumns.includes(c));
  const length = (c: number) => sample.reduce((s, cells) => s + (cells[c]?.length ?? 0), 0);
  const description = textColumns.sort((a, b) => length(b) - length(a))[0] ?? 1;
  const firstDate = sample.map((cells) => cells[dateColumn ?? 0]?.trim() ?? '').find((t) => t !== '') ?? '';
  const amounts = sample.map((cells) => cells[amountColumns[0] ?? 2] ?? '').join(' ');
  return {
    ...base,
    skip_lines: skip,
    date_column: dateColumn ?? 0,
    date_format: /^\d{4}/.test(firstDate) ? 'YYYY-MM-DD' : 'DD/MM/YYYY',
    description_column: description,
    amount_column: amountColumns[0] ?? 2,
    decimal: /\d,\d{2}(\D|$)/.test(amounts) ? ',' : '.',
    sign: 'expense_negative',
  };
}
