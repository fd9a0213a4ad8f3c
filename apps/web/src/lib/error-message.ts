import type { TFunction } from 'i18next';
import { isApiError } from './api-client.ts';

/**
 * A user-facing, translated message for a failed call. Server messages are English only, so known codes
 * get catalogue texts; a 422's field messages are shown under the fields instead.
 */
export function errorMessage(t: TFunction, error: unknown, fallbackKey = 'common:toast.error'): string {
  if (!isApiError(error)) return t(fallbackKey);
  switch (error.code) {
    case 'NETWORK_ERROR':
      return t('common:errors.network');
    case 'RATE_LIMITED':
      return t('common:errors.rateLimited');
    case 'INVALID_CREDENTIALS':
      return t('auth:login.invalidCredentials');
    default:
      return t(fallbackKey);
  }
}
