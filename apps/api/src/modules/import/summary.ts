import type { ImportFormat, ImportPreset, ImportStatus, ImportSummary } from '@centavo/shared';
import type { ImportRecord } from './import.repository.ts';

/** An imports row as the contract's object (every answer that carries an import is built here). */
export function toImportSummary(r: ImportRecord): ImportSummary {
  return {
    id: Number(r.id),
    status: r.status as ImportStatus,
    format: r.format as ImportFormat,
    encoding: r.encoding,
    encoding_source: r.encoding_source as ImportSummary['encoding_source'],
    preset: r.preset as ImportPreset | null,
    bank: r.bank,
    file_name: r.file_name,
    account_id: r.account_id === null ? null : Number(r.account_id),
    card_id: r.card_id === null ? null : Number(r.card_id),
    counts: {
      rows: Number(r.row_count),
      new: Number(r.new_count),
      duplicate: Number(r.duplicate_count),
      probable: Number(r.probable_count),
      skipped: Number(r.skipped_count),
    },
    created: r.created_count === null ? null : Number(r.created_count) + Number(r.payment_count ?? 0),
    skipped: r.left_count === null ? null : Number(r.left_count),
    created_at: r.created_at,
    committed_at: r.committed_at,
    undone_at: r.undone_at,
  };
}
