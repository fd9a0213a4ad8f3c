import {
  addMonths,
  dateInMonth,
  type Entry,
  type EntryScope,
  type EntryUpdateInput,
  monthDiff,
  monthOf,
} from '@centavo/shared';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { EntriesTable, EntrySeriesTable } from '../../db/tables/ledger.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { invoiceMonthsFor } from '../money-core/closing.ts';
import { applyEntryChanges } from '../money-core/effects.ts';
import {
  deleteEntries,
  type EntryRow,
  findEntryById,
  replaceEntryTags,
  toEntry,
  updateEntries,
  updateEntry as updateEntryRow,
} from '../money-core/entry-rows.repository.ts';
import {
  deleteSeries,
  findLastSeriesDate,
  findSeriesById,
  findSeriesEntries,
  type SeriesRow,
  setSeriesEntriesLimit,
  updateSeries,
} from '../money-core/series.repository.ts';
import { extendSeries, horizonMonth } from '../money-core/series.ts';
import { type Refs, resolveRefs, resolveTags } from './refs.service.ts';

// Changes to existing entries: PUT, DELETE and the paid flag. PUT and DELETE take a scope over a series:
// this entry, this and the following, or the whole series.

/** The entries a scoped change applies to: this one, this and the following, or the whole series; locked. */
async function entriesInScope(
  db: Db,
  userId: number,
  target: EntryRow,
  scope: EntryScope,
): Promise<EntryRow[]> {
  if (scope === 'one' || target.series_id === null) return [target];
  return findSeriesEntries(db, userId, target.series_id, scope === 'next' ? target : undefined, {
    lock: true,
  });
}

/**
 * The entry a write changes, locked for the rest of the transaction: a concurrent write of it waits, then
 * reads what this one left (a second delete finds nothing: 404). With `withSeries` (a series-wide edit, a
 * delete, which may end its series) the entry's series is locked first, so writes on one series queue there
 * (docs/decisions/concurrency.md).
 */
async function lockTarget(trx: Db, userId: number, id: number, withSeries: boolean): Promise<EntryRow> {
  if (withSeries) {
    const seen = await findEntryById(trx, userId, id);
    if (seen?.series_id != null) await findSeriesById(trx, userId, seen.series_id, { lock: true });
  }
  const target = await findEntryById(trx, userId, id, { lock: true });
  if (!target) throw notFound('entryNotFound');
  return target;
}

/**
 * PUT /entry/{id}?scope=: the given fields go to every entry in scope. A changed date moves the target; with
 * scope next/all it sets the day of month of each occurrence (clamped) and keeps their months. For a fixed
 * series, scope next/all also updates the template of future occurrences, and limit_fixed_date shortens
 * (deleting occurrences after it) or extends the series.
 */
