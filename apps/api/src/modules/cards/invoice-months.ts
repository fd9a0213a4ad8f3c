import { addMonths } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { findCardTotals } from '../money-core/card-totals.repository.ts';
import { closingOf, monthFor } from '../money-core/closing.ts';
import { applyEntryChanges } from '../money-core/effects.ts';
import { type EntryRow, updateEntry } from '../money-core/entry-rows.repository.ts';
import { findSeriesShifts } from '../money-core/series.repository.ts';
import { type CardRow, findEntriesInInvoices } from './cards.repository.ts';

// Invoice months after a change of the closing rule (new card days, an invoice's new dates).

/**
 * Moves the entries of the card's unpaid invoices among `months` to the invoice the closing rule now gives
 * them (after new card days or an invoice's new dates); entries of invoices with payments stay.
 */
export async function recomputeInvoiceMonths(
  trx: Db,
  userId: number,
  card: CardRow,
  months?: readonly string[],
): Promise<void> {
  const totals = await findCardTotals(trx, userId, [card.id]);
  const paid = new Set(totals.filter((t) => t.paid !== 0).map((t) => t.month));
  const candidates = (months ?? totals.map((t) => t.month)).filter((m) => !paid.has(m));
  if (candidates.length === 0) return;
  const [closing, before, shifts] = await Promise.all([
    closingOf(trx, userId, card),
    findEntriesInInvoices(trx, userId, card.id, candidates),
    findSeriesShifts(trx, userId, card.id),
  ]);
  const moved: EntryRow[] = [];
  const after: EntryRow[] = [];
  for (const row of before) {
    // A fixed charge keeps its series' move to another invoice (DESIGN.md §4).
    const shift = row.series_id !== null ? (shifts.get(row.series_id) ?? 0) : 0;
    const month = addMonths(monthFor(closing, row.date), shift);
    if (month === row.invoice_month || paid.has(month)) continue;
    moved.push(row);
    after.push({ ...row, invoice_month: month });
  }
  if (moved.length === 0) return;
  await applyEntryChanges(trx, userId, moved, after);
  for (const row of after) await updateEntry(trx, userId, row.id, { invoice_month: row.invoice_month });
}
