import { z } from 'zod';
import { apiMessage } from '../errors.ts';
import {
  amountSchema,
  dateValueSchema,
  idSchema,
  monthValueSchema,
  paginationMetaSchema,
  timestampSchema,
} from './common.ts';

/** DESIGN.md §8 "Import": bank statements and card bills, staged, previewed, committed, undone. */

export const IMPORT_FORMATS = ['ofx', 'csv', 'qif', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Files up to 10 MB (413 beyond, @fastify/multipart's own limit). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** How long a staged import waits to be committed before it is discarded. */
export const IMPORT_STAGED_DAYS = 7;

/**
 * `needs_mapping`: a CSV or XLSX whose header no preset knows and no saved mapping fits: the client maps
 * its columns (`PUT /import/{id}/mapping`) before any row is staged. `staged`: rows waiting to be committed.
 * `committed`: written to the ledger. `undone`: a committed import whose entries were removed.
 */
export const IMPORT_STATUSES = ['needs_mapping', 'staged', 'committed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** new: not in the ledger; duplicate: already imported; probable: an existing entry may be it; skipped. */
export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'probable', 'skipped'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** CSV presets recognised by their header. */
export const IMPORT_PRESETS = ['nubank_account', 'nubank_card', 'inter_account'] as const;
export type ImportPreset = (typeof IMPORT_PRESETS)[number];

/** Date formats a generic mapping can read (the calendar date only; a time after it is ignored). */
export const IMPORT_DATE_FORMATS = [
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'YYYY-MM-DD',
  'DD/MM/YY',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
  'YYYYMMDD',
] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

const column = z.number().int().min(0).max(199);

const mappingFields = {
  date_column: column,
  date_format: z.enum(IMPORT_DATE_FORMATS),
  description_column: column,
  amount_column: column.nullable().optional(),
  debit_column: column.nullable().optional(),
  credit_column: column.nullable().optional(),
  id_column: column.nullable().optional(),
  decimal: z.enum([',', '.']),
  sign: z.enum(['expense_negative', 'expense_positive']).default('expense_negative'),
  skip_lines: z.number().int().min(0).max(100).default(0),
  header: z.boolean().default(true),
};

/**
 * The generic CSV/XLSX mapping, saved per account or card and offered next time. Columns are 0-based
 * positions. Either one signed `amount_column` or a `debit_column` and a `credit_column` (money out / in,
 * both as positive amounts). `sign`: `expense_negative` (bank statements: a negative amount is money out) or
 * `expense_positive` (card bills: a positive amount is a purchase). `skip_lines`: lines before the header.
 */
export const importMappingSchema = z.object(mappingFields).superRefine((m, ctx) => {
  const single = m.amount_column != null;
  const split = m.debit_column != null && m.credit_column != null;
  if (single === split) {
    ctx.addIssue({ code: 'custom', path: ['amount_column'], message: apiMessage('importAmountColumns') });
  }
});
/** The mapping as the API answers it. */
export const importMappingValueSchema = z.object(mappingFields);
export type ImportMapping = z.output<typeof importMappingSchema>;
export type ImportMappingBody = z.input<typeof importMappingSchema>;

/** An uploaded file as the API receives it (@fastify/multipart reads the `file` part into memory, ≤ 10 MB). */
export interface ImportUpload {
  filename: string;
  data: Uint8Array;
}
const isUpload = (v: unknown): v is ImportUpload =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ImportUpload).filename === 'string' &&
  (v as ImportUpload).data instanceof Uint8Array;

/**
 * POST /import, multipart/form-data: `file`, and `account_id` or `card_id` (where the rows go), optional
 * `format` (detected from the file when absent) and `mapping` (JSON text of a column mapping, CSV and XLSX).
 */
export const importCreateBodySchema = z
  .object({
    file: z.custom<ImportUpload>(isUpload, { message: apiMessage('importFileRequired') }).meta({
      type: 'string',
      format: 'binary',
      description: 'The statement: OFX, CSV, QIF or XLSX, ≤ 10 MB',
    }),
    account_id: idSchema.optional(),
    card_id: idSchema.optional(),
    format: z.enum(IMPORT_FORMATS).optional(),
    mapping: z.string().max(4000).optional().meta({ description: 'JSON of a column mapping (CSV, XLSX)' }),
  })
  .superRefine((f, ctx) => {
    if ((f.account_id === undefined) === (f.card_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['account_id'], message: apiMessage('cardOrAccount') });
    }
  });
export type ImportCreateFields = Omit<z.output<typeof importCreateBodySchema>, 'file'>;

export const importCountsSchema = z.object({
  rows: z.number().int(),
  new: z.number().int(),
  duplicate: z.number().int(),
  probable: z.number().int(),
  skipped: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  format: z.enum(IMPORT_FORMATS),
  /** The encoding the file was read in (utf-8, windows-1252, …) and how it was found. */
  encoding: z.string(),
  encoding_source: z.enum(['bom', 'utf-8', 'declared', 'detected']),
  preset: z.enum(IMPORT_PRESETS).nullable(),
  /** The bank the file names (an OFX's ORG/BANKID, a preset's bank), or null. */
  bank: z.string().nullable(),
  file_name: z.string(),
  account_id: z.number().int().nullable(),
  card_id: z.number().int().nullable(),
  counts: importCountsSchema,
  /** After a commit: entries (and invoice payments) created, and rows left out. */
  created: z.number().int().nullable(),
  skipped: z.number().int().nullable(),
  created_at: timestampSchema,
  committed_at: timestampSchema.nullable(),
  undone_at: timestampSchema.nullable(),
  /** A CSV/XLSX to map: the header's cells, the first rows as read, and the mapping offered. */
  columns: z.array(z.string()).optional(),
  sample: z.array(z.array(z.string())).optional(),
  mapping: importMappingValueSchema.nullable().optional(),
});
export type ImportSummary = z.infer<typeof importSchema>;

export const importListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const importListSchema = z.object({ data: z.array(importSchema), meta: paginationMetaSchema });
export type ImportList = z.infer<typeof importListSchema>;

export const importRowsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(100),
  status: z.enum(IMPORT_ROW_STATUSES).optional(),
});
export type ImportRowsQuery = z.input<typeof importRowsQuerySchema>;

