/** Dates are plain `YYYY-MM-DD` strings and months `YYYY-MM`; this is the one module doing their math. */
export type IsoDate = string;
export type IsoMonth = string;

export const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isValidDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return d <= daysInMonth(y, m);
}

export function isValidMonth(value: string): boolean {
  return MONTH_RE.test(value);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function monthOf(date: IsoDate): IsoMonth {
  return date.slice(0, 7);
}

/**
 * UTC's calendar date at `now`. Nobody's "today" (DESIGN.md §4 "A user's today"): the API takes a user's from
 * `todayIn(time_zone)`, the web from the local clock (`localToday`); this is for dates that only bound input.
 */
export function todayIso(now: Date = new Date()): IsoDate {
  return now.toISOString().slice(0, 10);
}

export function currentMonth(now: Date = new Date()): IsoMonth {
  return todayIso(now).slice(0, 7);
}

/** Whether the runtime knows `timeZone` as an IANA name (Intl's own database decides). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date in `timeZone` at `now`: the server's "today" of a user (their preferences' time_zone). */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${pad(Number(part('year')), 4)}-${part('month')}-${part('day')}`;
}

/**
 * One formatter per time zone, kept: building an Intl.DateTimeFormat costs about 0.1 ms (a time-zone lookup
 * in ICU), and every signed-in request asks for its user's today; a server sees a few dozen zones.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The local clock's calendar date: the web's "today" (the browser's time zone). */
export function localToday(now: Date = new Date()): IsoDate {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function localMonth(now: Date = new Date()): IsoMonth {
  return localToday(now).slice(0, 7);
}

/** `count` days after a calendar date (negative: before); calendar math only, no time zone involved. */
export function addDays(date: IsoDate, count: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + count)).toISOString().slice(0, 10);
}

/** Days from a to b (b − a) between two calendar dates. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  const at = (s: IsoDate) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((at(b) - at(a)) / 86_400_000);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Adds whole months to a month ('2026-11', 3 → '2027-02'). */
export function addMonths(month: IsoMonth, count: number): IsoMonth {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + count;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** Number of months from a to b (b − a). */
export function monthDiff(a: IsoMonth, b: IsoMonth): number {
  const [ay, am] = a.split('-').map(Number) as [number, number];
  const [by, bm] = b.split('-').map(Number) as [number, number];
  return by * 12 + bm - (ay * 12 + am);
}

/** The date in `month` with `day`, clamped to the month's length (31 → 28/29/30). */
export function dateInMonth(month: IsoMonth, day: number): IsoDate {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad(Math.min(day, daysInMonth(y, m)))}`;
}

/** The same day of month `count` months later, clamped ('2026-01-31', 1 → '2026-02-28'). */
export function addMonthsToDate(date: IsoDate, count: number): IsoDate {
  return dateInMonth(addMonths(monthOf(date), count), Number(date.slice(8, 10)));
}

export function firstDayOfMonth(month: IsoMonth): IsoDate {
  return `${month}-01`;
}

export function lastDayOfMonth(month: IsoMonth): IsoDate {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad(daysInMonth(y, m))}`;
}

/**
 * The dates the app accepts (docs/decisions/newcomer.md): from 1900-01-01 to 50 years after today. Older
 * or later dates are typing slips (9999-12-31), which would land entries in months nobody browses to.
 */
export const DATE_MIN: IsoDate = '1900-01-01';
export const DATE_MAX_YEARS_AHEAD = 50;

/** The last accepted date: today 50 years on (29 February falls back to the 28th in a common year). */
export function maxDate(now: Date = new Date()): IsoDate {
  const today = todayIso(now);
  return dateInMonth(
    `${pad(Number(today.slice(0, 4)) + DATE_MAX_YEARS_AHEAD, 4)}-${today.slice(5, 7)}`,
    Number(today.slice(8, 10)),
  );
}

export function minMonth(): IsoMonth {
  return monthOf(DATE_MIN);
}

export function maxMonth(now: Date = new Date()): IsoMonth {
  return monthOf(maxDate(now));
}

/** A valid YYYY-MM-DD inside [DATE_MIN, maxDate()]. */
export function isDateInRange(value: IsoDate, now: Date = new Date()): boolean {
  return value >= DATE_MIN && value <= maxDate(now);
}

/** A valid YYYY-MM inside the accepted dates' months. */
export function isMonthInRange(value: IsoMonth, now: Date = new Date()): boolean {
  return value >= minMonth() && value <= maxMonth(now);
}
