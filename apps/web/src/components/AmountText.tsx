import { OPERATIONS, type OperationId } from '@centavo/shared/constants';
import { Text, type TextProps } from '@mantine/core';
import { useMoneyFormat } from '../lib/use-money-format.ts';

export type AmountTone = 'positive' | 'negative' | 'investment' | 'neutral';

/**
 * Text colours that keep 4.5:1 contrast on the page background in both schemes (Mantine's shade 6 does
 * not on white), switched by the color-scheme Mantine sets on <html>.
 */
const TONE_COLORS: Record<AmountTone, string | undefined> = {
  positive: 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))',
  negative: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))',
  investment: 'light-dark(var(--mantine-color-indigo-8), var(--mantine-color-indigo-3))',
  neutral: undefined,
};

/** The tone of an amount: by operation when given (income/expense/investment/transfer), else by sign. */
export function amountTone(value: number, operation?: OperationId | number | null): AmountTone {
  if (operation === OPERATIONS.income) return 'positive';
  if (operation === OPERATIONS.expense) return 'negative';
  if (operation === OPERATIONS.investment) return 'investment';
  if (operation === OPERATIONS.transfer) return 'neutral';
  if (value > 0) return 'positive';
  if (value < 0) return 'negative';
  return 'neutral';
}

/** The amount as it reads in a list: expenses and investments leave the wallet, so they carry a minus. */
export function signedAmount(value: number, operation?: OperationId | number | null): number {
  if (operation === OPERATIONS.expense || operation === OPERATIONS.investment) return -Math.abs(value);
  if (operation === OPERATIONS.income) return Math.abs(value);
  return value;
}

export interface AmountTextProps extends Omit<TextProps, 'c' | 'children'> {
  /** Cents. */
  value: number;
  /** Colours and signs by operation (1 income, 2 expense, 3 investment, 4 transfer) instead of by sign. */
  operation?: OperationId | number | null;
  /** Prefix '+' on positive amounts (a minus is always shown). */
  showPlus?: boolean;
  /** false: plain text colour. */
  colored?: boolean;
  component?: 'span' | 'p' | 'div' | 'strong';
  id?: string;
}

/**
 * Formats cents in the user's currency and the interface locale (formatMoney), coloured by operation or
 * sign. Tabular figures keep columns of amounts aligned.
 */
export function AmountText({
  value,
  operation,
  showPlus = false,
  colored = true,
  component = 'span',
  ...rest
}: AmountTextProps) {
  const { format } = useMoneyFormat();
  const shown = signedAmount(value, operation);
  const tone = amountTone(shown, operation);
  const text = `${showPlus && shown > 0 ? '+' : ''}${format(shown)}`;
  return (
    <Text
      component={component}
      c={colored ? TONE_COLORS[tone] : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-tone={tone}
      {...rest}
    >
      {text}
    </Text>
  );
}
