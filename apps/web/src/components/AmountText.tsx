import { OPERATIONS, type OperationId } from '@centavo/shared/constants';
import { Text, type TextProps } from '@mantine/core';
import { useMoneyFormat } from '../lib/use-money-format.ts';
import classes from './AmountText.module.css';

export type AmountTone = 'positive' | 'negative' | 'investment' | 'neutral';

/** Classes for amounts drawn without this component (the entries list's plain rows): tabular figures, tones. */
export const amountClasses: { money: string; toned: string } = {
  money: classes.money ?? '',
  toned: classes.toned ?? '',
};
const TONED = `${amountClasses.money} ${amountClasses.toned}`;
const PLAIN = `${amountClasses.money} ${classes.plain ?? ''}`;

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
  className,
  ...rest
}: AmountTextProps) {
  const { format } = useMoneyFormat();
  const shown = signedAmount(value, operation);
  const tone = amountTone(shown, operation);
  const text = `${showPlus && shown > 0 ? '+' : ''}${format(shown)}`;
  return (
    <Text
      component={component}
      className={`${colored ? TONED : PLAIN}${className ? ` ${className}` : ''}`}
      data-tone={tone}
      {...rest}
    >
      {text}
    </Text>
  );
}
