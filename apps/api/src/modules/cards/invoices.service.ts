import { type Invoice, todayIso } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { type CardTotalsRow, findCardTotals } from '../money-core/card-totals.repository.ts';
import type { LockOption } from '../money-core/entry-rows.repository.ts';
import { type CardRow, createMissingInvoices, findCardById, findCards } from './cards.repository.ts';
import { type Figures, invoiceChain, toInvoice, unpaidThrough } from './invoice-math.ts';

export async function cardOr404(
  db: Db,
  userId: number,
  id: number,
  field?: string,
  options: LockOption = {},
): Promise<CardRow> {
  const card = await findCardById(db, userId, id, options);
  if (!card) throw notFound('cardNotFound', field);
  return card;
}

/** One invoice of a card with its figures (the row is created when first needed). */
export async function cardInvoice(
  db: Db,
  userId: number,
  card: CardRow,
  month: string,
  now = new Date(),
): Promise<Invoice> {
  const [rows, [row]] = await Promise.all([
    findCardTotals(db, userId, [card.id], month),
    createMissingInvoices(db, userId, [{ card_id: card.id, month }], nowIso()),
  ]);
  if (!row) throw notFound('invoiceNotFound');
  return toInvoice(card, row, invoiceChain(rows).at(month), todayIso(now));
}

/**
 * The invoices due in `month` across the user's cards: those with entries or payments, or holding a balance
 * carried from the month before. Rows are created as needed (they carry ids for the pay action).
 */
export async function invoicesDue(
  db: Db,
  userId: number,
  month: string,
  now = new Date(),
): Promise<Invoice[]> {
  const cards = await findCards(db, userId, true);
  if (cards.length === 0) return [];
  const rows = await findCardTotals(
    db,
    userId,
    cards.map((c) => c.id),
    month,
  );
  const due: Array<{ card: CardRow; f: Figures }> = [];
  for (const card of cards) {
    const f = invoiceChain(rows.filter((r) => r.card_id === card.id)).at(month);
    if (f.entries !== 0 || f.paid_amount !== 0 || f.previous_balance !== 0 || f.total !== 0)
      due.push({ card, f });
  }
  const invoiceRows = await createMissingInvoices(
    db,
    userId,
    due.map((d) => ({ card_id: d.card.id, month })),
    nowIso(),
  );
  const byCard = new Map(invoiceRows.map((r) => [r.card_id, r]));
  const today = todayIso(now);
  return due.flatMap(({ card, f }) => {
    const row = byCard.get(card.id);
    return row ? [toInvoice(card, row, f, today)] : [];
  });
}

/**
 * What the user's card invoices due in each of `months` still owe (GET /report/debt): each invoice's
 * outstanding, never a credit. A debt is owed in one invoice at a time (a partial payment's rest is the next
 * invoice's), so the months add up without counting anything twice. O(invoices).
 */
export async function outstandingByMonth(
  db: Db,
  userId: number,
  months: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map(months.map((m) => [m, 0]));
  const last = months.at(-1);
  if (last === undefined) return out;
  const rows = await findCardTotals(db, userId, undefined, last);
  const byCard = new Map<number, CardTotalsRow[]>();
  for (const row of rows) {
    const list = byCard.get(row.card_id);
    if (list) list.push(row);
    else byCard.set(row.card_id, [row]);
  }
  for (const cardRows of byCard.values()) {
    const chain = invoiceChain(cardRows);
    for (const month of months)
      out.set(month, (out.get(month) ?? 0) + Math.max(0, chain.at(month).outstanding));
  }
  return out;
}

/**
 * GET /entry/balance's card figures (cash basis): purchases − refunds of the invoices due in `month`, and
 * what unpaid invoices due through `month` still owe (subtracted from the predicted balance).
 */
export async function cashInvoiceFigures(
  db: Db,
  userId: number,
  month: string,
): Promise<{ invoices: number; unpaid: number }> {
  const rows = await findCardTotals(db, userId, undefined, month);
  let invoices = 0;
  let unpaid = 0;
  let start = 0;
  while (start < rows.length) {
    const cardId = (rows[start] as CardTotalsRow).card_id;
    let end = start;
    while (end < rows.length && (rows[end] as CardTotalsRow).card_id === cardId) end++;
    const cardRows = rows.slice(start, end);
    const own = cardRows.find((r) => r.month === month);
    if (own) invoices += own.purchases - own.refunds;
    unpaid += unpaidThrough(cardRows, month);
    start = end;
  }
  return { invoices, unpaid };
}
