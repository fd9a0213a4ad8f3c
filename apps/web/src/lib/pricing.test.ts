import { describe, expect, it } from 'vitest';
import { daysLeft, formatPrice, yearlySaving } from './pricing.ts';

describe('pricing', () => {
  it('formats a Stripe amount in the interface locale', () => {
    expect(formatPrice(1990, 'brl', 'pt-BR')).toBe('R$\u00a019,90');
    expect(formatPrice(1990, 'brl', 'en-US')).toBe('R$19.90');
    expect(formatPrice(500, 'jpy', 'en-US')).toBe('¥500');
  });

  it('computes what the yearly plan saves against twelve months', () => {
    const prices = [
      { plan: 'monthly', price_id: 'm', amount: 1990, currency: 'brl', interval: 'month' },
      { plan: 'yearly', price_id: 'y', amount: 19900, currency: 'brl', interval: 'year' },
    ] as const;
    expect(yearlySaving([...prices])).toEqual({ amount: 3980, percent: 17 });
    expect(yearlySaving([{ ...prices[0] }, { ...prices[1], amount: 30000 }])).toBeNull();
    expect(yearlySaving([{ ...prices[0] }])).toBeNull();
  });

  it('counts the trial days left, rounding up and never below zero', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(daysLeft('2026-12-01T12:00:00Z', now)).toBe(7);
    expect(daysLeft('2026-11-25T11:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-20T12:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });
});
