import type { Currency } from '@centavo/shared';
import { DEFAULT_CURRENCY_ID } from '@centavo/shared/constants';
import { formatMoney, type MoneyCurrency } from '@centavo/shared/money';
import { useCallback, useMemo } from 'react';
import { useLocale } from './i18n.ts';
import { intlLocale } from './locale.ts';
import { usePreferences } from './queries/preferences.ts';
import { useCurrencies } from './queries/reference.ts';

/** Currency shown until the preferences arrive (spec §3 default: id 4 = BRL). */
const FALLBACK_CURRENCY: MoneyCurrency = { code: 'BRL', digits: 2 };

export interface MoneyFormat {
  /** The user's currency: its ISO 4217 code and minor-unit digits (amounts are integer minor units). */
  currency: MoneyCurrency;
  /** BCP 47 locale of the interface language (en → en-US, br → pt-BR). */
  locale: string;
  /** Minor units → "R$ 1.234,56" / "¥1,234" in the user's currency and the active locale. */
  format: (value: number) => string;
  /** Whether the user's currency is known yet (false while preferences load). */
  ready: boolean;
  /**
   * Whether both requests have answered, successfully or not: the currency shown will not change any more.
   * Lists that render many amounts wait for this, so they do not render once in the fallback currency and
   * again in the user's.
   */
  settled: boolean;
}

/** The currency of a preferences' currency id; BRL when unknown. */
export function currencyFor(currencyId: number | undefined, currencies: readonly Currency[]): MoneyCurrency {
  const id = currencyId ?? DEFAULT_CURRENCY_ID;
  const found = currencies.find((c) => c.id === id);
  return found ? { code: found.code, digits: found.decimals } : FALLBACK_CURRENCY;
}

/** The user's currency (preferences → GET /currency) and the interface locale, with a formatter. */
export function useMoneyFormat(): MoneyFormat {
  const language = useLocale();
  const preferences = usePreferences();
  const currencies = useCurrencies();
  const locale = intlLocale(language);
  const { code, digits } = currencyFor(preferences.data?.currency_code_id, currencies.data?.data ?? []);
  const currency = useMemo(() => ({ code, digits }), [code, digits]);
  const format = useCallback((value: number) => formatMoney(value, currency, locale), [currency, locale]);
  const ready = preferences.isSuccess && currencies.isSuccess;
  const settled = !preferences.isPending && !currencies.isPending;
  return useMemo(
    () => ({ currency, locale, format, ready, settled }),
    [currency, locale, format, ready, settled],
  );
}
