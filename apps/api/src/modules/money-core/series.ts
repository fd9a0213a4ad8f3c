import { addMonths, currentMonth, dateInMonth, monthOf } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { nowIso } from '../../lib/time.ts';
import { invoiceMonthsFor } from './closing.ts';
import { applyEntryChanges, isMoneyLimitError } from './effects.ts';
import {
  findOwnedTagIds,
  insertEntries,
  insertEntryTags,
  type NewEntryRow,
  parseTagIds,
} from './entry-rows.repository.ts';
import {
  anySeriesToExtend,
  claimSeriesExtension,
  findSeriesToExtend,
  type SeriesRow,
} from './series.repository.ts';

/**
 * Fixed series are materialised (docs/decisions/fixed-entries.md): occurrences exist as rows through
 * `generated_through`, which is at least HORIZON_MONTHS past the current month when the series is created and
 * is moved forward lazily when a later month is read.
 */
export const HORIZON_MONTHS = 24;
/** Lazy extension stops this far ahead of today: a request for the year 9999 must not write 95 000 rows. */
export const MAX_EXTENSION_MONTHS = 600;

export function horizonMonth(now: Date = new Date()): string {
  return addMonths(currentMonth(now), HORIZON_MONTHS);
}

/** Occurrence dates of a fixed series in months [from, to], clamped, never before start nor after limit. */
export function occurrenceDates(
  day: number,
  start: string,
  limit: string | null,
  from: string,
  to: string,
): string[] {
  const dates: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) {
    const date = dateInMonth(month, day);
    if (date < start) continue;
    if (limit && date > limit) break;
    dates.push(date);
  }
  return dates;
}

/**
 * Materialises a series' occurrences after generated_through up to `target` (the caller's transaction).
 * When they would take the user's money volume past MAX_TOTAL_CENTS, it materialises nothing and the read
 * that asked goes on (docs/decisions/money-limits.md).
 */
export async function extendSeries(db: Db, userId: number, series: SeriesRow, target: string): Promise<void> {
  const limitMonth = series.limit_fixed_date ? monthOf(series.limit_fixed_date) : null;
  const to = limitMonth && limitMonth < target ? limitMonth : target;
  if (to <= series.generated_through) return;
  if (!(await claimSeriesExtension(db, userId, series.id, series.generated_through, to))) return;
  const from = addMonths(series.generated_through, 1);
  const dates = occurrenceDates(series.day, `${from}-01`, series.limit_fixed_date, from, to);
  if (dates.length === 0) return;
  // Tags deleted since the series was created are dropped from the template's copy.
  const templateTags = parseTagIds(series.tag_ids);
  const owned = await findOwnedTagIds(db, userId, templateTags);
  const tagIds = templateTags.filter((t) => owned.has(t));
  const now = nowIso();
  const rows: NewEntryRow[] = dates.map((date) => ({
    user_id: userId,
    description: series.description,
    value: series.value,
    date,
    operation_id: series.operation_id,
    category_id: series.category_id,
    sub_category_id: series.sub_category_id,
    account_id: series.account_id,
    card_id: series.card_id,
    destination_account_id: series.destination_account_id,
    paid: 0,
    paid_at: null,
    notes: series.notes,
    fixed: 1,
    limit_fixed_date: series.limit_fixed_date,
    series_id: series.id,
    installment_number: null,
    installment_count: null,
    tag_ids: tagIds.join(','),
    invoice_month: null,
    invoice_id: null,
    created_at: now,
    updated_at: now,
  }));
  // A fixed card charge lands in the invoice of each occurrence's date, moved as its series was.
  if (series.card_id !== null) {
    const months = await invoiceMonthsFor(
      db,
      userId,
      series.card_id,
      rows.map((r) => r.date),
      undefined,
      Number(series.invoice_shift),
    );
    rows.forEach((r, i) => {
      r.invoice_month = months[i] ?? null;
    });
  }
  try {
    await applyEntryChanges(db, userId, [], rows);
  } catch (error) {
    if (!isMoneyLimitError(error)) throw error;
    // At the money limit the series stops materialising (nothing was written): it is given its claim back,
    // and a later read tries again, which succeeds once amounts have been deleted or lowered.
    await claimSeriesExtension(db, userId, series.id, to, series.generated_through);
    return;
  }
  const ids = await insertEntries(db, rows);
  await insertEntryTags(db, userId, ids, tagIds);
}

/** The month materialiseSeriesThrough materialises to at most: `month`, capped MAX_EXTENSION_MONTHS ahead. */
export function extensionMonth(month: string, now = new Date()): string {
  const cap = addMonths(currentMonth(now), MAX_EXTENSION_MONTHS);
  return month > cap ? cap : month;
}

/** Whether materialiseSeriesThrough(month) would have anything to do (a read; nothing is written). */
export function seriesNeedExtension(db: Db, userId: number, month: string, now = new Date()) {
  return anySeriesToExtend(db, userId, extensionMonth(month, now));
}

/**
 * Writes the occurrences of every open fixed series of the user through `month`. Reads call it before
 * reading a month's entries, balances, budgets or reports: this is the one write a read may do, named for it
 * (STYLE.md "Reads do not write"). Fixed series are materialised so that each occurrence can be paid or
 * edited on its own and every aggregate counts it (docs/decisions/fixed-entries.md); computing them on read
 * instead would put the series into every aggregate query. Usually one indexed lookup that finds nothing.
 */
export async function materialiseSeriesThrough(
  db: Db,
  userId: number,
  month: string,
  now = new Date(),
): Promise<void> {
  const cap = addMonths(currentMonth(now), MAX_EXTENSION_MONTHS);
  const wanted = extensionMonth(month, now);
  const candidates = await findSeriesToExtend(db, userId, wanted);
  if (candidates.length === 0) return;
  // Extend a little further than asked so that browsing month by month does not write every time.
  const horizon = horizonMonth(now);
  const target = wanted > horizon ? addMonths(wanted, 12) : horizon;
  await inTransaction(db, async (trx) => {
    for (const series of candidates) await extendSeries(trx, userId, series, target > cap ? cap : target);
  });
}
