import { addDays, addMonths, dateInMonth, type IsoDate, type IsoMonth, monthOf } from './dates.ts';

/**
 * The closing rule of cards (DESIGN.md §4 "Cards and invoices"), shared by the API (which stores each card
 * entry's invoice_month) and the web app (which shows the invoice a purchase will land in as the date is
 * typed). An invoice is named by the month it is due.
 */
export interface CardDays {
  close_day: number;
  expiration_day: number;
}

/** Per-invoice overrides of the computed dates, by due month. */
export type CloseOverride = (month: IsoMonth) => IsoDate | null | undefined;

/** Invoice M is due on expiration_day of M (clamped). */
export function defaultDueDate(card: CardDays, month: IsoMonth): IsoDate {
  return dateInMonth(month, card.expiration_day);
}

/**
 * Invoice M closes on close_day of M when close_day < expiration_day, else on close_day of M−1 (clamped).
 * An invoice always keeps days between closing and due: when clamping would close it on its due date
 * (close 29, due 31 in February), it closes the card's usual gap before the due date instead.
 */
export function defaultCloseDate(card: CardDays, month: IsoMonth): IsoDate {
  if (card.close_day >= card.expiration_day) return dateInMonth(addMonths(month, -1), card.close_day);
  const close = dateInMonth(month, card.close_day);
  const due = defaultDueDate(card, month);
  return close < due ? close : addDays(due, card.close_day - card.expiration_day);
}

/** How far an overridden invoice date may be from the one the card's days give (DESIGN.md §4). */
export const INVOICE_DATE_MAX_SHIFT_DAYS = 15;

/**
 * The invoice (due month) a card entry dated `date` belongs to: the first invoice whose closing date is
 * after the date (a purchase on the closing day goes to the next one). Overridden closing dates count.
 */
export function invoiceMonthFor(card: CardDays, date: IsoDate, override?: CloseOverride): IsoMonth {
  const offset = card.close_day < card.expiration_day ? 0 : 1;
  // Without overrides the answer is one of these; overrides move a closing date by days, never by a month.
  const start = addMonths(monthOf(date), offset - 1);
  for (let k = 0; k < 4; k++) {
    const month = addMonths(start, k);
    const close = override?.(month) ?? defaultCloseDate(card, month);
    if (date < close) return month;
  }
  return addMonths(start, 4);
}

/** The day from which a purchase goes to the following invoice: the current closing day. */
export function bestPurchaseDay(card: CardDays): number {
  return card.close_day;
}
