import type { Db } from '../../db/connection.ts';
import { entryCells } from '../entries/entries.export.ts';
import { findInvoiceEntries } from './cards.repository.ts';

/** The rows of one invoice (its entries and payments, by invoice_month, never by date), as the entries export. */
export async function invoiceExportRows(
  db: Db,
  userId: number,
  languageId: number,
  cardId: number,
  month: string,
) {
  return entryCells(db, userId, languageId, await findInvoiceEntries(db, userId, cardId, month));
}
