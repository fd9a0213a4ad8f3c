import type { Currency } from '@centavo/shared';
import { DEFAULT_CURRENCY_ID } from '@centavo/shared/constants';
import { formatMoney } from '@centavo/shared/money';
import { useCallback, useMemo } from 'react';
import { useLocale } from './i18n.ts';
import { intlLocale } from './locale.ts';
import { usePreferences } from './queries/preferences.ts';
import { useCurrencies } from './queries/reference.ts';

/** Currency shown until the preferences arrive (spec §3 default: id 4 = BRL). */
const FALLBACK_CURRENCY = 'BRL';

export interface MoneyFormat {
  /** ISO 4217 code of the user's currency. */
  currency: string;
  /** BCP 47 locale of the interface language (en → en-US, br → pt-BR). */
  locale: string;
  /** Cents → "R$ 1.234,56" in the user's currency and the active locale. */
  format: (cents: number) => string;
  /** Whether the user's currency is known yet (false while preferences load). */
  ready: boolean;
  /**
   * Whether both requests have answered, successfully or not: the currency shown will not change any more.
   * Lists that render many amounts wait for this, so they do not render once in the fallback currency and
   * again in the user's.
   */
  settled: boolean;
}

/** Picks the currency code for a preferences' currency id; BRL when unknown. */
export function currencyCodeFor(currencyId: number | undefined, currencies: readonly Currency[]): string {
  const id = currencyId ?? DEFAULT_CURRENCY_ID;
  return currencies.find((c) => c.id === id)?.code ?? FALLBACK_CURRENCY;
}

/** The user's currency (preferences → GET /currency) and the interface locale, with a formatter. */
export function useMoneyFormat(): MoneyFormat {
  const language = useLocale();
  const preferences = usePreferences();
  const currencies = useCurrencies();
  const locale = intlLocale(language);
  const currency = currencyCodeFor(preferences.data?.currency_code_id, currencies.data?.data ?? []);
  const format = useCallback((value: number) => formatMoney(value, currency, locale), [currency, locale]);
  const ready = preferences.isSuccess && currencies.isSuccess;
  const settled = !preferences.isPending && !currencies.isPending;
  return useMemo(
    () => ({ currency, locale, format, ready, settled }),
    [currency, locale, format, ready, settled],
  );
}
