import { centsToDecimalString, parseMoney } from '@centavo/shared/money';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useMemo } from 'react';
import { useMoneyFormat } from '../lib/use-money-format.ts';

/**
 * What a positive amount may look like while typed: "1234", "1234,5", "1.234,56", "1,234.56". For the
 * form hook's `regex` rule; parseMoney decides the value.
 */
export const MONEY_INPUT_PATTERN = '^(\\d{1,3}([.,]\\d{3})+|\\d+)([.,]\\d{1,2})?$';

/** Cents → the text a person would type in this locale, without the currency: 123456 → "1.234,56" (pt-BR). */
export function formatCentsForInput(value: number, locale: string): string {
  const [units = '0', fraction = '00'] = centsToDecimalString(Math.abs(value)).split('.');
  const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  // String grouping, never Number(units): amounts above 2^53 / 100 must not lose digits.
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${value < 0 ? '-' : ''}${grouped}${decimal}${fraction}`;
}

/** Text → cents, or null when it is not an amount (string handling only, no float math). */
export function parseMoneyInput(text: string): number | null {
  return parseMoney(text);
}

/** The currency symbol alone ("R$", "$", "€") for a locale. */
export function currencySymbol(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The text as typed; keep it in form state and parse it with parseMoneyInput on submit. */
  value: string;
  onChange: (text: string) => void;
  /** Called with the parsed cents (null when not an amount) on every change. */
  onValueChange?: (cents: number | null) => void;
}

/**
 * Amount input in the user's currency. It keeps what the person types (so "1.234,56" and "1,234.56" both
 * work whatever the interface language) and, on blur, rewrites a valid amount in the locale's format.
 */
export function MoneyInput({ value, onChange, onValueChange, onBlur, ...rest }: MoneyInputProps) {
  const { currency, locale } = useMoneyFormat();
  const symbol = useMemo(() => currencySymbol(currency, locale), [currency, locale]);
  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const cents = parseMoney(value);
    if (cents !== null) {
      const normalised = formatCentsForInput(cents, locale);
      if (normalised !== value) onChange(normalised);
    }
    onBlur?.(event);
  }
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection={symbol}
      leftSectionWidth={Math.max(36, symbol.length * 10 + 16)}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      {...rest}
      value={value}
      onChange={(event) => {
        const text = event.currentTarget.value;
        onChange(text);
        onValueChange?.(parseMoney(text));
      }}
      onBlur={handleBlur}
    />
  );
}
