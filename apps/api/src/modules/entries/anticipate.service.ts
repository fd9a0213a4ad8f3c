import type { Entry, IsoDate } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { findCardById } from '../cards/cards.repository.ts';
import { findCardTotals } from '../money-core/card-totals.repository.ts';
import { closingOf, monthFor } from '../money-core/closing.ts';
import { applyEntryChanges } from '../money-core/effects.ts';
import { type EntryRow, findEntryById, toEntry, updateEntries } from '../money-core/entry-rows.repository.ts';
import { findSeriesEntries } from '../money-core/series.repository.ts';

/**
 * POST /entry/{id}/anticipate ("antecipar parcelas", DESIGN.md §4): the installments of a card purchase that
 * fall in invoices after the open one come into the open invoice in one action. They take today's date, so
 * the closing rule itself places them there (a later change of the card's days keeps them in it); their
 * amounts are unchanged, so the card's limit is too (it already counted every installment). Installments in
 * invoices with payments stay where they are. One transaction; answers the installments moved.
 */
export async function anticipateInstallments(
  db: Db,
  userId: number,
  id: number,
  today: IsoDate,
): Promise<{ invoice_month: string; data: Entry[] }> {
  return inTransaction(db, async (trx) => {
    const target = await findEntryById(trx, userId, id);
    if (!target) throw notFound('entryNotFound');
    if (target.card_id === null || target.series_id === null || target.installment_count === null)
      throw validationError({ id: 'anticipateCardInstallments' });
    const card = await findCardById(trx, userId, target.card_id);
    if (!card) throw notFound('cardNotFound');
    const open = monthFor(await closingOf(trx, userId, card), today);
    const [rows, totals] = await Promise.all([
      findSeriesEntries(trx, userId, target.series_id),
      findCardTotals(trx, userId, [card.id]),
    ]);
    const paid = new Set(totals.filter((t) => t.paid !== 0).map((t) => t.month));
    const later = rows.filter(
      (r) =>
        r.invoice_id === null &&
        r.invoice_month !== null &&
        r.invoice_month > open &&
        !paid.has(r.invoice_month),
    );
    if (later.length === 0) throw validationError({ id: 'nothingToAnticipate' });
    const stamp = nowIso();
    const after: EntryRow[] = later.map((r) => ({
      ...r,
      date: today,
      invoice_month: open,
      updated_at: stamp,
    }));
    await applyEntryChanges(trx, userId, later, after);
    await updateEntries(
      trx,
      userId,
      later.map((r) => r.id),
      { date: today, invoice_month: open, updated_at: stamp },
    );
    return { invoice_month: open, data: after.map(toEntry) };
  });
}