export async function updateEntry(
  db: Db,
  userId: number,
  id: number,
  patch: EntryUpdateInput,
  scope: EntryScope,
  now = new Date(),
): Promise<Entry> {
  return inTransaction(db, async (trx) => {
    const target = await lockTarget(trx, userId, id, scope !== 'one');
    refusePayment(target);
    const given = <T>(value: T | undefined, current: T): T => (value !== undefined ? value : current);
    const refs = await resolveRefs(trx, userId, {
      operation_id: patch.operation_id ?? target.operation_id,
      category_id: given(patch.category_id, target.category_id),
      // Taking the category away ("no category") takes its subcategory with it unless one is named.
      sub_category_id:
        patch.category_id === null
          ? (patch.sub_category_id ?? null)
          : given(patch.sub_category_id, target.sub_category_id),
      account_id: given(patch.account_id, target.account_id),
      card_id: given(patch.card_id, target.card_id),
      destination_account_id: given(patch.destination_account_id, target.destination_account_id),
    });
    const tagIds = patch.tags !== undefined ? await resolveTags(trx, userId, patch.tags) : undefined;
    const series =
      target.series_id !== null ? await findSeriesById(trx, userId, target.series_id) : undefined;
    const seriesWide = scope !== 'one' && series !== undefined;
    const newTargetDate = patch.date ?? target.date;
    if (
      patch.limit_fixed_date &&
      seriesWide &&
      series.kind === 'fixed' &&
      patch.limit_fixed_date < newTargetDate
    ) {
      throw validationError({ limit_fixed_date: 'notBeforeDate' });
    }

    const stamp = now.toISOString();
    // Only what the request names goes to every entry in scope: a scope=all category change must not copy
    // the target's account onto occurrences edited on their own. A new operation re-derives every reference.
    const givenRefs: Partial<Refs> = {};
    for (const key of Object.keys(refs) as Array<keyof Refs>) {
      const cleared = key === 'sub_category_id' && patch.category_id === null;
      if (patch.operation_id !== undefined || patch[key] !== undefined || cleared)
        Object.assign(givenRefs, { [key]: refs[key] });
    }
    const common: Updateable<EntriesTable> = { ...givenRefs, updated_at: stamp };
    if (patch.description !== undefined) common.description = patch.description;
    if (patch.value !== undefined) common.value = patch.value;
    if (patch.notes !== undefined) common.notes = patch.notes;
    if (patch.paid !== undefined) {
      common.paid = patch.paid ? 1 : 0;
      common.paid_at = patch.paid ? stamp : null;
    }
    if (tagIds !== undefined) common.tag_ids = tagIds.join(',');

    const before = await entriesInScope(trx, userId, target, scope);
    const day = Number(newTargetDate.slice(8, 10));
    const dateFor = (row: EntryRow): string => {
      if (patch.date === undefined) return row.date;
      if (!seriesWide) return patch.date;
      return dateInMonth(monthOf(row.date), day);
    };
    const after: EntryRow[] = before.map((row) => ({ ...row, ...common, date: dateFor(row) }) as EntryRow);
    const invoiceMoved = await placeInInvoices(trx, userId, target, after, patch, series, seriesWide);
    await applyEntryChanges(trx, userId, before, after);
    const ids = before.map((r) => r.id);
    if (invoiceMoved) {
      for (const row of after) {
        await updateEntryRow(trx, userId, row.id, {
          ...common,
          date: row.date,
          invoice_month: row.invoice_month,
        });
      }
    } else if (patch.date !== undefined && patch.date !== target.date) {
      for (const row of after) await updateEntryRow(trx, userId, row.id, { ...common, date: row.date });
    } else {
      await updateEntries(trx, userId, ids, common);
    }
    if (tagIds !== undefined) await replaceEntryTags(trx, userId, ids, tagIds);

    if (seriesWide) {
      const template: Updateable<EntrySeriesTable> = { ...givenRefs, updated_at: stamp };
      if (patch.description !== undefined) template.description = patch.description;
      if (patch.value !== undefined) template.value = patch.value;
      if (patch.notes !== undefined) template.notes = patch.notes;
      if (tagIds !== undefined) template.tag_ids = tagIds.join(',');
      if (patch.date !== undefined) template.day = day;
      await updateSeries(trx, userId, series.id, template);
      if (series.kind === 'fixed' && patch.limit_fixed_date !== undefined) {
        await changeSeriesLimit(
          trx,
          userId,
          { ...series, ...template } as SeriesRow,
          patch.limit_fixed_date,
          now,
        );
      }
    }
    const updated = await findEntryById(trx, userId, id);
    if (!updated) throw notFound('entryNotFound');
    return toEntry(updated);
  });
}

/** Invoice payments are written by POST /invoice/{id}/paid only (they are part of the invoice's figures). */
function refusePayment(row: EntryRow): void {
  if (row.invoice_id !== null) throw validationError({ invoice_id: 'invoicePaymentEntry' });
}

/**
 * After a change of date, card, operation or invoice_month, each card entry in scope goes to the invoice
 * the closing rule gives its date (moved as its fixed series is); an invoice_month in the body moves the
 * target by at most one invoice and the others in scope by as many. A fixed series moved with scope next/all
 * keeps the move as its own (entry_series.invoice_shift), for the occurrences written later too. Answers
 * whether invoice months were (re)computed.
 */
