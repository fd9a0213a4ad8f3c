import { describe, expect, it } from 'vitest';
import {
  addMonths,
  addMonthsToDate,
  dateInMonth,
  isValidDate,
  isValidMonth,
  lastDayOfMonth,
  monthDiff,
} from './dates.ts';

describe('dates', () => {
  it('validates real calendar dates only', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-1-01')).toBe(false);
    expect(isValidMonth('2026-11')).toBe(true);
    expect(isValidMonth('2026-00')).toBe(false);
  });

  it('does month math across years', () => {
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthDiff('2025-12', '2027-02')).toBe(14);
  });

  it('clamps the day of month for fixed entries and installments', () => {
    expect(addMonthsToDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDate('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsToDate('2026-01-31', 2)).toBe('2026-03-31');
    expect(dateInMonth('2026-04', 31)).toBe('2026-04-30');
    expect(lastDayOfMonth('2026-02')).toBe('2026-02-28');
  });
});
