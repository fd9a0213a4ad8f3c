import { describe, expect, it } from 'vitest';
import { amountTone, signedAmount } from './AmountText.tsx';
import { currencySymbol, formatCentsForInput, MONEY_INPUT_PATTERN, parseMoneyInput } from './MoneyInput.tsx';
import { clampMonth, formatMonthLong, visibleMonths } from './MonthCarousel.tsx';

describe('MoneyInput helpers', () => {
  it('parses both decimal conventions into exact cents', () => {
    expect(parseMoneyInput('1.234,56')).toBe(123456);
    expect(parseMoneyInput('1,234.56')).toBe(123456);
    expect(parseMoneyInput('12,3')).toBe(1230);
    expect(parseMoneyInput('0.1')).toBe(10);
    expect(parseMoneyInput('1.234.567,89')).toBe(123456789);
    expect(parseMoneyInput('abc')).toBeNull();
    expect(parseMoneyInput('12.34.5')).toBeNull();
  });

  it('never loses cents to float arithmetic', () => {
    // 0.1 + 0.2 style errors would show up here if the value went through a float.
    expect(parseMoneyInput('0,29')).toBe(29);
    expect(parseMoneyInput('1.005,07')).toBe(100507);
    expect(parseMoneyInput('99.999.999.999,99')).toBe(9999999999999);
  });

  it('formats cents back in the locale convention', () => {
    expect(formatCentsForInput(123456, 'pt-BR')).toBe('1.234,56');
    expect(formatCentsForInput(123456, 'en-US')).toBe('1,234.56');
    expect(formatCentsForInput(5, 'en-US')).toBe('0.05');
    expect(formatCentsForInput(9007199254740991, 'en-US')).toBe('90,071,992,547,409.91');
  });

  it('round-trips through the input format', () => {
    for (const value of [1, 99, 100, 123456, 100000000]) {
      expect(parseMoneyInput(formatCentsForInput(value, 'pt-BR'))).toBe(value);
      expect(parseMoneyInput(formatCentsForInput(value, 'en-US'))).toBe(value);
    }
  });

  it('pattern accepts typed amounts and rejects junk', () => {
    const re = new RegExp(MONEY_INPUT_PATTERN);
    for (const ok of ['1', '1234', '1234,5', '1.234,56', '1,234.56', '0,99']) expect(re.test(ok)).toBe(true);
    for (const bad of ['', 'abc', '1,2,3', '-5', '12.34.5']) expect(re.test(bad)).toBe(false);
  });

  it('finds the currency symbol', () => {
    expect(currencySymbol('BRL', 'pt-BR')).toBe('R$');
    expect(currencySymbol('USD', 'en-US')).toBe('$');
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

describe('MonthCarousel helpers', () => {
  it('keeps the strip inside the allowed range', () => {
    expect(visibleMonths('2026-11', '2026-01', '2031-11')).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(visibleMonths('2026-01', '2026-01', '2031-11')[0]).toBe('2026-01');
    expect(visibleMonths('2026-11', '2026-10', '2026-11')).toEqual(['2026-10', '2026-11']);
    expect(clampMonth('2020-01', '2026-01', '2027-01')).toBe('2026-01');
  });

  it('names months in the interface language', () => {
    expect(formatMonthLong('2026-11', 'en-US')).toBe('November 2026');
    expect(formatMonthLong('2026-11', 'pt-BR')).toBe('Novembro de 2026');
  });
});
