import {
  type ImportRow,
  type ImportRowList,
  type ImportRowStatus,
  type ImportRowUpdate,
  type LocaleCode,
  OPERATIONS,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound, validationError } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { localeOf } from '../../lib/messages.ts';
import { findVisibleCategory, findVisibleSubcategory } from '../categories/categories.repository.ts';
import { categoryTypeMessage } from '../categories/categories.service.ts';
import {
  countRows,
  findImport,
  findImportRow,
  findImportRows,
  type ImportRecord,
  type ImportRowRecord,
  updateImportRow,
} from './import.repository.ts';

/** GET and PUT of an import's staged rows (DESIGN.md §8): every row, its status, and the user's choices. */

function toRow(r: ImportRowRecord, locale: LocaleCode): ImportRow {
  const params = r.note_params ? (JSON.parse(r.note_params) as Record<string, string | number>) : null;
  return {
    line: Number(r.line),
    date: r.date,
    description: r.description,
    value: r.value === null ? null : Number(r.value),
    operation_id: r.operation_id === null ? null : Number(r.operation_id),
    external_id: r.external_id,
    status: r.status as ImportRowStatus,
    note: r.note_key ? translate(locale, `import:notes.${r.note_key}`, params ?? {}) : null,
    note_key: r.note_key,
    note_params: params,
    match_entry_id: r.match_entry_id === null ? null : Number(r.match_entry_id),
    category_id: r.category_id === null ? null : Number(r.category_id),
    sub_category_id: r.sub_category_id === null ? null : Number(r.sub_category_id),
    rule_id: r.rule_id === null ? null : Number(r.rule_id),
    include: Number(r.include) === 1,
    invoice_month: r.invoice_month,
    installment_number: r.installment_number === null ? null : Number(r.installment_number),
    installment_count: r.installment_count === null ? null : Number(r.installment_count),
  };
}

export async function importOr404(db: Db, userId: number, id: number): Promise<ImportRecord> {
  const record = await findImport(db, userId, id);
  if (!record) throw notFound('importNotFound');
  return record;
}

/** GET /import/{id}/rows: a page of the rows in line order, optionally of one status. */
export async function listImportRows(
  db: Db,
  userId: number,
  languageId: number,
  id: number,
  q: { page: number; per_page: number; status?: ImportRowStatus | undefined },
): Promise<ImportRowList> {
  await importOr404(db, userId, id);
  const { rows, total } = await findImportRows(db, userId, id, {
    status: q.status,
    page: q.page,
    perPage: q.per_page,
  });
  const locale = localeOf(languageId);
  return { data: rows.map((r) => toRow(r, locale)), meta: { total, page: q.page, per_page: q.per_page } };
}

/**
 * The category a row may take: an expense category for an expense, an income one for income on an account;
 * a card refund, like the entries it becomes, may carry the purchase's expense category (DESIGN.md §4); an
 * invoice payment has none. The subcategory must belong to the category.
 */
async function checkCategory(
  db: Db,
  userId: number,
  row: ImportRowRecord,
  card: boolean,
  categoryId: number,
  subId: number | null,
): Promise<void> {
  const operation = Number(row.operation_id);
  if (operation !== OPERATIONS.income && operation !== OPERATIONS.expense) {
    throw validationError({ category_id: 'isNotValid' });
  }
  const [category, sub] = await Promise.all([
    findVisibleCategory(db, userId, categoryId),
    subId !== null ? findVisibleSubcategory(db, userId, subId) : undefined,
  ]);
  if (!category) throw notFound('categoryNotFound', 'category_id');
  const wanted = operation === OPERATIONS.income ? 'income' : 'expense';
  const refund = card && operation === OPERATIONS.income && category.type === 'expense';
  if (category.type !== wanted && !refund)
    throw validationError({ category_id: categoryTypeMessage(wanted) });
  if (subId !== null) {
    if (!sub) throw notFound('subcategoryNotFound', 'sub_category_id');
    if (Number(sub.category_id) !== categoryId)
      throw validationError({ sub_category_id: 'belongsToCategory' });
  }
}

/** PUT /import/{id}/rows/{line}: include or leave out, category, description — while the import is staged. */
export async function updateImportRowChoice(
  db: Db,
  userId: number,
  languageId: number,
  id: number,
  line: number,
  body: ImportRowUpdate,
): Promise<ImportRow> {
  return inTransaction(db, async (trx) => {
    const record = await importOr404(trx, userId, id);
    if (record.status !== 'staged') throw conflict('importNotStaged');
    const row = await findImportRow(trx, userId, id, line);
    if (!row) throw notFound('importRowNotFound');
    const changes: Partial<ImportRowRecord> = {};
    if (body.include !== undefined) {
      if (body.include && row.status === 'skipped') throw validationError({ include: 'importRowSkipped' });
      changes.include = body.include ? 1 : 0;
    }
    if (body.category_id !== undefined) {
      const sub = body.category_id === null ? null : (body.sub_category_id ?? null);
      if (body.category_id !== null) {
        await checkCategory(trx, userId, row, record.card_id !== null, body.category_id, sub);
      } else if (body.sub_category_id != null) {
        throw validationError({ sub_category_id: 'belongsToCategory' });
      }
      changes.category_id = body.category_id;
      changes.sub_category_id = sub;
      // A category chosen by hand is no rule's any more.
      changes.rule_id = null;
    } else if (body.sub_category_id !== undefined) {
      if (row.category_id === null) {
        if (body.sub_category_id !== null) throw validationError({ sub_category_id: 'belongsToCategory' });
      } else {
        await checkCategory(
          trx,
          userId,
          row,
          record.card_id !== null,
          Number(row.category_id),
          body.sub_category_id,
        );
      }
      changes.sub_category_id = body.sub_category_id;
    }
    if (body.description !== undefined) changes.description = body.description;
    if (Object.keys(changes).length > 0) await updateImportRow(trx, userId, id, line, changes);
    return toRow({ ...row, ...changes }, localeOf(languageId));
  });
}

/** Keeps the import's counts in step after a commit (what was written and left out). */
export async function leftOutCounts(db: Db, userId: number, id: number) {
  const groups = await countRows(db, userId, id);
  let left = 0;
  let duplicates = 0;
  for (const g of groups) {
    if (g.include === 1 && g.status !== 'skipped') continue;
    left += g.n;
    if (g.status === 'duplicate') duplicates += g.n;
  }
  return { left, duplicates };
}
