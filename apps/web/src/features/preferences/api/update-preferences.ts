import type { Country, Currency, Language, Preferences } from '@centavo/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT answers with the chosen objects (spec §3). */
export interface PreferencesUpdateResponse {
  language: Language;
  currency_code: Currency;
  country: Country;
}

/** PUT /user/preferences; also used by the language menu, hence no query hook here (see preferences-queries.ts). */
export function updatePreferences(body: Preferences): Promise<PreferencesUpdateResponse> {
  return apiRequest<PreferencesUpdateResponse>('/user/preferences', { method: 'PUT', body });
}
