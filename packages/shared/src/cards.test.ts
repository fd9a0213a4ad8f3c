import { describe, expect, it } from 'vitest';
import { defaultCloseDate, defaultDueDate, invoiceMonthFor } from './cards.ts';
import { addDays, daysBetween, isValidTimeZone, localToday, todayIn } from './dates.ts';

describe('card days at the end of the month (issue 18 #11)', () => {
  it('keeps days between closing and due when clamping would close an invoice on its due date', () => {
    const card = { close_day: 29, expiration_day: 31 };
    expect([defaultCloseDate(card, '2026-02'), defaultDueDate(card, '2026-02')]).toEqual([
      '2026-02-26',
      '2026-02-28',
    ]);
    expect(defaultCloseDate(card, '2028-02')).toBe('2028-02-27');
    expect(defaultCloseDate(card, '2026-04')).toBe('2026-04-29'); // due the 30th: a day between is enough
    expect(defaultCloseDate({ close_day: 30, expiration_day: 31 }, '2026-02')).toBe('2026-02-27');
    // A purchase on the 27th of February goes to the next invoice (it closed on the 26th).
    expect(invoiceMonthFor(card, '2026-02-27')).toBe('2026-03');
    expect(invoiceMonthFor(card, '2026-02-25')).toBe('2026-02');
  });
});

describe("a user's today (issue 18 #1)", () => {
  const evening = new Date('2026-04-01T01:30:00Z'); // 22:30 on 31 March in São Paulo
  it('is the calendar date in the time zone, never UTC', () => {
    expect(todayIn('America/Sao_Paulo', evening)).toBe('2026-03-31');
    expect(todayIn('UTC', evening)).toBe('2026-04-01');
    expect(todayIn('Asia/Tokyo', new Date('2026-03-31T15:30:00Z'))).toBe('2026-04-01');
  });
  it('localToday reads the local clock', () => {
    const d = new Date(2026, 2, 31, 22, 30);
    expect(localToday(d)).toBe('2026-03-31');
  });
  it('knows IANA names through Intl', () => {
    expect(isValidTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
  it('adds days to calendar dates without time zones', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -15)).toBe('2026-02-14');
    expect(daysBetween('2026-04-20', '2026-05-05')).toBe(15);
  });
});
