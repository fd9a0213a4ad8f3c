import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimalString, formatMoney, MAX_CENTS, parseMoney, splitCents } from './money.ts';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647);

describe('money', () => {
  it('parses what people type without float math', () => {
    expect(parseMoney('12,34')).toBe(1234);
    expect(parseMoney('12.34')).toBe(1234);
    expect(parseMoney('1.234,56')).toBe(123456);
    expect(parseMoney('1,234.56')).toBe(123456);
    expect(parseMoney('12,3')).toBe(1230);
    expect(parseMoney('-7')).toBe(-700);
    expect(parseMoney('0,01')).toBe(1);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('1.234.567')).toBe(123456700);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('1,2,3')).toBeNull();
    expect(parseMoney('12.345.6')).toBeNull();
  });

  it('formats in the locale and currency', () => {
    expect(formatMoney(123456, 'BRL', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatMoney(-5, 'USD', 'en-US')).toBe('-$0.05');
  });

  it(`round-trips parse(decimal string) for any amount (fast-check, 1000 runs, seed ${seed})`, () => {
    console.log(`money round-trip seed: ${seed}`);
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (value) => {
        expect(parseMoney(centsToDecimalString(value))).toBe(value);
        const ptBr = formatMoney(value, 'BRL', 'pt-BR').replace(/[R$\s\u00a0]/g, '');
        expect(parseMoney(ptBr)).toBe(value);
        const enUs = formatMoney(value, 'USD', 'en-US').replace(/[$\s]/g, '');
        expect(parseMoney(enUs)).toBe(value);
      }),
      { numRuns: 1000, seed },
    );
  });

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
