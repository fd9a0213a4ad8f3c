import { type IsoDate, todayIn } from '@centavo/shared';

/**
 * A user's "today" (DESIGN.md §4 "A user's today"): the calendar date in their preferences' time zone, read
 * from the row authentication loaded for the request. Invoice status, the default payment date, the open
 * invoice and the current month of reports and balances all start from it; never from the server's zone.
 */
export function userToday(user: { time_zone: string }, now: Date = new Date()): IsoDate {
  return todayIn(user.time_zone, now);
}
