import { isApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { toastError, toastSuccess } from './toasts.ts';

/**
 * A user-facing message for a failed call, in the interface language. A 409 or 404 says what went wrong
 * ("The tag already exists") instead of DESIGN §7's generic "Unexpected error": its text comes from the
 * `api` catalogue by the key the server sent (with its parameters), else it is the server's own message.
 * Other codes get catalogue texts; a 422's field messages are shown under the fields instead. The failure
 * texts DESIGN §7 fixes (login, register) are chosen by their pages, not here.
 */
export function errorMessage(error: unknown, fallbackKey = 'common:toast.error'): string {
  if (!isApiError(error)) return i18n.t(fallbackKey);
  switch (error.code) {
    case 'NETWORK_ERROR':
      return i18n.t('common:errors.network');
    case 'SUBSCRIPTION_REQUIRED':
      return i18n.t('common:errors.planEnded');
    case 'RATE_LIMITED':
      return i18n.t('common:errors.rateLimited');
    case 'INVALID_CREDENTIALS':
      return i18n.t('auth:login.invalidCredentials');
    case 'CONFLICT':
    case 'NOT_FOUND': {
      const key = `api:messages.${error.key}`;
      if (error.key && i18n.exists(key, error.params)) return i18n.t(key, error.params);
      return error.message || i18n.t(fallbackKey);
    }
    default:
      return i18n.t(fallbackKey);
  }
}

/** The change was refused because the plan has ended (read-only access, DESIGN §6). */
export function isPlanEnded(error: unknown): boolean {
  return isApiError(error) && error.code === 'SUBSCRIPTION_REQUIRED';
}

/** The part of the form hook a failed submit reports to. */
interface ReportsErrors {
  setServerErrors: (errors: Record<string, string[]>, fallback?: string | null) => void;
}

/**
 * One clear message per failed submit (issue 13 #5): a 422's (or 409's) field messages go under their fields and
 * nothing else is said; a failure without field messages is said once, in the form's alert when the form
 * shows one (`alert`), else in a toast. Never a field error plus an "Unexpected error" toast.
 */
export function reportFormError(
  form: ReportsErrors,
  error: unknown,
  options: { fallbackKey?: string; alert?: boolean } = {},
): void {
  // A 409 on a field ("This name is already in use") is said under that field too.
  const fields = isApiError(error) && (error.status === 422 || error.status === 409) ? error.errors : {};
  if (Object.keys(fields).length > 0) {
    form.setServerErrors(fields, null);
    return;
  }
  const message = errorMessage(error, options.fallbackKey);
  if (options.alert) {
    form.setServerErrors({}, message);
    return;
  }
  form.setServerErrors({}, null);
  toastError(message);
}

/**
 * A dialog's mutation callbacks: on success the toast `success` names and then `done` (closing the dialog), on
 * failure the error's own toast, the dialog left open.
 */
export function toastOutcome<T>(success: (result: T) => string, done: () => void) {
  return {
    onSuccess: (result: T) => {
      toastSuccess(success(result));
      done();
    },
    onError: (error: unknown) => toastError(errorMessage(error)),
  };
}
