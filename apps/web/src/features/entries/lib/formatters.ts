/**
 * Intl formatters of the entries list, one per locale. Building an Intl formatter loads ICU locale data
 * (tens of ms on a slow phone the first time), so the list must never build one per row, and the page
 * warms them up while the month is still loading (`warmListFormatters`).
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * "Sunday, November 1" (the day headers), dates read as UTC days so no time zone shifts them; with
 * `withYear`, "Tuesday, June 10, 2025" (a search spans every month: another year's day says its year).
 */
export function dayFormatter(locale: string, withYear = false): Intl.DateTimeFormat {
  const key = withYear ? `${locale}|y` : locale;
  let formatter = dayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
    dayFormatters.set(key, formatter);
  }
  return formatter;
}

/** YYYY-MM-DD → milliseconds at that day's UTC midnight, without Date.parse per call. */
export function utcDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

/** Whole days from `today` to `date` (both YYYY-MM-DD): 0 today, -1 yesterday, 1 tomorrow. */
export function dayOffset(date: string, today: string): number {
  return Math.round((utcDay(date) - utcDay(today)) / 86_400_000);
}

/**
 * Builds and uses the list's formatters once, so their first-use cost is paid while the month loads
 * rather than between the data arriving and the first rows painting.
 */
export function warmListFormatters(locale: string, formatMoney: (cents: number) => string): void {
  dayFormatter(locale).format(0);
  formatMoney(0);
}
