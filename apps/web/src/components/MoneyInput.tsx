import { centsToDecimalString, type MoneyCurrency, parseMoney } from '@centavo/shared/money';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useMemo } from 'react';
import { selectOnFocus } from '../lib/select-on-focus.ts';
import { useMoneyFormat } from '../lib/use-money-format.ts';

/**
 * What a positive amount may look like while typed with `digits` decimals: "1234", "1234,5", "1.234,56",
 * "1,234.56" (no decimal part for a zero-digit currency). For the form hook's `regex` rule; parseMoney
 * decides the value.
 */
export function moneyInputPattern(digits: number): string {
  return `^(\\d{1,3}([.,]\\d{3})+|\\d+)${digits > 0 ? `([.,]\\d{1,${digits}})?` : ''}$`;
}

/** Minor units → the text a person would type in this locale, without the currency: 123456 → "1.234,56". */
export function formatCentsForInput(value: number, locale: string, digits: number): string {
  const [units = '0', fraction] = centsToDecimalString(Math.abs(value), digits).split('.');
  const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  // String grouping, never Number(units): amounts above 2^53 / 100 must not lose digits.
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

/** The currency symbol alone ("R$", "$", "€", "¥") for a locale. */
export function currencySymbol(currency: MoneyCurrency, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.code }).formatToParts(
    0,
  );
  return parts.find((p) => p.type === 'currency')?.value ?? currency.code;
}

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The text as typed; keep it in form state and parse it with parseMoney on submit. */
  value: string;
  onChange: (text: string) => void;
  /** Called with the parsed minor units (null when not an amount) on every change. */
  onValueChange?: (value: number | null) => void;
}

/**
 * Amount input in the user's currency. It keeps what the person types (so "1.234,56" and "1,234.56" both
 * work whatever the interface language) and, on blur, rewrites a valid amount in the locale's format with
 * the currency's digits.
 */
export function MoneyInput({ value, onChange, onValueChange, onBlur, ...rest }: MoneyInputProps) {
  const { currency, locale } = useMoneyFormat();
  const symbol = useMemo(() => currencySymbol(currency, locale), [currency, locale]);
  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const parsed = parseMoney(value, currency.digits);
    if (parsed !== null) {
      const normalised = formatCentsForInput(parsed, locale, currency.digits);
      if (normalised !== value) onChange(normalised);
    }
    onBlur?.(event);
  }
  return (
    <TextInput
      inputMode={currency.digits > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      leftSection={symbol}
      leftSectionWidth={Math.max(36, symbol.length * 10 + 16)}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      {...rest}
      value={value}
      // Typing replaces the amount instead of adding to it, as in every numeric field (issue 13 #1).
      onMouseDown={selectOnFocus.onMouseDown}
      onMouseUp={selectOnFocus.onMouseUp}
      onFocus={(event) => {
        selectOnFocus.onFocus(event);
        rest.onFocus?.(event);
      }}
      onChange={(event) => {
        const text = event.currentTarget.value;
        // Only digits, separators and a sign are part of an amount: a letter is refused as it is typed.
        if (/[^\d.,\s-]/.test(text)) return;
        onChange(text);
        onValueChange?.(parseMoney(text, currency.digits));
      }}
      onBlur={handleBlur}
    />
  );
}
