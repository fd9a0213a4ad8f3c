import { describe, expect, it } from 'vitest';
import { dayFormatter, dayOffset, utcDay, warmListFormatters } from './formatters.ts';

describe('list formatters', () => {
  it('reads YYYY-MM-DD as that UTC day', () => {
    expect(utcDay('2026-11-01')).toBe(Date.UTC(2026, 10, 1));
    expect(utcDay('2024-02-29')).toBe(Date.parse('2024-02-29T00:00:00Z'));
  });

  it('counts whole days to today across months and years', () => {
    expect(dayOffset('2026-11-22', '2026-11-22')).toBe(0);
    expect(dayOffset('2026-11-21', '2026-11-22')).toBe(-1);
    expect(dayOffset('2026-12-01', '2026-11-30')).toBe(1);
    expect(dayOffset('2027-01-01', '2026-12-31')).toBe(1);
  });

  it('builds one day formatter per locale and formats in UTC', () => {
    expect(dayFormatter('en-US')).toBe(dayFormatter('en-US'));
    expect(dayFormatter('en-US')).not.toBe(dayFormatter('pt-BR'));
    expect(dayFormatter('en-US').format(utcDay('2026-11-01'))).toBe('Sunday, November 1');
  });

  it('warms the money formatter it is given', () => {
    const seen: number[] = [];
    warmListFormatters('pt-BR', (cents) => {
      seen.push(cents);
      return '';
    });
    expect(seen).toEqual([0]);
  });
});
