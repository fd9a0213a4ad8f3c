import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPreferences, PREFERENCES_QUERY_KEY } from './get-preferences.ts';
import { updatePreferences } from './update-preferences.ts';

/**
 * Query hooks of GET and PUT /user/preferences, apart from the calls so the visitors' pages (which sync
 * preferences at sign-in) do not load the query library.
 */
export function preferencesQueryOptions() {
  // Always re-read on mount: the language menu can change it outside the query cache.
  return queryOptions({ queryKey: PREFERENCES_QUERY_KEY, queryFn: getPreferences, staleTime: 0 });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
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
