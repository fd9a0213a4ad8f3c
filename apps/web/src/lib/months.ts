import { addMonths, type IsoMonth, monthDiff } from '@centavo/shared/dates';

/** Months the carousel offers after the current one (installments and fixed bills live in the future). */
export const FUTURE_MONTHS = 60;

function monthDate(month: IsoMonth): Date {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 1, 1));
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * One Intl formatter per locale and style: building one loads ICU data and costs far more than formatting,
 * and the carousel formats a dozen months on every render of the entries page.
 */
const monthFormatters = new Map<string, Intl.DateTimeFormat>();

function monthFormatter(locale: string, style: 'long' | 'short' | 'name'): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let formatter = monthFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      locale,
      style === 'long'
        ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
        : { month: style === 'name' ? 'long' : 'short', timeZone: 'UTC' },
    );
    monthFormatters.set(key, formatter);
  }
  return formatter;
}

/** "November 2026" / "Novembro de 2026". */
export function formatMonthLong(month: IsoMonth, locale: string): string {
  return capitalise(monthFormatter(locale, 'long').format(monthDate(month)));
}

/**
 * "November 2026" / "novembro de 2026" as it reads inside a sentence ("Previsto no fim de novembro de
 * 2026"): Portuguese month names are lower case there (issue 13 #10); only standalone labels capitalise.
 */
export function formatMonthInSentence(month: IsoMonth, locale: string): string {
  return monthFormatter(locale, 'long').format(monthDate(month));
}

/** "December" / "dezembro": the month's name alone, as it reads mid-sentence ("Fatura de dezembro"). */
export function formatMonthName(month: IsoMonth, locale: string): string {
  return monthFormatter(locale, 'name').format(monthDate(month));
}

/** "Nov" / "Nov" without the trailing dot some locales add. */
export function formatMonthShort(month: IsoMonth, locale: string): string {
  return capitalise(monthFormatter(locale, 'short').format(monthDate(month)).replace(/\.$/, ''));
}

/** Keeps a month inside [min, max]. */
export function clampMonth(month: IsoMonth, min: IsoMonth, max: IsoMonth): IsoMonth {
  if (month < min) return min;
  if (month > max) return max;
  return month;
}

/** The months shown around the selected one: `count` months, shifted to stay within [min, max]. */
export function visibleMonths(selected: IsoMonth, min: IsoMonth, max: IsoMonth, count = 5): IsoMonth[] {
  const total = monthDiff(min, max) + 1;
  const shown = Math.max(1, Math.min(count, total));
  let start = addMonths(selected, -Math.floor(shown / 2));
  if (start < min) start = min;
  if (monthDiff(start, max) + 1 < shown) start = addMonths(max, -(shown - 1));
  return Array.from({ length: shown }, (_, i) => addMonths(start, i));
}
