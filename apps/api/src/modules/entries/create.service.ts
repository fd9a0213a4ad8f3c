import { addMonthsToDate, type Entry, type EntryCreateInput, monthOf, splitCents } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invoicePlacement } from '../money-core/closing.ts';
import { applyEntryChanges } from '../money-core/effects.ts';
import {
  insertEntries,
  insertEntryTags,
  type NewEntryRow,
  toEntry,
} from '../money-core/entry-rows.repository.ts';
import { insertSeries, updateSeries } from '../money-core/series.repository.ts';
import { horizonMonth, occurrenceDates } from '../money-core/series.ts';
import { type Refs, resolveRefs, resolveTags } from './refs.service.ts';

/**
 * POST /entry: a single entry, an installment purchase (N rows, remainder cents on the first) or a fixed
 * series (occurrences materialised through the horizon). One transaction including the aggregates; answers
 * the first entry.
 */
export async function createEntry(
  db: Db,
  userId: number,
  body: EntryCreateInput,
  now = new Date(),
): Promise<Entry> {
  const stamp = now.toISOString();
  const baseRow = (refs: Refs, tagIds: number[]): NewEntryRow => ({
    user_id: userId,
    description: body.description,
    value: body.value,
    date: body.date,
    ...refs,
    paid: body.paid ? 1 : 0,
    paid_at: body.paid ? stamp : null,
    notes: body.notes ?? null,
    fixed: 0,
    limit_fixed_date: null,
    series_id: null,
    installment_number: null,
    installment_count: null,
    tag_ids: tagIds.join(','),
    invoice_month: null,
    invoice_id: null,
    created_at: stamp,
    updated_at: stamp,
  });
  return inTransaction(db, async (trx) => {
    const refs = await resolveRefs(trx, userId, body);
    const tagIds = await resolveTags(trx, userId, body.tags);
    const base = baseRow(refs, tagIds);
    let rows: NewEntryRow[] = [base];
    const day = Number(body.date.slice(8, 10));
    const seriesTemplate = {
      user_id: userId,
      day,
      description: body.description,
      value: body.value,
      ...refs,
      notes: body.notes ?? null,
      tag_ids: tagIds.join(','),
      created_at: stamp,
      updated_at: stamp,
    };
    if (body.installments) {
      const count = body.installments;
      const values = splitCents(body.value, count);
      const seriesId = await insertSeries(trx, {
        ...seriesTemplate,
        kind: 'installment',
        limit_fixed_date: null,
        generated_through: monthOf(addMonthsToDate(body.date, count - 1)),
      });
      // Only the first installment takes the paid flag sent: the others fall due in later months.
      rows = values.map((value, i) => ({
        ...base,
        value,
        date: addMonthsToDate(body.date, i),
        paid: i === 0 ? base.paid : 0,
        paid_at: i === 0 ? base.paid_at : null,
        series_id: seriesId,
        installment_number: i + 1,
        installment_count: count,
      }));
    } else if (body.fixed) {
      const startMonth = monthOf(body.date);
      const horizon = horizonMonth(now);
      let through = horizon > startMonth ? horizon : startMonth;
      const limit = body.limit_fixed_date ?? null;
      if (limit && monthOf(limit) < through) through = monthOf(limit);
      const seriesId = await insertSeries(trx, {
        ...seriesTemplate,
        kind: 'fixed',
        limit_fixed_date: limit,
        generated_through: through,
      });
      const dates = occurrenceDates(day, body.date, limit, startMonth, through);
      rows = dates.map((date, i) => ({
        ...base,
        date,
        paid: i === 0 ? base.paid : 0,
        paid_at: i === 0 ? base.paid_at : null,
        fixed: 1,
        limit_fixed_date: limit,
        series_id: seriesId,
      }));
    }
    // Card entries land in the invoice the closing rule gives their date (each installment in its own).
    const { months, shift } = await invoicePlacement(
      trx,
      userId,
      refs.card_id,
      rows.map((r) => r.date),
      body.invoice_month,
    );
    rows = rows.map((r, i) => ({ ...r, invoice_month: months[i] ?? null }));
    // A fixed card charge moved to another invoice: the move is the series' own, so that occurrences
    // written later and a change of the card's days keep it (DESIGN.md §4).
    const seriesId = rows[0]?.series_id;
    if (body.fixed && shift !== 0 && seriesId != null)
      await updateSeries(trx, userId, seriesId, { invoice_shift: shift });
    const ids = await insertEntries(trx, rows);
    await insertEntryTags(trx, userId, ids, tagIds);
    await applyEntryChanges(trx, userId, [], rows);
    const first = rows[0] as NewEntryRow;
    return toEntry({ ...first, id: ids[0] as number });
  });
}
