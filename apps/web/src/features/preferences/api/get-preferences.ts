import type { Preferences } from '@centavo/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /user/preferences. Sign-in calls it on the visitors' pages, so this file carries no query hook
 * (the hooks are in preferences-queries.ts, loaded with the signed-in pages only).
 */
export function getPreferences(): Promise<Preferences> {
  return apiRequest<Preferences>('/user/preferences');
}

export const PREFERENCES_QUERY_KEY = ['user', 'preferences'] as const;
