import { describe, expect, it } from 'vitest';
import { needsScope, scopeOptions, scopeQuery, seriesKind } from './scope.ts';

const single = { series_id: null, fixed: false, installment_count: null, installment_number: null };
const installment = (n: number, count: number) => ({
  series_id: 10,
  fixed: false,
  installment_count: count,
  installment_number: n,
});
const fixed = { series_id: 11, fixed: true, installment_count: null, installment_number: null };

describe('series scope', () => {
  it('asks only for entries of a series', () => {
    expect(needsScope(single)).toBe(false);
    expect(needsScope(installment(2, 3))).toBe(true);
    expect(needsScope(fixed)).toBe(true);
    expect(seriesKind(fixed)).toBe('fixed');
    expect(seriesKind(installment(1, 3))).toBe('installment');
    expect(seriesKind(single)).toBeNull();
  });

  it('offers the three scopes from a middle installment or a fixed entry', () => {
    expect(scopeOptions(installment(2, 3))).toEqual(['one', 'next', 'all']);
    expect(scopeOptions(fixed)).toEqual(['one', 'next', 'all']);
  });

  it('leaves out "this and the following" where it equals another choice', () => {
    // From the first installment "next" is "all"; from the last it is "one".
    expect(scopeOptions(installment(1, 3))).toEqual(['one', 'all']);
    expect(scopeOptions(installment(3, 3))).toEqual(['one', 'all']);
    expect(scopeOptions(single)).toEqual(['one']);
  });

  it('sends ?scope only for series entries', () => {
    expect(scopeQuery(single, 'all')).toEqual({});
    expect(scopeQuery(installment(2, 3), 'next')).toEqual({ scope: 'next' });
  });
});
