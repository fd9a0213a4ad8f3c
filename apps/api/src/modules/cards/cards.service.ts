import {
  bestPurchaseDay,
  type Card,
  type CardCreateInput,
  type CardUpdateBody,
  type Invoice,
  type InvoicePaidBody,
  type IsoDate,
  OPERATIONS,
  TRANSFER_CATEGORY_ID,
  TRANSFER_SUBCATEGORY_ID,
  todayIso,
} from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound, validationError } from '../../lib/errors.ts';
import { apiText, localeOf } from '../../lib/messages.ts';
import { nowIso } from '../../lib/time.ts';
import { findOwnedAccountIds } from '../accounts/accounts.repository.ts';
import { findUserById } from '../identity/users.repository.ts';
import { setPaidInBulk } from '../money-core/bulk-writes.ts';
import { findCardTotals } from '../money-core/card-totals.repository.ts';
import { closingOf, closingsOf, monthFor } from '../money-core/closing.ts';
import { applyEntryChanges } from '../money-core/effects.ts';
import {
  deleteEntries,
  type EntryRow,
  insertEntries,
  LONE_ENTRY,
  type LockOption,
  type NewEntryRow,
  toEntry,
} from '../money-core/entry-rows.repository.ts';
import { lockMoneyWrites } from '../money-core/money-volume.repository.ts';
import {
  type CardRow,
  createMissingInvoices,
  deleteCardRow,
  findCardEntries,
  findCards,
  findFlagById,
  findInvoiceById,
  findInvoiceEntries,
  type InvoiceRow,
  insertCard,
  updateCard,
} from './cards.repository.ts';
import { type DuePassed, invoiceChain, toInvoice, usedLimit } from './invoice-math.ts';
import { recomputeInvoiceMonths } from './invoice-months.ts';
import { cardInvoice, cardOr404, carryRules } from './invoices.service.ts';

/** Cards with their available limit and open invoice: one read of the cards' aggregate rows, O(invoices). */
async function toCards(db: Db, userId: number, cards: CardRow[], today: IsoDate): Promise<Card[]> {
  if (cards.length === 0) return [];
  const [rows, closings, rules] = await Promise.all([
    findCardTotals(
      db,
      userId,
      cards.map((c) => c.id),
    ),
    closingsOf(db, userId, cards),
    carryRules(db, userId, cards, today),
  ]);
  const openMonths = cards.map((_, i) =>
    monthFor(closings[i] as NonNullable<(typeof closings)[number]>, today),
  );
  const invoiceRows = await createMissingInvoices(
    db,
    userId,
    cards.map((c, i) => ({ card_id: c.id, month: openMonths[i] as string })),
    nowIso(),
  );
  return cards.map((card, i) => {
    const month = openMonths[i] as string;
    const cardRows = rows.filter((r) => r.card_id === card.id);
    const row = invoiceRows.find((r) => r.card_id === card.id && r.month === month) as InvoiceRow;
    const invoice = toInvoice(
      card,
      row,
      invoiceChain(cardRows, rules.get(card.id) as DuePassed).at(month),
      today,
    );
    return {
      id: card.id,
      name: card.name,
      flag_id: card.flag_id,
      limit: Number(card.credit_limit),
      close_day: card.close_day,
      expiration_day: card.expiration_day,
      account_id: card.account_id,
      color: card.color,
      archived: card.archived === 1,
      available_limit: Number(card.credit_limit) - usedLimit(cardRows, month),
      current_invoice: {
        id: invoice.id,
        month: invoice.month,
        total: invoice.total,
        outstanding: invoice.outstanding,
        due_date: invoice.due_date,
        status: invoice.status,
      },
      best_purchase_day: bestPurchaseDay(card),
      created_at: card.created_at,
      updated_at: card.updated_at,
    };
  });
}

export async function listCards(
  db: Db,
  userId: number,
  includeArchived: boolean,
  today: IsoDate = todayIso(),
): Promise<Card[]> {
  return toCards(db, userId, await findCards(db, userId, includeArchived), today);
}

export async function getCard(
  db: Db,
  userId: number,
  id: number,
  today: IsoDate = todayIso(),
): Promise<Card> {
  const [card] = await toCards(db, userId, [await cardOr404(db, userId, id)], today);
  return card as Card;
}

async function checkCardRefs(
  db: Db,
  userId: number,
  body: { flag_id?: number | null | undefined; account_id?: number | null | undefined },
) {
  if (body.flag_id != null && !(await findFlagById(db, body.flag_id)))
    throw notFound('flagNotFound', 'flag_id');
  if (body.account_id != null && (await findOwnedAccountIds(db, userId, [body.account_id])).size === 0) {
    throw notFound('accountNotFound', 'account_id');
  }
}

