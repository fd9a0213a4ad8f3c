import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { AppShell } from './pages/AppShell.ts';
import { RegisterPage } from './pages/AuthPages.ts';
import { requestsDone, trackRequests } from './support/settle.ts';
import { newUser } from './support/users.ts';

/**
 * Issue 13 #12: no page scrolls sideways on a phone. Each page at 320 and 360 px is as wide as the
 * window (document scrollWidth), in English and Português (longer words).
 */
const PUBLIC = ['/', '/auth/login', '/auth/register', '/auth/forgot-password', '/auth/verify-email'];
const SIGNED_IN = [
  '/welcome',
  '/me',
  '/entries/list',
  '/account/list',
  '/account/filterForm',
  '/configs/categories',
  '/configs/tags',
  '/configs/preferences',
  '/configs/my-plan',
  '/configs/my-plan/upgrade',
  '/profile',
  '/logs',
  '/help',
  '/dashboard',
  '/budget',
  '/reports/analysis',
  '/reports/by-category',
];

async function overflowAt(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await requestsDone(page);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Button labels cut by their button (the page fits, the text does not). */
function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Button-label'))
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  );
}

test('no page is wider than a 320 or 360 px phone, in either language', async ({ page }) => {
  test.setTimeout(240_000);
  trackRequests(page);
  const wide: string[] = [];
  const check = async (prefix: string, paths: string[]) => {
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 740 });
      for (const path of paths) {
        const extra = await overflowAt(page, path);
        if (extra > 0) wide.push(`${prefix} ${path} at ${width}px: ${extra}px too wide`);
        for (const label of await clippedLabels(page))
          wide.push(`${prefix} ${path} at ${width}px: "${label}" cut`);
      }
    }
  };
  await check('en', PUBLIC);
  const user = newUser('overflow');
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(user);
  await expect(page).toHaveURL(/\/welcome$/);
  const account = await apiAs<{ id: number }>(page, 'POST', '/account', {
    name: 'Conta corrente principal do banco',
    initial_balance: 123456789,
  });
  const card = await apiAs<{ id: number }>(page, 'POST', '/card', {
    name: 'Cartão de crédito internacional platinum',
    limit: 123456789,
    close_day: 10,
    expiration_day: 17,
    account_id: account.id,
  });
  SIGNED_IN.push(`/card/${card.id}`);
  await check('en', SIGNED_IN);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/entries/list');
  await new AppShell(page).switchLanguage('br');
  await expect(page.getByRole('heading', { level: 1, name: 'Lançamentos' })).toBeVisible();
  await check('br', [...SIGNED_IN, ...PUBLIC]);
  expect(wide).toEqual([]);
});
