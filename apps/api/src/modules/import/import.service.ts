import {
  IMPORT_STAGED_DAYS,
  type ImportCreateFields,
  type ImportFormat,
  type ImportMapping,
  type ImportSummary,
  importMappingSchema,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound, validationError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { findOwnedAccountIds } from '../accounts/accounts.repository.ts';
import { findCardById } from '../cards/cards.repository.ts';
import { userCurrency } from '../entries/entries.export.ts';
import { closingOf } from '../money-core/closing.ts';
import { BANKS } from '../reference/reference.data.ts';
import { categoriseRows } from './categorise.ts';
import { classifyRows, type ImportTarget, type StagedRow, targetKey } from './classify.ts';
import {
  deleteStaleImports,
  findImport,
  findMapping,
  type ImportRecord,
  insertImport,
  insertImportRows,
  saveMapping,
  updateImport,
} from './import.repository.ts';
import { type CandidateEntry, markDuplicates } from './match.ts';
import type { ParsedFile } from './parsed.ts';
import { type FileReading, readImportFile } from './read-file.ts';
import { toImportSummary } from './summary.ts';
import { mappedFile, suggestMapping, type TableLine } from './table.ts';

/** How many of a table's first lines the mapping step sees. */
const SAMPLE_LINES = 25;

/** POST /import and PUT /import/{id}/mapping: read a file, stage its rows (DESIGN.md §8). Nothing reaches the ledger. */

export interface Upload {
  name: string;
  bytes: Uint8Array;
}

/** The account or card of the request, the user's own (another user's → 404 naming the field). */
export async function resolveTarget(
  db: Db,
  userId: number,
  ids: { account_id?: number | null | undefined; card_id?: number | null | undefined },
): Promise<ImportTarget> {
  if (ids.account_id != null) {
    if ((await findOwnedAccountIds(db, userId, [ids.account_id])).size === 0) {
      throw notFound('accountNotFound', 'account_id');
    }
    return { kind: 'account', id: ids.account_id };
  }
  const card = ids.card_id != null ? await findCardById(db, userId, ids.card_id) : undefined;
  if (!card) throw notFound('cardNotFound', 'card_id');
  return {
    kind: 'card',
    id: card.id,
    closing: await closingOf(db, userId, card),
    accountId: card.account_id,
  };
}

function parseMappingField(text: string | undefined): ImportMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw validationError({ mapping: 'importMappingJson' });
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) throw validationError({ mapping: 'importMappingJson' });
  return parsed.data;
}

/** The user's existing entries of the target between two dates, for probable matches. */
function candidatesOf(db: Db, userId: number, target: ImportTarget) {
  return async (start: string, end: string): Promise<CandidateEntry[]> => {
    let query = db
      .selectFrom('entries')
      .select([
        'id',
        'date',
        'description',
        'value',
        'operation_id',
        'account_id',
        'destination_account_id',
        'card_id',
        'invoice_id',
        'invoice_month',
        'installment_number',
        'installment_count',
      ])
      .where('user_id', '=', userId)
      .where('date', '>=', start)
      .where('date', '<=', end);
    query =
      target.kind === 'account'
        ? query.where((eb) =>
            eb.or([eb('account_id', '=', target.id), eb('destination_account_id', '=', target.id)]),
          )
        : query.where('card_id', '=', target.id);
    const rows = await query.execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), value: Number(r.value) }));
  };
}

/** Classify, match and categorise the rows of a file for a target (what staging writes). */
export async function stageRows(
  db: Db,
  userId: number,
  target: ImportTarget,
  file: ParsedFile,
): Promise<StagedRow[]> {
  const rows = classifyRows(file.rows, target);
  await markDuplicates(db, userId, target, rows, candidatesOf(db, userId, target));
  await categoriseRows(db, userId, rows, target);
  for (const row of rows) row.include = row.status === 'new';
  return rows;
}

function counts(rows: readonly StagedRow[]) {
  const c = { row_count: rows.length, new_count: 0, duplicate_count: 0, probable_count: 0, skipped_count: 0 };
  for (const r of rows) c[`${r.status}_count`] += 1;
  return c;
}

function bankName(file: ParsedFile): string | null {
  if (file.bank) return file.bank;
  const code = file.bankCode?.padStart(3, '0');
  return BANKS.find(([c]) => c !== null && c === code)?.[1] ?? file.bankCode;
}

function stagedRowValues(userId: number, importId: number, rows: readonly StagedRow[]) {
  return rows.map((r) => ({
    user_id: userId,
    import_id: importId,
    line: r.line,
    date: r.date,
    description: r.description.slice(0, 255),
    value: r.value,
    operation_id: r.operation_id,
    external_id: r.external_id?.slice(0, 255) ?? null,
    status: r.status,
    note_key: r.note_key,
    note_params: r.note_params ? JSON.stringify(r.note_params) : null,
    match_entry_id: r.match_entry_id,
    category_id: r.category_id,
    sub_category_id: r.sub_category_id,
    rule_id: r.rule_id,
    include: r.include ? 1 : 0,
    invoice_month: r.invoice_month,
    installment_number: r.installment_number,
    installment_count: r.installment_count,
    dedupe_key: r.dedupe_key,
  }));
}