async function placeInInvoices(
  trx: Db,
  userId: number,
  target: EntryRow,
  after: EntryRow[],
  patch: EntryUpdateInput,
  series: SeriesRow | undefined,
  seriesWide: boolean,
): Promise<boolean> {
  const relevant =
    patch.date !== undefined ||
    patch.card_id !== undefined ||
    patch.account_id !== undefined ||
    patch.operation_id !== undefined ||
    patch.invoice_month !== undefined;
  if (!relevant) return false;
  const targetAfter = after.find((r) => r.id === target.id) ?? target;
  const fixedSeries = series?.kind === 'fixed' && target.card_id !== null ? series : undefined;
  let shift = fixedSeries ? Number(fixedSeries.invoice_shift) : 0;
  if (targetAfter.card_id !== null && patch.invoice_month != null) {
    const [computed] = await invoiceMonthsFor(
      trx,
      userId,
      targetAfter.card_id,
      [targetAfter.date],
      undefined,
    );
    const [chosen] = await invoiceMonthsFor(
      trx,
      userId,
      targetAfter.card_id,
      [targetAfter.date],
      patch.invoice_month,
    );
    shift = monthDiff(computed as string, chosen as string);
    if (fixedSeries && seriesWide && shift !== Number(fixedSeries.invoice_shift))
      await updateSeries(trx, userId, fixedSeries.id, { invoice_shift: shift });
  } else if (targetAfter.card_id === null && patch.invoice_month != null) {
    throw validationError({ invoice_month: 'invoiceMonthCardOnly' });
  }
  for (const row of after) {
    if (row.card_id === null) {
      row.invoice_month = null;
      continue;
    }
    const [month] = await invoiceMonthsFor(trx, userId, row.card_id, [row.date], undefined);
    row.invoice_month = addMonths(month as string, shift);
  }
  return true;
}

/**
 * New last date of a fixed series: occurrences after it are deleted; when it moves later (or to no end) the
 * series is materialised again from its last occurrence through the horizon.
 */
async function changeSeriesLimit(
  db: Db,
  userId: number,
  series: SeriesRow,
  limit: string | null,
  now: Date,
): Promise<void> {
  if (limit) {
    const doomed = (await findSeriesEntries(db, userId, series.id, undefined, { lock: true })).filter(
      (r) => r.date > limit,
    );
    if (doomed.length > 0) {
      await applyEntryChanges(db, userId, doomed, []);
      await deleteEntries(
        db,
        userId,
        doomed.map((r) => r.id),
      );
    }
  }
  const last = await findLastSeriesDate(db, userId, series.id);
  const generated = last ? monthOf(last) : series.generated_through;
  const through = limit && monthOf(limit) < series.generated_through ? monthOf(limit) : generated;
  await updateSeries(db, userId, series.id, { limit_fixed_date: limit, generated_through: through });
  await setSeriesEntriesLimit(db, userId, series.id, limit);
  await extendSeries(
    db,
    userId,
    { ...series, limit_fixed_date: limit, generated_through: through },
    horizonMonth(now),
  );
}

/**
 * DELETE /entry/{id}?scope=: one occurrence, this and the following (a fixed series then ends at the last
 * remaining occurrence), or the whole series.
 */
export async function deleteEntry(db: Db, userId: number, id: number, scope: EntryScope): Promise<void> {
  await inTransaction(db, async (trx) => {
    const target = await lockTarget(trx, userId, id, true);
    refusePayment(target);
    const doomed = await entriesInScope(trx, userId, target, scope);
    await applyEntryChanges(trx, userId, doomed, []);
    await deleteEntries(
      trx,
      userId,
      doomed.map((r) => r.id),
    );
    if (target.series_id === null) return;
    const series = await findSeriesById(trx, userId, target.series_id);
    if (!series) return;
    const last = await findLastSeriesDate(trx, userId, series.id);
    if (scope === 'all' || (last === undefined && series.kind === 'installment')) {
      await deleteSeries(trx, userId, series.id);
      return;
    }
    if (scope === 'next' && series.kind === 'fixed') {
      if (last === undefined) {
        await deleteSeries(trx, userId, series.id);
        return;
      }
      await updateSeries(trx, userId, series.id, { limit_fixed_date: last });
      await setSeriesEntriesLimit(trx, userId, series.id, last);
    }
  });
}

/** POST /entry/{id}/paid: sets paid and paid_at, and moves the amount between paid and unpaid aggregates. */
export async function setEntryPaid(db: Db, userId: number, id: number, paid: boolean): Promise<Entry> {
  return inTransaction(db, async (trx) => {
    // Locked: of two requests setting the same state, the second sees it set and changes nothing.
    const target = await lockTarget(trx, userId, id, false);
    refusePayment(target);
    if ((target.paid === 1) === paid) return toEntry(target);
    const stamp = nowIso();
    const changes = { paid: paid ? 1 : 0, paid_at: paid ? stamp : null, updated_at: stamp };
    const after = { ...target, ...changes };
    await applyEntryChanges(trx, userId, [target], [after]);
    await updateEntryRow(trx, userId, id, changes);
    return toEntry(after);
  });
}
