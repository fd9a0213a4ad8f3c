import type { Account, AccountCreateBody, AccountType, AccountUpdateBody } from '@centavo/shared';
import { MAX_CENTS, parseMoney } from '@centavo/shared/money';
import { formatCentsForInput } from '../../components/MoneyInput.tsx';

/** What the account form edits: strings as the inputs hold them; converted to the API body on submit. */
export interface AccountFormValues extends Record<string, unknown> {
  name: string;
  /** The bank select's value (the id as text), or null for none. */
  bank_id: string | null;
  type: AccountType;
  /** As typed ("1.234,56", "-50"); parseMoney turns it into cents. */
  initial_balance: string;
  /** '#rrggbb' or '' for none. */
  color: string;
}

export const COLOR_RE = /^#[0-9a-fA-F]{6}$/;

/** `digits`: the minor-unit digits of the user's currency. */
export function accountFormValues(
  account: Account | null,
  locale: string,
  digits: number,
): AccountFormValues {
  if (!account) return { name: '', bank_id: null, type: 'checking', initial_balance: '', color: '' };
  return {
    name: account.name,
    bank_id: account.bank_id === null ? null : String(account.bank_id),
    type: account.type,
    initial_balance:
      account.initial_balance === 0 ? '' : formatCentsForInput(account.initial_balance, locale, digits),
    color: account.color ?? '',
  };
}

export type AccountFormError = 'name' | 'initial_balance' | 'color';

/**
 * Form values → the POST/PUT body, or the fields that are not valid. An empty initial balance is zero;
 * amounts are parsed from the text (never through floats).
 */
export function accountBody(
  values: AccountFormValues,
  digits: number,
): { ok: true; body: AccountCreateBody & AccountUpdateBody } | { ok: false; errors: AccountFormError[] } {
  const errors: AccountFormError[] = [];
  const name = values.name.trim();
  if (!name || name.length > 100) errors.push('name');
  const text = values.initial_balance.trim();
  const initial = text === '' ? 0 : parseMoney(text, digits);
  if (initial === null || Math.abs(initial) > MAX_CENTS) errors.push('initial_balance');
  const color = values.color.trim();
  if (color !== '' && !COLOR_RE.test(color)) errors.push('color');
  if (errors.length > 0 || initial === null) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name,
      bank_id: values.bank_id ? Number(values.bank_id) : null,
      type: values.type,
      initial_balance: initial,
      color: color === '' ? null : color.toLowerCase(),
    },
  };
}
