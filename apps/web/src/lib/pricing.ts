import type { PlanPrice } from '@centavo/shared';
import { formatMoney } from '@centavo/shared/money';

const DAY_MS = 86_400_000;

/** A Stripe amount (minor units of its currency) in the interface locale: "R$ 19,90" / "R$19.90". */
export function formatPrice(amount: number, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return formatMoney(amount, { code, digits }, locale);
}

/** What a year of the yearly plan saves against twelve monthly payments (null when it saves nothing). */
export function yearlySaving(prices: PlanPrice[]): { amount: number; percent: number } | null {
  const monthly = prices.find((p) => p.plan === 'monthly');
  const yearly = prices.find((p) => p.plan === 'yearly');
  if (!monthly || !yearly || monthly.currency !== yearly.currency) return null;
  const amount = monthly.amount * 12 - yearly.amount;
  if (amount <= 0) return null;
  return { amount, percent: Math.round((amount / (monthly.amount * 12)) * 100) };
}

/** Whole days left until `end` (a trial ending later today is 0; never negative). */
export function daysLeft(end: string | null, now = Date.now()): number | null {
  if (!end) return null;
  return Math.max(0, Math.ceil((Date.parse(end) - now) / DAY_MS));
}