export async function createCard(
  db: Db,
  userId: number,
  body: CardCreateInput,
  today: IsoDate = todayIso(),
): Promise<Card> {
  await checkCardRefs(db, userId, body);
  const now = nowIso();
  const row = await insertCard(db, {
    user_id: userId,
    name: body.name,
    flag_id: body.flag_id ?? null,
    credit_limit: body.limit,
    close_day: body.close_day,
    expiration_day: body.expiration_day,
    account_id: body.account_id ?? null,
    color: body.color ?? null,
    archived: body.archived ? 1 : 0,
    created_at: now,
    updated_at: now,
  });
  return getCard(db, userId, row.id, today);
}

export async function editCard(
  db: Db,
  userId: number,
  id: number,
  body: CardUpdateBody,
  today: IsoDate = todayIso(),
): Promise<Card> {
  await inTransaction(db, async (trx) => {
    // Locked: two edits of the card's days, or an edit beside a payment, run one after the other.
    const card = await cardOr404(trx, userId, id, undefined, { lock: true });
    await checkCardRefs(trx, userId, body);
    // A body naming no field of the card changes nothing (not even updated_at).
    if (Object.values(body).every((v) => v === undefined)) return;
    const stamp = nowIso();
    const next = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.flag_id !== undefined ? { flag_id: body.flag_id } : {}),
      ...(body.limit !== undefined ? { credit_limit: body.limit } : {}),
      ...(body.close_day !== undefined ? { close_day: body.close_day } : {}),
      ...(body.expiration_day !== undefined ? { expiration_day: body.expiration_day } : {}),
      ...(body.account_id !== undefined ? { account_id: body.account_id } : {}),
      ...(body.color !== undefined ? { color: body.color } : {}),
      ...(body.archived !== undefined ? { archived: body.archived ? 1 : 0 } : {}),
      updated_at: stamp,
    };
    await updateCard(trx, userId, id, next);
    const daysChanged =
      (body.close_day !== undefined && body.close_day !== card.close_day) ||
      (body.expiration_day !== undefined && body.expiration_day !== card.expiration_day);
    if (daysChanged) await recomputeInvoiceMonths(trx, userId, { ...card, ...next } as CardRow);
  });
  return getCard(db, userId, id, today);
}

/** DELETE /card/{id}: with entries (or payments) 409 unless deleteEntries; then everything goes, one transaction. */
export async function removeCard(db: Db, userId: number, id: number, deleteAll: boolean): Promise<void> {
  await inTransaction(db, async (trx) => {
    // The card first, then the user's money-volume row: the order an entry write takes them in.
    await cardOr404(trx, userId, id, undefined, { lock: true });
    await lockMoneyWrites(trx, userId);
    const entries = await findCardEntries(trx, userId, id);
    if (entries.length > 0 && !deleteAll) {
      throw conflict('cardHasEntries', { count: entries.length }, { delete_entries: 'cardHasEntriesField' });
    }
    await applyEntryChanges(trx, userId, entries, []);
    await deleteEntries(
      trx,
      userId,
      entries.map((e) => e.id),
    );
    await trx.deleteFrom('entry_series').where('user_id', '=', userId).where('card_id', '=', id).execute();
    await trx
      .deleteFrom('card_invoice_totals')
      .where('user_id', '=', userId)
      .where('card_id', '=', id)
      .execute();
    await trx.deleteFrom('invoices').where('user_id', '=', userId).where('card_id', '=', id).execute();
    await deleteCardRow(trx, userId, id);
  });
}

/**
 * An invoice and its card; `{lock: true}` (a payment, its undo, new dates) locks the card, so writes of one
 * card's invoices run one after the other and each reads the figures the previous one left.
 */
export async function invoiceOr404(
  db: Db,
  userId: number,
  id: number,
  options: LockOption = {},
): Promise<{ invoice: InvoiceRow; card: CardRow }> {
  const invoice = await findInvoiceById(db, userId, id);
  if (!invoice) throw notFound('invoiceNotFound');
  return { invoice, card: await cardOr404(db, userId, invoice.card_id, undefined, options) };
}

/** One invoice with its card entries and payments. */
export async function invoiceWithEntries(
  db: Db,
  userId: number,
  card: CardRow,
  month: string,
  today: IsoDate = todayIso(),
): Promise<Invoice> {
  const [invoice, rows] = await Promise.all([
    cardInvoice(db, userId, card, month, today),
    findInvoiceEntries(db, userId, card.id, month),
  ]);
  return {
    ...invoice,
    entries: rows.filter((r) => r.invoice_id === null).map(toEntry),
    payments: rows.filter((r) => r.invoice_id !== null).map(toEntry),
  };
}

/** GET /card/{id}/invoice?month=: default the open invoice. */
export async function getCardInvoice(
  db: Db,
  userId: number,
  cardId: number,
  month: string | undefined,
  today: IsoDate = todayIso(),
): Promise<Invoice> {
  // One query for the card and its overridden closing dates (the open invoice needs them).
  const card = await cardOr404(db, userId, cardId);
  const open = month ?? monthFor(await closingOf(db, userId, card), today);
  return invoiceWithEntries(db, userId, card, open, today);
}

