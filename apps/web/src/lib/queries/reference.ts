import type { Country, Currency, Language } from '@centavo/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/** Reference data changes only with a deploy: fetched once per session. */
const ONCE = { staleTime: Number.POSITIVE_INFINITY } as const;

/** GET /currency (the preferences page; every amount's currency and its minor-unit digits). */
export function useCurrencies() {
  return useQuery({
    queryKey: queryKeys.reference.currencies,
    queryFn: () => apiRequest<{ data: Currency[] }>('/currency'),
    ...ONCE,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: queryKeys.reference.countries,
    queryFn: () => apiRequest<{ data: Country[] }>('/country'),
    ...ONCE,
  });
}

export function useLanguages() {
  return useQuery({
    queryKey: queryKeys.reference.languages,
    queryFn: () => apiRequest<{ data: Language[] }>('/language'),
    ...ONCE,
  });
}
