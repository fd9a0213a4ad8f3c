import { addMonths, type CardDays, invoiceMonthFor, monthDiff } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { notFound, validationError } from '../../lib/errors.ts';

// The closing rule of a card (DESIGN.md §4): which invoice month a card entry's date falls in, with the
// invoice closing dates the user overrode. Every write of a card entry and the materialisation of fixed card
// charges go through it, so it sits in the money core beside the aggregates it keys.

/** Invoices of some cards whose closing date is overridden (the closing rule must see them), one query. */
export function findCloseOverrides(db: Db, userId: number, cardIds: readonly number[]) {
  return db
    .selectFrom('invoices')
    .select(['card_id', 'month', 'close_date'])
    .where('user_id', '=', userId)
    .where('card_id', 'in', cardIds as number[])
    .where('close_date', 'is not', null)
    .execute();
}

/**
 * A card's days with its overridden closing dates in one round trip (every card entry write needs both): the
 * card row repeated per override, or once with null month when there is none.
 */
export async function findCardWithOverrides(db: Db, userId: number, cardId: number) {
  const rows = await db
    .selectFrom('cards as c')
    .leftJoin('invoices as i', (join) =>
      join.onRef('i.card_id', '=', 'c.id').on('i.user_id', '=', userId).on('i.close_date', 'is not', null),
    )
    .select([
      'c.close_day',
      'c.expiration_day',
      'i.month as override_month',
      'i.close_date as override_close',
    ])
    .where('c.user_id', '=', userId)
    .where('c.id', '=', cardId)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const overrides = rows.flatMap((r) =>
    r.override_month !== null && r.override_close !== null
      ? [{ month: r.override_month, close_date: r.override_close }]
      : [],
  );
  return { days: { close_day: first.close_day, expiration_day: first.expiration_day }, overrides };
}

/** Closing rule context of a card: its days and its overridden closing dates. */
export interface Closing {
  days: CardDays;
  overrides: Map<string, string>;
}

export function toClosing(
  card: CardDays,
  overrides: ReadonlyArray<{ month: string; close_date: string | null }>,
): Closing {
  return {
    days: { close_day: card.close_day, expiration_day: card.expiration_day },
    overrides: new Map(overrides.map((r) => [r.month, r.close_date as string])),
  };
}

export async function closingOf(db: Db, userId: number, card: CardDays & { id: number }): Promise<Closing> {
  return toClosing(card, await findCloseOverrides(db, userId, [card.id]));
}

/** The closing rule of several cards from one query of their overrides. */
export async function closingsOf(
  db: Db,
  userId: number,
  cards: ReadonlyArray<CardDays & { id: number }>,
): Promise<Closing[]> {
  const rows = await findCloseOverrides(
    db,
    userId,
    cards.map((c) => c.id),
  );
  return cards.map((card) =>
    toClosing(
      card,
      rows.filter((r) => Number(r.card_id) === card.id),
    ),
  );
}

export function monthFor(closing: Closing, date: string): string {
  return invoiceMonthFor(closing.days, date, (m) => closing.overrides.get(m));
}

/** The invoice month of a card entry: computed from its date, or the one asked for if one invoice away. */
export function chosenMonth(closing: Closing, date: string, asked: string | null | undefined): string {
  const computed = monthFor(closing, date);
  if (asked == null) return computed;
  if (Math.abs(monthDiff(computed, asked)) > 1)
    throw validationError({ invoice_month: 'invoiceMonthTooFar' });
  return asked;
}

/**
 * The invoice months of a card entry's rows (one entry, its installments or a fixed series' occurrences),
 * from each row's date by the closing rule, moved by `shift` invoices: the one `asked` (the body's
 * invoice_month, for the first row) gives, at most one, else `baseShift` (a fixed series' own move, which
 * every occurrence keeps: entry_series.invoice_shift).
 */
export async function invoicePlacement(
  db: Db,
  userId: number,
  cardId: number | null,
  dates: readonly string[],
  asked: string | null | undefined,
  baseShift = 0,
): Promise<{ months: Array<string | null>; shift: number }> {
  if (cardId === null) {
    if (asked != null) throw validationError({ invoice_month: 'invoiceMonthCardOnly' });
    return { months: dates.map(() => null), shift: 0 };
  }
  // One round trip for the card and its overridden closing dates (every card entry write passes here).
  const found = await findCardWithOverrides(db, userId, cardId);
  if (!found) throw notFound('cardNotFound', 'card_id');
  const closing = toClosing(found.days, found.overrides);
  const computed = dates.map((d) => monthFor(closing, d));
  const first = computed[0];
  if (first === undefined) return { months: [], shift: 0 };
  const shift = asked == null ? baseShift : monthDiff(first, chosenMonth(closing, dates[0] as string, asked));
  return { months: computed.map((m) => addMonths(m, shift)), shift };
}

/** invoicePlacement's months only. */
export async function invoiceMonthsFor(
  ...args: Parameters<typeof invoicePlacement>
): Promise<Array<string | null>> {
  return (await invoicePlacement(...args)).months;
}
