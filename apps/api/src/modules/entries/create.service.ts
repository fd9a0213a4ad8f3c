import {
  addMonthsToDate,
  type Entry,
  type EntryCreateInput,
  monthOf,
  OPERATIONS,
  splitCents,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invoicePlacement } from '../money-core/closing.ts';
import { applyEntryChanges } from '../money-core/effects.ts';
import {
  findOwnedTagIds,
  insertEntries,
  insertEntryTags,
  LONE_ENTRY,
  type NewEntryRow,
  toEntry,
} from '../money-core/entry-rows.repository.ts';
import { insertSeries, updateSeries } from '../money-core/series.repository.ts';
import { horizonMonth, occurrenceDates } from '../money-core/series.ts';
import { decideOnCreate } from '../rules/run.ts';
import { type Refs, resolveRefs, resolveTags } from './refs.service.ts';

/**
 * POST /entry: a single entry, an installment purchase (N rows, remainder cents on the first) or a fixed
 * series (occurrences materialised through the horizon). One transaction including the aggregates; answers
 * the first entry.
 */
export async function createEntry(
  db: Db,
  userId: number,
  input: EntryCreateInput,
  now = new Date(),
): Promise<Entry> {
  // `body` is what is written: the input, with what on_create rules set when it came without a category.
  let body = input;
  const stamp = now.toISOString();
  const baseRow = (refs: Refs, tagIds: number[]): NewEntryRow => ({
    user_id: userId,
    description: body.description,
    value: body.value,
    date: body.date,
    ...refs,
    paid: body.paid ? 1 : 0,
    paid_at: body.paid ? stamp : null,
    ...LONE_ENTRY,
    notes: body.notes ?? null,
    tag_ids: tagIds.join(','),
    invoice_month: null,
    invoice_id: null,
    created_at: stamp,
    updated_at: stamp,
  });
  return inTransaction(db, async (trx) => {
    const ruled = await withOnCreateRules(trx, userId, input);
    body = ruled.body;
    const refs = await resolveRefs(trx, userId, body);
    const tagIds = await resolveTags(trx, userId, body.tags);
    for (const id of ruled.tags) if (!tagIds.includes(id)) tagIds.push(id);
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

/**
 * DESIGN.md §9: an income or expense created without a category goes through the user's on_create rules (the
 * first match wins per action); one created with a category keeps it and no rule runs. Answers the input with
 * the category, subcategory, description and operation the rules set, and the tags they add (those the user
 * still has: a tag deleted since the rule was saved is left out).
 */
async function withOnCreateRules(
  trx: Db,
  userId: number,
  input: EntryCreateInput,
): Promise<{ body: EntryCreateInput; tags: number[] }> {
  const open = input.operation_id === OPERATIONS.income || input.operation_id === OPERATIONS.expense;
  if (input.category_id != null || input.sub_category_id != null || !open) return { body: input, tags: [] };
  const outcome = await decideOnCreate(trx, userId, {
    description: input.description,
    value: input.value,
    account_id: input.account_id ?? null,
    card_id: input.card_id ?? null,
    operation_id: input.operation_id,
  });
  if (!outcome) return { body: input, tags: [] };
  const ruleTags = outcome.tags?.ids ?? [];
  const owned = await findOwnedTagIds(trx, userId, ruleTags);
  return {
    body: {
      ...input,
      description: outcome.description?.value ?? input.description,
      operation_id: outcome.operation_id?.value ?? input.operation_id,
      category_id: outcome.category?.category_id ?? null,
      sub_category_id: outcome.category?.sub_category_id ?? null,
    },
    tags: ruleTags.filter((id) => owned.has(id)),
  };
}
