import type { ApiMessageKey, ImportFormat, ImportPreset } from '@centavo/shared';
import { AppError } from '../../lib/errors.ts';

/**
 * What every parser answers (ofx.parser.ts, csv.parser.ts, xlsx.parser.ts, qif.parser.ts): the file's rows
 * in one sign convention — a negative amount is money out of the user's pocket (an expense, a card purchase),
 * a positive one money in (income, a refund, a card payment) — whatever the file's own convention.
 */
export interface RawRow {
  /** 1-based line in the file (an OFX transaction: the line its <STMTTRN> opens on; XLSX: the sheet row). */
  line: number;
  date: string | null;
  /** Signed minor units; null when unreadable (then `skip` says why). */
  amount: number | null;
  description: string;
  externalId: string | null;
  /** Why the row is not a transaction or cannot be read: a key of the import catalogue's notes. */
  skip?: RowNoteKey | undefined;
}

/** Notes a row can carry (packages/shared/src/i18n/{en,br}/import.ts `notes`). */
export type RowNoteKey =
  | 'balance'
  | 'noId'
  | 'zero'
  | 'date'
  | 'dateRange'
  | 'amount'
  | 'description'
  | 'columns'
  | 'tooLarge'
  | 'duplicate'
  | 'duplicateInFile'
  | 'probable'
  | 'installment'
  | 'installmentOfLine'
  | 'payment'
  | 'paymentNoAccount'
  | 'paymentRefused'
  | 'refund';

export interface ParsedFile {
  format: ImportFormat;
  preset: ImportPreset | null;
  /** The bank as the file names it (an OFX's ORG), or its COMPE code (BANKID), or a preset's bank. */
  bank: string | null;
  bankCode: string | null;
  rows: RawRow[];
}

/** A CSV/XLSX no preset recognised: its cells, waiting for a column mapping. */
export interface UnmappedTable {
  format: 'csv' | 'xlsx';
  cells: string[][];
}

/** 422 for a file that cannot be read at all: nothing is staged; the message names the line and why. */
export function unreadable(key: ApiMessageKey, line?: number): AppError {
  const params = { line: line ?? 1 };
  return new AppError(422, 'VALIDATION_ERROR', key, { params, fields: { file: { key, params } } });
}
