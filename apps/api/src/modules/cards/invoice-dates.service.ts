import { addMonths, type Invoice, type InvoiceUpdateBody, type IsoDate, todayIso } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { validationError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { updateInvoiceDates } from './cards.repository.ts';
import { invoiceOr404, invoiceWithEntries } from './cards.service.ts';
import { invoiceDateProblems } from './invoice-math.ts';
import { recomputeInvoiceMonths } from './invoice-months.ts';

/** PUT /invoice/{id}: date overrides; the entries of the unpaid invoices around it follow the new closing date. */
export async function updateInvoice(
  db: Db,
  userId: number,
  id: number,
  body: InvoiceUpdateBody,
  today: IsoDate = todayIso(),
): Promise<Invoice> {
  const { card, invoice } = await inTransaction(db, async (trx) => {
    const found = await invoiceOr404(trx, userId, id, { lock: true });
    if (body.close_date === undefined && body.due_date === undefined) return found;
    const next = {
      close_date: body.close_date !== undefined ? body.close_date : found.invoice.close_date,
      due_date: body.due_date !== undefined ? body.due_date : found.invoice.due_date,
    };
    const problems = invoiceDateProblems(found.card, found.invoice.month, next);
    if (problems) throw validationError(problems);
    await updateInvoiceDates(trx, userId, id, { ...next, updated_at: nowIso() });
    const m = found.invoice.month;
    await recomputeInvoiceMonths(trx, userId, found.card, [addMonths(m, -1), m, addMonths(m, 1)]);
    return found;
  });
  return invoiceWithEntries(db, userId, card, invoice.month, today);
}
