import { parseMoney } from '@centavo/shared/money';
import { describe, expect, it } from 'vitest';
import { amountTone, signedAmount } from './AmountText.tsx';
import { currencySymbol, formatCentsForInput, moneyInputPattern } from './MoneyInput.tsx';

describe('MoneyInput helpers', () => {
  it('formats minor units back in the locale convention, with the currency digits', () => {
    expect(formatCentsForInput(123456, 'pt-BR', 2)).toBe('1.234,56');
    expect(formatCentsForInput(123456, 'en-US', 2)).toBe('1,234.56');
    expect(formatCentsForInput(5, 'en-US', 2)).toBe('0.05');
    expect(formatCentsForInput(-5, 'en-US', 2)).toBe('-0.05');
    expect(formatCentsForInput(9007199254740991, 'en-US', 2)).toBe('90,071,992,547,409.91');
    // ¥1,234 is stored as 1234.
    expect(formatCentsForInput(1234, 'en-US', 0)).toBe('1,234');
    expect(formatCentsForInput(1234, 'pt-BR', 0)).toBe('1.234');
  });

  it('round-trips through the input format, never through a float', () => {
    for (const digits of [0, 2, 3]) {
      for (const value of [1, 29, 99, 100, 100507, 123456, 100000000, 9999999999999]) {
        expect(parseMoney(formatCentsForInput(value, 'pt-BR', digits), digits)).toBe(value);
        expect(parseMoney(formatCentsForInput(value, 'en-US', digits), digits)).toBe(value);
      }
    }
  });

  it('pattern accepts typed amounts with up to the currency digits and rejects junk', () => {
    const cents = new RegExp(moneyInputPattern(2));
    for (const ok of ['1', '1234', '1234,5', '1.234,56', '1,234.56', '0,99'])
      expect(cents.test(ok)).toBe(true);
    for (const bad of ['', 'abc', '1,2,3', '-5', '12.34.5', '1,2345'])
      expect(cents.test(bad), bad).toBe(false);
    const whole = new RegExp(moneyInputPattern(0));
    for (const ok of ['1', '1234', '1.234', '1,234,567']) expect(whole.test(ok)).toBe(true);
    for (const bad of ['12,5', '1.234,56', '0.99', 'abc']) expect(whole.test(bad), bad).toBe(false);
  });

  it('finds the currency symbol', () => {
    expect(currencySymbol({ code: 'BRL', digits: 2 }, 'pt-BR')).toBe('R$');
    expect(currencySymbol({ code: 'USD', digits: 2 }, 'en-US')).toBe('$');
    expect(currencySymbol({ code: 'JPY', digits: 0 }, 'en-US')).toBe('¥');
  });
});

describe('AmountText tone', () => {
  it('colours by operation, else by sign', () => {
    expect(amountTone(100, 1)).toBe('positive');
    expect(amountTone(100, 2)).toBe('negative');
    expect(amountTone(100, 3)).toBe('investment');
    expect(amountTone(100, 4)).toBe('neutral');
    expect(amountTone(-1)).toBe('negative');
    expect(amountTone(0)).toBe('neutral');
    expect(signedAmount(500, 2)).toBe(-500);
    expect(signedAmount(500, 1)).toBe(500);
  });
});
