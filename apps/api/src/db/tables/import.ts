import type { Generated } from 'kysely';

/** Import tables (DESIGN.md §8, migration 012_import). Every one leads with user_id. */

export interface ImportsTable {
  id: Generated<number>;
  user_id: number;
  /** Exactly one of account_id / card_id: where the rows go. */
  account_id: number | null;
  card_id: number | null;
  /** needs_mapping | staged | committed | undone. */
  status: string;
  format: string;
  encoding: string;
  encoding_source: string;
  preset: string | null;
  bank: string | null;
  file_name: string;
  row_count: number;
  new_count: number;
  duplicate_count: number;
  probable_count: number;
  skipped_count: number;
  /** After the commit: entries and payments created, rows left out, duplicates among them. */
  created_count: number | null;
  payment_count: number | null;
  left_count: number | null;
  duplicates_left: number | null;
  /** A file waiting for its column mapping: its cells as JSON (dropped once staged). */
  source: string | null;
  /** The generic mapping the rows were read with (JSON), if any. */
  mapping: string | null;
  /** The Idempotency-Key of the commit (the first answer is the import's own counts). */
  idempotency_key: string | null;
  created_at: string;
  committed_at: string | null;
  undone_at: string | null;
}

/** One row of a file as staged: what will be written, and why (statuses and notes). */
export interface ImportRowsTable {
  user_id: number;
  import_id: number;
  line: number;
  date: string | null;
  description: string;
  value: number | null;
  operation_id: number | null;
  external_id: string | null;
  status: string;
  note_key: string | null;
  /** JSON of the note's placeholders. */
  note_params: string | null;
  match_entry_id: number | null;
  category_id: number | null;
  sub_category_id: number | null;
  rule_id: number | null;
  include: number;
  invoice_month: string | null;
  installment_number: number | null;
  installment_count: number | null;
  /** What duplicate detection compares (see import/match.ts), with the row's occurrence in the file. */
  dedupe_key: string | null;
}

/**
 * What an import wrote: one row per entry created (each installment of a purchase, each invoice payment), with
 * the key later files are compared with. Removing the entry (undo, or any delete) removes its key (cascade).
 */
export interface ImportKeysTable {
  user_id: number;
  /** 'a:<account id>' or 'c:<card id>'. */
  target: string;
  key: string;
  entry_id: number;
  import_id: number;
}

/** The generic column mapping last used for an account or a card, offered next time. */
export interface ImportMappingsTable {
  user_id: number;
  target: string;
  mapping: string;
  updated_at: string;
}

export interface ImportTables {
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  import_keys: ImportKeysTable;
  import_mappings: ImportMappingsTable;
}
