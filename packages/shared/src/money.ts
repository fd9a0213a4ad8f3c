/**
 * Money is an integer count of minor units (cents for most currencies, whole units for those without). This
 * is the one module that converts and formats it.
 *
 * Limits keep every sum exact (docs/decisions/money-limits.md): one amount (an entry's value, an installment
 * purchase's total, an account's initial balance, later card limits and budgets) is at most MAX_CENTS, and
 * the sum of the absolute values of all of a user's amounts (their money volume, kept by the API) at most
 * MAX_TOTAL_CENTS, below 2^53: any balance, total or report is bounded by it, so it is exact as a JS number,
 * in SQLite's 64-bit integers and in PostgreSQL's BIGINT/NUMERIC.
 */
export type Cents = number & { readonly __brand: 'Cents' };

/** 10^13 minor units: 100 billion units of a two-decimal currency. */
export const MAX_CENTS = 10_000_000_000_000;
/** 9 × 10^15 minor units, under Number.MAX_SAFE_INTEGER (≈ 9.007 × 10^15). */
export const MAX_TOTAL_CENTS = 9_000_000_000_000_000;

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount of cents: ${value}`);
  return value as Cents;
}

/**
 * A currency as amounts need it: its ISO 4217 code and its minor-unit digits (the reference data's
 * `decimals`: 2 for BRL and USD, 0 for JPY, CLP, KRW, PYG). An amount is stored as an integer count of
 * minor units in the user's currency: R$ 12,34 is 1234, ¥1,234 is 1234.
 */
export interface MoneyCurrency {
  code: string;
  digits: number;
}

/**
 * Parses what a person types ("1.234,56", "1,234.56", "12,3", "-7") into minor units with `digits` of them
 * per unit, using string handling only: the last '.' or ',' followed by 1 to `digits` digits is the decimal
 * separator; every other separator is grouping (a zero-digit currency has no decimal part at all).
 * Returns null when the text is not an amount.
 */
export function parseMoney(input: string, digits: number): Cents | null {
  const text = input.trim().replace(/\s/g, '');
  if (text === '') return null;
  const match = /^([+-]?)(\d[\d.,]*)$/.exec(text);
  if (!match) return null;
  const sign = match[1] === '-' ? -1 : 1;
  const body = match[2] ?? '';
  const decimal = digits > 0 ? new RegExp(`[.,](\\d{1,${digits}})$`).exec(body) : null;
  let whole = body;
  let fraction = '0'.repeat(digits);
  if (decimal) {
    whole = body.slice(0, decimal.index);
    // The decimal separator cannot also group the whole part ("12.345.6" is a typo, not 12345.60).
    if (whole.includes(body.charAt(decimal.index))) return null;
    fraction = (decimal[1] ?? '').padEnd(digits, '0');
  }
  if (!/^\d[\d.,]*$|^$/.test(whole)) return null;
  const groups = whole.split(/[.,]/);
  // Grouping separators must separate groups of three digits ("1.234.567"), otherwise it's a typo.
  if (groups.length > 1 && groups.slice(1).some((g) => g.length !== 3)) return null;
  const value = Number(`${groups.join('') || '0'}${fraction}`);
  if (!Number.isSafeInteger(value) || value > MAX_CENTS) return null;
  return (sign * value) as Cents;
}

/** Minor units → plain decimal string with a dot and `digits` decimals (-1234, 2 → "-12.34"; 1234, 0 → "1234"). */
export function centsToDecimalString(value: number, digits: number): string {
  const sign = value < 0 ? '-' : '';
  const text = String(Math.abs(value)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units in a currency for a locale ("R$ 1.234,56", "¥1,234"), with the currency's digits. */
export function formatMoney(value: number, currency: MoneyCurrency, locale: string): string {
  const key = `${locale}|${currency.code}|${currency.digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.code,
      minimumFractionDigits: currency.digits,
      maximumFractionDigits: currency.digits,
    });
    formatters.set(key, formatter);
  }
  // The exact decimal string, never value / 10^digits: huge amounts must not pick up float noise.
  return formatter.format(centsToDecimalString(value, currency.digits) as `${number}`);
}

/**
 * Splits a total into `parts` integer amounts that add up exactly: each gets floor(total / parts) and
 * the remainder cents go to the first one (DESIGN.md §4, installments).
 */
export function splitCents(total: number, parts: number): Cents[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total must be a non-negative integer');
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be a positive integer');
  const base = Math.floor(total / parts);
  const remainder = total - base * parts;
  return Array.from({ length: parts }, (_, i) => (i === 0 ? base + remainder : base) as Cents);
}
