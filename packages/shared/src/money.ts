/**
 * Money is an integer count of minor units (cents). This is the one module that converts and formats it.
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
 * Parses what a person types ("1.234,56", "1,234.56", "12,3", "-7") into cents using string handling only:
 * the last '.' or ',' followed by 1–2 digits is the decimal separator; every other separator is grouping.
 * Returns null when the text is not an amount.
 */
export function parseMoney(input: string): Cents | null {
  const text = input.trim().replace(/\s/g, '');
  if (text === '') return null;
  const match = /^([+-]?)(\d[\d.,]*)$/.exec(text);
  if (!match) return null;
  const sign = match[1] === '-' ? -1 : 1;
  const body = match[2] ?? '';
  const decimal = /[.,](\d{1,2})$/.exec(body);
  let whole = body;
  let fraction = '00';
  if (decimal) {
    whole = body.slice(0, decimal.index);
    // The decimal separator cannot also group the whole part ("12.345.6" is a typo, not 12345.60).
    if (whole.includes(body.charAt(decimal.index))) return null;
    fraction = (decimal[1] ?? '').padEnd(2, '0');
  }
  if (!/^\d[\d.,]*$|^$/.test(whole)) return null;
  const groups = whole.split(/[.,]/);
  // Grouping separators must separate groups of three digits ("1.234.567"), otherwise it's a typo.
  if (groups.length > 1 && groups.slice(1).some((g) => g.length !== 3)) return null;
  const digits = `${groups.join('') || '0'}${fraction}`.replace(/^0+(?=\d)/, '');
  const value = Number(digits);
  if (!Number.isSafeInteger(value) || value > MAX_CENTS) return null;
  return (sign * value) as Cents;
}

/** Cents → plain decimal string with a dot ("-1234.5" → "-12.34"), as used in exports. */
export function centsToDecimalString(value: number): string {
  const negative = value < 0;
  const abs = Math.abs(value);
  const units = Math.trunc(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${rest}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats cents in a currency for a locale; the number formatter divides by 100 only for display. */
export function formatMoney(value: number, currency = 'BRL', locale = 'pt-BR'): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  // Built from the decimal string, not value / 100, so huge amounts never pick up float noise.
  return formatter.format(Number(centsToDecimalString(value)));
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
