import { expect, type Page } from '@playwright/test';
import { AppShell } from '../pages/AppShell.ts';
import { RegisterPage } from '../pages/AuthPages.ts';

/** A fresh identity per test run: the database is new, but rate limits count per address. */
export function newUser(label: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { name: `Ana ${label}`, email: `ana.${label}.${id}@example.com`, password: `Secret-${id}-1` };
}

/** Registers a new user through the page (landing on /welcome), then switches to Portuguese when asked. */
export async function signUp(page: Page, label: string, locale: 'en' | 'br' = 'en') {
  const user = newUser(label);
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(user);
  await expect(page).toHaveURL(/\/welcome$/);
  if (locale === 'br') {
    await page.goto('/entries/list');
    await new AppShell(page).switchLanguage('br');
    await expect(page.getByRole('heading', { level: 1, name: 'Lançamentos' })).toBeVisible();
  }
  return user;
}