/** Staged imports older than 7 days go (DESIGN.md §8); run whenever imports are written. */
export async function discardStaleImports(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IMPORT_STAGED_DAYS * 86_400_000).toISOString();
  return deleteStaleImports(db, before);
}

/**
 * POST /import: reads the file (422 naming the line when it cannot be read, nothing staged), then stages its
 * rows in one transaction — or, for a CSV/XLSX no preset knows and no mapping came with, keeps its cells
 * waiting for the mapping step (status needs_mapping, with the mapping saved for the target offered).
 */
export async function createImport(
  db: Db,
  userId: number,
  languageId: number,
  fields: ImportCreateFields,
  upload: Upload,
): Promise<ImportSummary> {
  await discardStaleImports(db);
  const target = await resolveTarget(db, userId, fields);
  const mapping = parseMappingField(fields.mapping);
  const { digits } = await userCurrency(db, userId);
  const reading = await readImportFile(
    upload.bytes,
    upload.name,
    fields.format as ImportFormat,
    mapping,
    digits,
  );
  const id = await inTransaction(db, (trx) =>
    writeReading(trx, userId, target, upload.name, reading, mapping),
  );
  return summaryOf(db, userId, languageId, id);
}

async function writeReading(
  trx: Db,
  userId: number,
  target: ImportTarget,
  fileName: string,
  reading: FileReading,
  mapping: ImportMapping | undefined,
): Promise<number> {
  const base = {
    user_id: userId,
    account_id: target.kind === 'account' ? target.id : null,
    card_id: target.kind === 'card' ? target.id : null,
    encoding: reading.encoding,
    encoding_source: reading.source,
    file_name: fileName.slice(0, 255) || 'import',
    mapping: mapping ? JSON.stringify(mapping) : null,
    created_at: nowIso(),
  };
  if (reading.kind === 'table') {
    return insertImport(trx, {
      ...base,
      status: 'needs_mapping',
      format: reading.format,
      preset: null,
      bank: null,
      source: JSON.stringify(reading.lines),
      ...counts([]),
    });
  }
  const { file } = reading;
  const rows = await stageRows(trx, userId, target, file);
  if (rows.length === 0) throw validationError({ file: { key: 'importEmpty', params: {} } }, 'importEmpty');
  const id = await insertImport(trx, {
    ...base,
    status: 'staged',
    format: file.format,
    preset: file.preset,
    bank: bankName(file),
    source: null,
    ...counts(rows),
  });
  await insertImportRows(trx, stagedRowValues(userId, id, rows));
  return id;
}

/** PUT /import/{id}/mapping: the columns of a table waiting for them (or a staged one, read again). */
export async function mapImport(
  db: Db,
  userId: number,
  languageId: number,
  id: number,
  mapping: ImportMapping,
): Promise<ImportSummary> {
  const { digits } = await userCurrency(db, userId);
  await inTransaction(db, async (trx) => {
    const record = await findImport(trx, userId, id);
    if (!record) throw notFound('importNotFound');
    if (record.status !== 'needs_mapping' || record.source === null) throw conflict('importNotStaged');
    const lines = JSON.parse(record.source) as TableLine[];
    const target = await resolveTarget(trx, userId, record);
    const file = mappedFile(record.format as 'csv' | 'xlsx', lines, mapping, digits);
    const rows = await stageRows(trx, userId, target, file);
    await updateImport(trx, userId, id, {
      status: 'staged',
      source: null,
      mapping: JSON.stringify(mapping),
      ...counts(rows),
    });
    await insertImportRows(trx, stagedRowValues(userId, id, rows));
    await saveMapping(trx, userId, targetKey(target), JSON.stringify(mapping), nowIso());
  });
  return summaryOf(db, userId, languageId, id);
}

/** One import as the API answers it; a table waiting for its mapping also carries its columns and first rows. */
export async function summaryOf(
  db: Db,
  userId: number,
  _languageId: number,
  id: number,
): Promise<ImportSummary> {
  const record = await findImport(db, userId, id);
  if (!record) throw notFound('importNotFound');
  return withMappingStep(db, userId, record);
}

async function withMappingStep(db: Db, userId: number, record: ImportRecord): Promise<ImportSummary> {
  const summary = toImportSummary(record);
  if (record.status !== 'needs_mapping' || record.source === null) return summary;
  const lines = JSON.parse(record.source) as TableLine[];
  const target = targetKey(
    record.account_id !== null
      ? { kind: 'account', id: record.account_id }
      : { kind: 'card', id: record.card_id as number },
  );
  const saved = await findMapping(db, userId, target);
  const savedMapping = saved ? importMappingSchema.safeParse(JSON.parse(saved)) : undefined;
  const mapping = savedMapping?.success ? savedMapping.data : suggestMapping(lines);
  // The first lines as they are (preamble and header included): the mapping step previews any skip and
  // header choice on them without asking again.
  return {
    ...summary,
    columns: mapping.header ? (lines[mapping.skip_lines]?.cells ?? []) : [],
    sample: lines.slice(0, SAMPLE_LINES).map((l) => l.cells),
    mapping,
  };
}
