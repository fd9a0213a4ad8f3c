import type { TFunction } from 'i18next';
import { isApiError } from './api-client.ts';

/**
 * A user-facing, translated message for a failed call. The server translates its messages (the user's
 * language, else the Accept-Language the client sends: docs/decisions/errors.md), so a 409 or 404 says
 * what went wrong ("The tag already exists") instead of DESIGN §7's generic "Unexpected error"; other
 * codes get catalogue texts, and a 422's field messages are shown under the fields instead. The failure
 * texts DESIGN §7 fixes (login, register) are chosen by their pages, not here.
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
    case 'CONFLICT':
    case 'NOT_FOUND':
      return error.message || t(fallbackKey);
    default:
      return t(fallbackKey);
  }
}
