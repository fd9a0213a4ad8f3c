import { describe, expect, it } from 'vitest';
import { clampMonth, formatMonthLong, visibleMonths } from './months.ts';

describe('months of the carousel', () => {
  it('keeps the strip inside the allowed range', () => {
    expect(visibleMonths('2026-11', '2026-01', '2031-11')).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(visibleMonths('2026-01', '2026-01', '2031-11')[0]).toBe('2026-01');
    expect(visibleMonths('2026-11', '2026-10', '2026-11')).toEqual(['2026-10', '2026-11']);
    expect(clampMonth('2020-01', '2026-01', '2027-01')).toBe('2026-01');
  });

  it('names months in the interface language', () => {
    expect(formatMonthLong('2026-11', 'en-US')).toBe('November 2026');
    expect(formatMonthLong('2026-11', 'pt-BR')).toBe('Novembro de 2026');
  });
});