export const importRowSchema = z.object({
  /** The row's line in the file (1-based; an OFX transaction: the line its <STMTTRN> starts on). */
  line: z.number().int(),
  date: dateValueSchema.nullable(),
  description: z.string(),
  /** Positive cents; the operation gives the direction. Null for a row that could not be read. */
  value: amountSchema.nullable(),
  /** 1 income (a refund on a card), 2 expense, 4 an invoice payment; null for an unreadable row. */
  operation_id: z.number().int().nullable(),
  external_id: z.string().nullable(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** Why a row is skipped, or what it is (an installment, the payment of an invoice), in the user's language. */
  note: z.string().nullable(),
  /** The note's key in the import catalogue (`notes.<key>`) and its placeholders, for clients that translate. */
  note_key: z.string().nullable(),
  note_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** The existing entry a duplicate or probable row matches. */
  match_entry_id: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  sub_category_id: z.number().int().nullable(),
  /** The rule that chose the category (rules, DESIGN.md §9), when one did. */
  rule_id: z.number().int().nullable(),
  include: z.boolean(),
  /** Card statements: the invoice (due month) the row lands in; for a payment, the invoice it pays. */
  invoice_month: monthValueSchema.nullable(),
  installment_number: z.number().int().nullable(),
  installment_count: z.number().int().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importRowListSchema = z.object({ data: z.array(importRowSchema), meta: paginationMetaSchema });
export type ImportRowList = z.infer<typeof importRowListSchema>;

export const importRowParamsSchema = z.object({
  id: idSchema,
  line: z.coerce.number().int().min(1).max(10_000_000),
});

/** PUT /import/{id}/rows/{line}: any of these. */
export const importRowUpdateSchema = z.object({
  include: z.boolean().optional(),
  category_id: idSchema.nullable().optional(),
  sub_category_id: idSchema.nullable().optional(),
  description: z.string().trim().min(1).max(255).optional(),
});
export type ImportRowUpdate = z.output<typeof importRowUpdateSchema>;
export type ImportRowUpdateBody = z.input<typeof importRowUpdateSchema>;

/** POST /import/{id}/commit → what was written. */
export const importCommitSchema = z.object({
  id: z.number().int(),
  /** Entries created (an installment purchase counts each installment) and invoice payments recorded. */
  created: z.number().int(),
  payments: z.number().int(),
  /** Rows not imported: left out by the user, duplicates, probable matches not included, skipped rows. */
  skipped: z.number().int(),
  duplicates: z.number().int(),
});
export type ImportCommit = z.infer<typeof importCommitSchema>;

export const importDeleteQuerySchema = z.object({
  force: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});
