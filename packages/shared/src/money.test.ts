import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  formatMoney,
  MAX_CENTS,
  type MoneyCurrency,
  parseMoney,
  splitCents,
} from './money.ts';

// PROPERTY_SEED: fixed in CI, random (and printed) locally; see vitest.config.ts.
const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 2_147_483_647);

const BRL: MoneyCurrency = { code: 'BRL', digits: 2 };
const USD: MoneyCurrency = { code: 'USD', digits: 2 };
const JPY: MoneyCurrency = { code: 'JPY', digits: 0 };
const CLP: MoneyCurrency = { code: 'CLP', digits: 0 };
const KWD: MoneyCurrency = { code: 'KWD', digits: 3 };

/** A formatted amount without its currency sign, as a person would type it back. */
const bare = (text: string) => text.replace(/[^\d.,-]/g, '');

describe('money', () => {
  it('parses what people type without float math', () => {
    expect(parseMoney('12,34', 2)).toBe(1234);
    expect(parseMoney('12.34', 2)).toBe(1234);
    expect(parseMoney('1.234,56', 2)).toBe(123456);
    expect(parseMoney('1,234.56', 2)).toBe(123456);
    expect(parseMoney('12,3', 2)).toBe(1230);
    expect(parseMoney('-7', 2)).toBe(-700);
    expect(parseMoney('0,01', 2)).toBe(1);
    expect(parseMoney('0.1', 2)).toBe(10);
    expect(parseMoney('1.234.567', 2)).toBe(123456700);
    expect(parseMoney('', 2)).toBeNull();
    expect(parseMoney('abc', 2)).toBeNull();
    expect(parseMoney('1,2,3', 2)).toBeNull();
    expect(parseMoney('12.345.6', 2)).toBeNull();
    expect(parseMoney('1,234', 2)).toBe(123400);
  });

  it('reads a zero-decimal currency in whole units: separators only group', () => {
    expect(parseMoney('1234', 0)).toBe(1234);
    expect(parseMoney('1.234', 0)).toBe(1234);
    expect(parseMoney('1,234,567', 0)).toBe(1234567);
    expect(parseMoney('-50', 0)).toBe(-50);
    // There is no fraction of a yen to type.
    expect(parseMoney('12,5', 0)).toBeNull();
    expect(parseMoney('1.234,56', 0)).toBeNull();
  });

  it('reads three decimals for a three-digit currency', () => {
    expect(parseMoney('1,5', 3)).toBe(1500);
    expect(parseMoney('1.234', 3)).toBe(1234);
    expect(parseMoney('1.234,567', 3)).toBe(1234567);
  });

  it('writes the decimal string with the currency digits', () => {
    expect(centsToDecimalString(-1234, 2)).toBe('-12.34');
    expect(centsToDecimalString(5, 2)).toBe('0.05');
    expect(centsToDecimalString(1234, 0)).toBe('1234');
    expect(centsToDecimalString(-7, 0)).toBe('-7');
    expect(centsToDecimalString(5, 3)).toBe('0.005');
  });

  it('formats in the locale and currency, with its minor-unit digits', () => {
    expect(formatMoney(123456, BRL, 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatMoney(-5, USD, 'en-US')).toBe('-$0.05');
    // ¥1,234 is stored as 1234, not as 12.34.
    expect(formatMoney(1234, JPY, 'en-US')).toBe('¥1,234');
    expect(formatMoney(1234, CLP, 'pt-BR').replace(/\s/g, ' ')).toBe('CLP 1.234');
    expect(formatMoney(1234567, KWD, 'en-US').replace(/\s/g, ' ')).toBe('KWD 1,234.567');
  });

  for (const [digits, currencies] of [
    [0, [JPY, CLP]],
    [2, [BRL, USD]],
    [3, [KWD, KWD]],
  ] as const) {
    it(`round-trips parse and format with ${digits} digits (fast-check, 1000 runs, seed ${seed})`, () => {
      console.log(`money round-trip (${digits} digits) seed: ${seed}`);
      fc.assert(
        fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (value) => {
          expect(parseMoney(centsToDecimalString(value, digits), digits)).toBe(value);
          expect(parseMoney(bare(formatMoney(value, currencies[0], 'pt-BR')), digits)).toBe(value);
          expect(parseMoney(bare(formatMoney(value, currencies[1], 'en-US')), digits)).toBe(value);
        }),
        { numRuns: 1000, seed },
      );
    });
  }

  it(`splits installments that always add up, remainder on the first (fast-check, 1000 runs, seed ${seed})`, () => {
    console.log(`split seed: ${seed}`);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_CENTS }),
        fc.integer({ min: 1, max: 420 }),
        (total, parts) => {
          const split = splitCents(total, parts);
          expect(split).toHaveLength(parts);
          expect(split.reduce((a, b) => a + b, 0)).toBe(total);
          const base = Math.floor(total / parts);
          expect(split.slice(1).every((v) => v === base)).toBe(true);
          expect(split[0]).toBe(base + (total - base * parts));
        },
      ),
      { numRuns: 1000, seed },
    );
  });

  it('refuses impossible splits', () => {
    expect(() => splitCents(100, 0)).toThrow();
    expect(() => splitCents(1.5, 2)).toThrow();
  });
});