export async function getInvoice(
  db: Db,
  userId: number,
  id: number,
  today: IsoDate = todayIso(),
): Promise<Invoice> {
  const { invoice, card } = await invoiceOr404(db, userId, id);
  return invoiceWithEntries(db, userId, card, invoice.month, today);
}

/**
 * POST /invoice/{id}/paid. `paid: true`: one payment, a transfer (operation 4) from the account to the card
 * with invoice_id set, of `value` (default: what the invoice still owes, total − paid); what it leaves (or
 * overpays) becomes the next invoice's previous balance, and the invoice's entries are marked paid.
 * `paid: false`: every payment of the invoice is removed and its entries are unpaid again; with `payment_id`,
 * only that payment (issue 23 #4). One transaction.
 */
export async function payInvoice(
  db: Db,
  userId: number,
  id: number,
  body: InvoicePaidBody,
  today: IsoDate = todayIso(),
): Promise<Invoice> {
  const { card, invoice } = await inTransaction(db, async (trx) => {
    const found = await invoiceOr404(trx, userId, id, { lock: true });
    const { card, invoice } = found;
    const rows = await findInvoiceEntries(trx, userId, card.id, invoice.month, { lock: true });
    const entries = rows.filter((r) => r.invoice_id === null);
    const payments = rows.filter((r) => r.invoice_id === invoice.id);
    const stamp = nowIso();
    if (!body.paid && body.payment_id !== undefined) {
      // Undo the one payment chosen (issue 23 #4); the others stay, and so do the entries' paid marks
      // while any payment is left.
      const chosen = payments.find((p) => p.id === body.payment_id);
      if (!chosen) throw notFound('entryNotFound', 'payment_id');
      await removeInvoicePayment(trx, userId, chosen);
      return found;
    }
    if (!body.paid) {
      if (payments.length > 0) {
        await applyEntryChanges(trx, userId, payments, []);
        await deleteEntries(
          trx,
          userId,
          payments.map((p) => p.id),
        );
      }
      await setPaidInBulk(trx, userId, entries, false, stamp);
      return found;
    }
    const accountId = body.account_id ?? card.account_id;
    if (accountId == null) throw validationError({ account_id: 'isRequired' });
    if ((await findOwnedAccountIds(trx, userId, [accountId])).size === 0) {
      throw notFound('accountNotFound', 'account_id');
    }
    const [totals, rules] = await Promise.all([
      findCardTotals(trx, userId, [card.id], invoice.month),
      carryRules(trx, userId, [card], today),
    ]);
    const f = invoiceChain(totals, rules.get(card.id) as DuePassed).at(invoice.month);
    const owed = f.total - f.paid_amount;
    if (owed <= 0) throw validationError({ value: 'nothingToPay' });
    const value = body.value ?? owed;
    if (value > 2 * owed)
      throw validationError({ value: { key: 'paymentTooLarge', params: { max: 2 * owed } } });
    const user = await findUserById(trx, userId);
    const description = apiText(localeOf(user?.language_id ?? 1), 'invoicePaymentDescription', {
      card: card.name,
      month: invoice.month,
    }).slice(0, 255);
    const payment: NewEntryRow = {
      user_id: userId,
      description,
      value,
      date: body.date ?? today,
      operation_id: OPERATIONS.transfer,
      category_id: TRANSFER_CATEGORY_ID,
      sub_category_id: TRANSFER_SUBCATEGORY_ID,
      account_id: accountId,
      card_id: card.id,
      destination_account_id: null,
      paid: 1,
      paid_at: stamp,
      ...LONE_ENTRY,
      invoice_month: invoice.month,
      invoice_id: invoice.id,
      created_at: stamp,
      updated_at: stamp,
    };
    await applyEntryChanges(trx, userId, [], [payment]);
    await insertEntries(trx, [payment]);
    // Once nothing is outstanding (paid in full, or the rest carried after the due date) its entries are
    // paid; an early payment in part leaves them owed (DESIGN.md §4).
    const carries = (rules.get(card.id) as DuePassed)(invoice.month);
    if (value >= owed || carries) await setPaidInBulk(trx, userId, entries, true, stamp);
    return found;
  });
  return invoiceWithEntries(db, userId, card, invoice.month, today);
}

/**
 * Removes ONE payment of an invoice (an import's undo), with its effects; when no payment of the invoice is
 * left, its entries are unpaid again — what `{paid: false}` does, for the payments the caller owns only.
 */
export async function removeInvoicePayment(trx: Db, userId: number, payment: EntryRow): Promise<void> {
  await applyEntryChanges(trx, userId, [payment], []);
  await deleteEntries(trx, userId, [payment.id]);
  if (payment.card_id === null || payment.invoice_month === null) return;
  const rows = await findInvoiceEntries(trx, userId, payment.card_id, payment.invoice_month, { lock: true });
  if (rows.some((r) => r.invoice_id !== null)) return;
  await setPaidInBulk(trx, userId, rows, false, nowIso());
}
