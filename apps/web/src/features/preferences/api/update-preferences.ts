import type { Country, Currency, Language, Preferences } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PREFERENCES_QUERY_KEY } from './get-preferences.ts';

/** PUT answers with the chosen objects (spec §3). */
export interface PreferencesUpdateResponse {
  language: Language;
  currency_code: Currency;
  country: Country;
}

export function updatePreferences(body: Preferences): Promise<PreferencesUpdateResponse> {
  return apiRequest<PreferencesUpdateResponse>('/user/preferences', { method: 'PUT', body });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (data) => {
      queryClient.setQueryData(PREFERENCES_QUERY_KEY, {
        language_id: data.language.id,
        currency_code_id: data.currency_code.id,
        country_id: data.country.id,
      });
    },
  });
}
