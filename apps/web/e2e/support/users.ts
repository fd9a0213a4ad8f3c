import { LANGUAGE_STORAGE_KEY } from '@centavo/shared/constants';
import { expect, type Page } from '@playwright/test';
import { AUTH_STORAGE_KEY } from '../../src/lib/auth-store.ts';
import { trackRequests } from './settle.ts';

/** A fresh identity per test run: the database is new, but rate limits count per address. */
export function newUser(label: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { name: `Ana ${label}`, email: `ana.${label}.${id}@example.com`, password: `Secret-${id}-1` };
}

/**
 * A new user, signed in, on /welcome: registered through the API (POST /auth/register with the browser's time
 * zone and the interface language), the session stored as the app stores it after its own sign-up; the page's
 * requests are tracked from then on (`requestsDone`). The
 * register page itself is auth-flow.spec.ts's subject; for every other test it is only the way in, and going
 * through it (its page load, the form, then a language switch for Português) cost seconds per test.
 */
export async function signUp(page: Page, label: string, locale: 'en' | 'br' = 'en') {
  trackRequests(page);
  const user = newUser(label);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const registered = await page.request.post('/api/v1/auth/register', {
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      password_confirmation: user.password,
      language_id: locale === 'br' ? 2 : 1,
      time_zone: timeZone,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = (await registered.json()) as { access_token: string; expires_in: number };
  const me = await page.request.get('/api/v1/user/me', {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  expect(me.status()).toBe(200);
  const auth = {
    user: await me.json(),
    token: { ...token, expires_at: Date.now() + token.expires_in * 1000 },
    updatedAt: Date.now(),
    isFetching: false,
    isAuthenticated: true,
  };
  // Storage belongs to the origin: a page of it first (the health check: no app to start), then the app.
  await page.goto('/api/v1/health');
  await page.evaluate(
    ([authKey, session, languageKey, language]) => {
      localStorage.setItem(authKey, session);
      localStorage.setItem(languageKey, language);
    },
    [AUTH_STORAGE_KEY, JSON.stringify(auth), LANGUAGE_STORAGE_KEY, locale] as const,
  );
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return user;
}
