import type { Entry } from '@centavo/shared';
import { describe, expect, it } from 'vitest';
import { entryFixture } from './entry.test-fixture.ts';
import { entryEffect, groupByDay } from './group-by-day.ts';

let nextId = 1;
function entry(date: string, operation_id: number, value: number): Entry {
  const destination_account_id = operation_id === 4 ? 2 : null;
  return entryFixture({ id: nextId++, date, operation_id, value, destination_account_id });
}

describe('grouping by day', () => {
  it('puts a header with the day sum before each day', () => {
    const items = groupByDay([
      entry('2026-11-05', 1, 850000),
      entry('2026-11-05', 2, 220000),
      entry('2026-11-07', 2, 48732),
      entry('2026-11-07', 4, 20000),
      entry('2026-11-07', 3, 1000),
    ]);
    expect(items.map((i) => i.kind)).toEqual(['day', 'entry', 'entry', 'day', 'entry', 'entry', 'entry']);
    const headers = items.filter((i) => i.kind === 'day');
    expect(headers).toEqual([
      { kind: 'day', key: 'day-2026-11-05', date: '2026-11-05', total: 630000, count: 2 },
      // The transfer moves money between accounts and adds nothing to the day.
      { kind: 'day', key: 'day-2026-11-07', date: '2026-11-07', total: -49732, count: 3 },
    ]);
  });

  it('marks the last entry of each day', () => {
    const items = groupByDay([
      entry('2026-11-01', 2, 1),
      entry('2026-11-01', 2, 1),
      entry('2026-11-02', 2, 1),
    ]);
    const last = items.flatMap((i) => (i.kind === 'entry' ? [i.lastOfDay] : []));
    expect(last).toEqual([false, true, true]);
  });

  it('is empty for an empty month and keeps exact cents', () => {
    expect(groupByDay([])).toEqual([]);
    expect(entryEffect({ operation_id: 1, value: 10 }) + entryEffect({ operation_id: 2, value: 20 })).toBe(
      -10,
    );
  });

  it('groups 10 000 entries under their 30 days', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      entry(`2026-11-${String((i % 30) + 1).padStart(2, '0')}`, 2, 1),
    ).sort((a, b) => a.date.localeCompare(b.date));
    const items = groupByDay(many);
    expect(items.filter((i) => i.kind === 'day')).toHaveLength(30);
    expect(items).toHaveLength(10_030);
  });
});
