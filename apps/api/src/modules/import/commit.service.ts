import { addMonthsToDate, type ImportCommit, OPERATIONS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { createMissingInvoices } from '../cards/cards.repository.ts';
import { payInvoice } from '../cards/cards.service.ts';
import { findVisibleCategories, findVisibleSubcategories } from '../categories/categories.repository.ts';
import { type LogRequest, recordAccountLog } from '../identity/index.ts';
import { insertEntriesInBulk, insertInstallmentSeries } from '../money-core/bulk-writes.ts';
import { monthFor } from '../money-core/closing.ts';
import { LONE_ENTRY, type NewEntryRow } from '../money-core/entry-rows.repository.ts';
import { targetKey } from './classify.ts';
import {
  claimImport,
  findImport,
  findIncludedRows,
  type ImportRecord,
  type ImportRowRecord,
  insertImportKeys,
  updateImport,
  updateImportRow,
} from './import.repository.ts';
import { resolveTarget } from './import.service.ts';
import { installmentKey } from './match.ts';
import { importOr404, leftOutCounts } from './rows.service.ts';

/** The answer of a commit, from what the import row recorded (so a repeated commit answers the same). */
function answerOf(record: ImportRecord): ImportCommit {
  return {
    id: Number(record.id),
    created: Number(record.created_count ?? 0),
    payments: Number(record.payment_count ?? 0),
    skipped: Number(record.left_count ?? 0),
    duplicates: Number(record.duplicates_left ?? 0),
  };
}

/**
 * POST /import/{id}/commit (DESIGN.md §8): the included rows into the ledger in ONE transaction. Entries go
 * in batches through insertEntriesInBulk — applyEntryChanges with every row at once, as single creates — an
 * installment row as its purchase's installments from N to M (one series), and a card payment through the
 * same code as POST /invoice/{id}/paid. Each entry's key goes to import_keys (later files, undo).
 *
 * Idempotent by the import's status: the first commit claims the staged import with a conditional UPDATE;
 * any later one (a retry with the same Idempotency-Key, a double click) answers the first answer and writes
 * nothing. The route also runs it through the API's one Idempotency-Key mechanism (lib/idempotency.ts); the key
 * is recorded with the import too.
 */
export async function commitImport(
  db: Db,
  userId: number,
  id: number,
  idempotencyKey: string | null,
  request: LogRequest,
): Promise<ImportCommit> {
  return inTransaction(db, async (trx) => {
    const record = await importOr404(trx, userId, id);
    if (record.status === 'needs_mapping') throw conflict('importNeedsMapping');
    if (
      !(await claimImport(trx, userId, id, 'staged', {
        status: 'committed',
        idempotency_key: idempotencyKey,
      }))
    ) {
      return answerOf((await findImport(trx, userId, id)) as ImportRecord);
    }
    const target = await resolveTarget(trx, userId, record);
    const rows = (await findIncludedRows(trx, userId, id)).filter((r) => r.status !== 'skipped');
    const stamp = nowIso();
    const refs = await categoryRefs(trx, userId);
    const entries: NewEntryRow[] = [];
    const keys: string[] = [];
    const card = target.kind === 'card' ? target : null;
    for (const row of rows.filter((r) => Number(r.operation_id) !== OPERATIONS.transfer)) {
      const [categoryId, subId] = refs(row);
      const base: NewEntryRow = {
        user_id: userId,
        description: row.description,
        value: Number(row.value),
        date: row.date as string,
        operation_id: Number(row.operation_id),
        category_id: categoryId,
        sub_category_id: subId,
        account_id: card ? null : target.id,
        card_id: card ? card.id : null,
        destination_account_id: null,
        // A statement's account lines have happened: paid. Card purchases are paid with their invoice.
        paid: card ? 0 : 1,
        paid_at: card ? null : stamp,
        ...LONE_ENTRY,
        invoice_month: card ? monthFor(card.closing, row.date as string) : null,
        invoice_id: null,
        created_at: stamp,
        updated_at: stamp,
      };
      if (row.installment_number === null || !card) {
        entries.push(base);
        keys.push(row.dedupe_key as string);
        continue;
      }
      // Installment N of M: this one and the ones still to come, one month apart, each in its own invoice.
      const n = Number(row.installment_number);
      const m = Number(row.installment_count);
      const seriesId = await insertInstallmentSeries(trx, {
        user_id: userId,
        day: Number(base.date.slice(8, 10)),
        generated_through: addMonthsToDate(base.date, m - n).slice(0, 7),
        description: base.description,
        value: base.value,
        operation_id: base.operation_id,
        category_id: categoryId,
        sub_category_id: subId,
        account_id: null,
        card_id: card.id,
        destination_account_id: null,
        notes: null,
        tag_ids: '',
        created_at: stamp,
        updated_at: stamp,
      });
      const group = (row.dedupe_key as string).replace(/\|\d+#\d+$/, '');
      for (let k = n; k <= m; k++) {
        const date = addMonthsToDate(base.date, k - n);
        entries.push({
          ...base,
          date,
          series_id: seriesId,
          installment_number: k,
          installment_count: m,
          invoice_month: monthFor(card.closing, date),
        });
        keys.push(installmentKey(group, k));
      }
    }
    const ids = await insertEntriesInBulk(trx, userId, entries);
    const keyRows = ids.map((entryId, i) => ({
      user_id: userId,
      target: targetKey(target),
      key: keys[i] as string,
      entry_id: entryId,
      import_id: id,
    }));
    let payments = 0;
    if (card) {
      // In date order: a payment settles what earlier ones left (a partial payment's rest is carried).
      const paymentRows = rows
        .filter((r) => Number(r.operation_id) === OPERATIONS.transfer)
        .sort((x, y) =>
          (x.date as string) < (y.date as string) ? -1 : (x.date as string) > (y.date as string) ? 1 : 0,
        );
      for (const row of paymentRows) {
        const entryId = await payInvoiceOf(trx, userId, card.id, card.accountId, row);
        if (entryId === null) continue;
        payments += 1;
        keyRows.push({
          user_id: userId,
          target: targetKey(target),
          key: row.dedupe_key as string,
          entry_id: entryId,
          import_id: id,
        });
      }
    }
    await insertImportKeys(trx, keyRows);
    const { left, duplicates } = await leftOutCounts(trx, userId, id);
    const paymentRows = rows.filter((r) => Number(r.operation_id) === OPERATIONS.transfer).length;
    // Left out: rows not included (duplicates among them), skipped ones, and payments an invoice refused.
    const answer = {
      id,
      created: entries.length,
      payments,
      skipped: left + paymentRows - payments,
      duplicates,
    };
    await updateImport(trx, userId, id, {
      created_count: entries.length,
      payment_count: payments,
      left_count: answer.skipped,
      duplicates_left: duplicates,
      committed_at: nowIso(),
    });
    await recordAccountLog(trx, userId, 'import_committed', request, {
      import_id: id,
      file: record.file_name,
      created: entries.length,
      payments,
    });
    return answer;
  });
}

/**
 * A payment row through POST /invoice/{id}/paid's own code (payInvoice): the invoice it pays (created when
 * first needed), from the card's paying account, of the row's value on its date. A payment the invoice refuses
 * (nothing owed there, more than twice what is owed) is left out with that reason on the row. Answers the
 * payment entry's id, or null when refused.
 */
async function payInvoiceOf(
  trx: Db,
  userId: number,
  cardId: number,
  accountId: number | null,
  row: ImportRowRecord,
): Promise<number | null> {
  const [invoice] = await createMissingInvoices(
    trx,
    userId,
    [{ card_id: cardId, month: row.invoice_month as string }],
    nowIso(),
  );
  if (!invoice || accountId === null) return null;
  try {
    await payInvoice(trx, userId, invoice.id, {
      paid: true,
      account_id: accountId,
      date: row.date as string,
      value: Number(row.value),
    });
  } catch (error) {
    // Refused before anything was written (reads, then a 422): the transaction goes on without this row.
    if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
    await updateImportRow(trx, userId, Number(row.import_id), Number(row.line), {
      note_key: 'paymentRefused',
      note_params: JSON.stringify({ month: row.invoice_month }),
    });
    return null;
  }
  const paid = await trx
    .selectFrom('entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', userId)
    .where('invoice_id', '=', invoice.id)
    .executeTakeFirst();
  return paid?.id == null ? null : Number(paid.id);
}

/**
 * A row's category as it can be written now: one deleted (or hidden from the user) since staging leaves the
 * row uncategorised rather than failing the commit; a subcategory must still belong to its category.
 */
async function categoryRefs(trx: Db, userId: number) {
  const [categories, subs] = await Promise.all([
    findVisibleCategories(trx, userId),
    findVisibleSubcategories(trx, userId),
  ]);
  const known = new Set(categories.map((c) => Number(c.id)));
  const subOf = new Map(subs.map((s) => [Number(s.id), Number(s.category_id)]));
  return (row: ImportRowRecord): [number | null, number | null] => {
    const c = row.category_id === null ? null : Number(row.category_id);
    if (c === null || !known.has(c)) return [null, null];
    const s = row.sub_category_id === null ? null : Number(row.sub_category_id);
    return [c, s !== null && subOf.get(s) === c ? s : null];
  };
}
