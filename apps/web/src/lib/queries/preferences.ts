import type { Country, Currency, Language, Preferences, PreferencesUpdateBody } from '@centavo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/** GET /user/preferences (sign-in reads it directly, before the user is marked signed in). */
export function getPreferences(): Promise<Preferences> {
  return apiRequest<Preferences>('/user/preferences');
}

/** PUT answers with the chosen objects (spec §3). */
export interface PreferencesUpdateResponse {
  language: Language;
  currency_code: Currency;
  country: Country;
  time_zone: string;
}

/** PUT /user/preferences (the preferences page and the language menu). */
export function updatePreferences(body: PreferencesUpdateBody): Promise<PreferencesUpdateResponse> {
  return apiRequest<PreferencesUpdateResponse>('/user/preferences', { method: 'PUT', body });
}

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.preferences, queryFn: getPreferences });
}

/** The preferences page and every amount on screen (the user's currency, lib/use-money-format.ts). */
export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) =>
      queryClient.setQueryData<Preferences>(queryKeys.preferences, {
        language_id: saved.language.id,
        currency_code_id: saved.currency_code.id,
        country_id: saved.country.id,
        time_zone: saved.time_zone,
      }),
  });
}
