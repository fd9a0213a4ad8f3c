import type { TokenResponse } from '@centavo/shared';
import type { LocaleCode } from '@centavo/shared/constants';
import { paths } from '../../app/paths.ts';
import { REFRESH_MARGIN_MS, refreshToken } from '../../lib/api-client.ts';
import { clearAuth, getAuthState, setAuthState, storeToken } from '../../lib/auth-store.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { languageIdFromLocale, localeFromLanguageId } from '../../lib/locale.ts';
import { navigate } from '../../lib/navigation.ts';
import { getPreferences, updatePreferences } from '../../lib/queries/preferences.ts';
import { queryClient } from '../../lib/query-client.ts';
import { getMe } from './api/get-me.ts';
import { logout } from './api/logout.ts';

/**
 * Spec §4: store the token, load the user, sync preferences (the interface follows the saved language),
 * then mark the user authenticated. Plain calls, no query cache: this runs on the visitors' pages.
 */
export async function completeSignIn(token: TokenResponse): Promise<void> {
  storeToken(token);
  setAuthState({ isFetching: true, isAuthenticated: false });
  try {
    const [user, preferences] = await Promise.all([getMe(), getPreferences()]);
    await changeLocale(localeFromLanguageId(preferences.language_id));
    setAuthState({ user, isFetching: false, isAuthenticated: true, redirecting: false });
  } catch (error) {
    clearAuth();
    throw error;
  }
}

let signingOut = false;

/** True while a deliberate sign-out runs: the login page then must not send the next user back to this one's page. */
export function isSigningOut(): boolean {
  return signingOut;
}

/** Spec §4: POST /auth/logout, then clear the token and the authenticated flag whatever the server said. */
export async function signOut(): Promise<void> {
  signingOut = true;
  try {
    await logout();
  } catch {
    // The local session ends regardless; an expired token must not keep the user signed in.
  }
  clearAuth();
  navigate(paths.auth.login, { replace: true });
  setTimeout(() => {
    signingOut = false;
  }, 0);
}

/** Switches the interface language and, when signed in, saves it as the user's preference. */
export async function switchLanguage(locale: LocaleCode): Promise<void> {
  await changeLocale(locale);
  if (!getAuthState().isAuthenticated) return;
  const current = await getPreferences();
  const language_id = languageIdFromLocale(locale);
  if (current.language_id === language_id) return;
  await updatePreferences({ ...current, language_id });
  // The server names system categories, reports' rows and messages in the user's language: everything cached
  // was read in the old one.
  await queryClient.invalidateQueries();
}

/**
 * Keeps the access token fresh: refreshes REFRESH_MARGIN_MS before it runs out. Returns a cleanup.
 * A failed refresh signs the user out (the refresh token is spent or revoked).
 */
export function scheduleTokenRefresh(expiresAt: number | undefined, onFailure: () => void): () => void {
  if (expiresAt === undefined) return () => {};
  const delay = Math.max(0, expiresAt - Date.now() - REFRESH_MARGIN_MS);
  const timer = setTimeout(() => {
    refreshToken().then((ok) => {
      if (!ok) onFailure();
    });
  }, delay);
  return () => clearTimeout(timer);
}
