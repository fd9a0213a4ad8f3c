import { OPERATIONS } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import type { CardInvoiceTotalsTable } from '../../db/tables/ledger.ts';
import type { EffectRow } from './account-totals.repository.ts';
import { addToAggregate, byKey } from './aggregate-upsert.ts';

/**
 * Per-(card, invoice month) aggregates (card_invoice_totals), kept by applyEntryChanges in the write's
 * transaction: a card entry (account_id null) adds to its invoice's purchases (expense) or refunds (income);
 * an invoice payment (a transfer with card_id) adds to its invoice's paid. Invoices and available limits
 * read these rows, O(invoices), never entries (docs/decisions/cards.md).
 */
export type CardTotalsDelta = Omit<CardInvoiceTotalsTable, 'user_id'>;

/**
 * Rows passed to applyEntryChanges come from full entry rows for card entries (create, update, delete,
 * series extension, card deletion), so `fixed` is there when it matters; EffectRow itself only names what
 * every aggregate needs.
 */
type CardEffectRow = EffectRow & { fixed?: number };

const COLUMNS = ['purchases', 'refunds', 'fixed_net', 'paid', 'entries'] as const;

export function addCardEffects(
  into: Map<string, CardTotalsDelta>,
  rows: readonly CardEffectRow[],
  sign: 1 | -1,
): void {
  for (const row of rows) {
    if (row.card_id === null || row.invoice_month === null) continue;
    const key = `${row.card_id}|${row.invoice_month}`;
    let d = into.get(key);
    if (!d) {
      d = {
        card_id: row.card_id,
        month: row.invoice_month,
        purchases: 0,
        refunds: 0,
        fixed_net: 0,
        paid: 0,
        entries: 0,
      };
      into.set(key, d);
    }
    const v = sign * row.value;
    if (row.operation_id === OPERATIONS.transfer) {
      // An invoice payment: money from the paying account (its own aggregates see a transfer out).
      d.paid += v;
      continue;
    }
    if (row.account_id !== null) continue;
    d.entries += sign;
    const net = row.operation_id === OPERATIONS.income ? -v : v;
    if (row.operation_id === OPERATIONS.income) d.refunds += v;
    else d.purchases += v;
    if (row.fixed === 1) d.fixed_net += net;
  }
}

/** Adds the non-zero deltas to card_invoice_totals in key order (aggregate-upsert.ts). */
export async function applyCardTotals(db: Db, userId: number, deltas: Map<string, CardTotalsDelta>) {
  const rows = [...deltas.entries()]
    .filter(([, d]) => COLUMNS.some((c) => d[c] !== 0))
    .sort(([a], [b]) => byKey(a, b))
    .map(([, d]) => ({ user_id: userId, ...d }));
  await addToAggregate(db, 'card_invoice_totals', ['user_id', 'card_id', 'month'], COLUMNS, rows);
}

/** A row of card_invoice_totals as the invoice math reads it. */
export type CardTotalsRow = CardTotalsDelta;

/**
 * The aggregate rows of the user's cards (some, or all) through a month, in key order (exported for the
 * EXPLAIN guard: a range of card_invoice_totals_key, no sort).
 */
export function cardTotalsQuery(db: Db, userId: number, cardIds?: readonly number[], throughMonth?: string) {
  let query = db
    .selectFrom('card_invoice_totals')
    .select(['card_id', 'month', ...COLUMNS])
    .where('user_id', '=', userId);
  if (cardIds !== undefined) query = query.where('card_id', 'in', cardIds as number[]);
  if (throughMonth !== undefined) query = query.where('month', '<=', throughMonth);
  return query.orderBy('card_id').orderBy('month');
}

/** The aggregate rows of some of the user's cards (all when `cardIds` is undefined), in (card, month) order. */
export async function findCardTotals(
  db: Db,
  userId: number,
  cardIds?: readonly number[],
  throughMonth?: string,
): Promise<CardTotalsRow[]> {
  if (cardIds !== undefined && cardIds.length === 0) return [];
  // BIGINT columns come as numbers on both databases (db/connection.ts).
  return cardTotalsQuery(db, userId, cardIds, throughMonth).execute();
}
