import { expect, type Page, test } from '@playwright/test';
import { AccountsPage, apiAs } from './pages/AccountsPage.ts';
import { AppShell } from './pages/AppShell.ts';
import { RegisterPage } from './pages/AuthPages.ts';
import { newUser } from './support/users.ts';

/**
 * The main pages load (cold, as a first visit) and switch language without any console error or uncaught
 * exception. React reports errors it recovered from (e.g. #520 wrapping #467, a hook order bug that shows
 * only under some timings) through `reportError`, which no other check sees. CONSOLE_LOOPS=<n> repeats
 * every visit n times and CONSOLE_CPU_SLOWDOWN=<k> slows the page's CPU k times, to hunt for such
 * timing-dependent errors.
 */
const loops = Number(process.env.CONSOLE_LOOPS ?? 1);
const slowdown = Number(process.env.CONSOLE_CPU_SLOWDOWN ?? 1);

test.describe.configure({ mode: 'serial' });

async function watch(page: Page): Promise<string[]> {
  if (slowdown > 1)
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', {
      rate: slowdown,
    });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()} console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()} uncaught: ${error.message}`));
  return errors;
}

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const VISITOR_PAGES = ['/', '/auth/login', '/auth/register', '/auth/forgot-password', '/no/such/page'];
const MEMBER_PAGES = ['/entries/list', '/account/list', '/configs/categories', '/configs/tags', '/profile'];

test('visitors pages load without console errors', async ({ page }) => {
  test.setTimeout((60_000 + loops * 20_000) * slowdown);
  const errors = await watch(page);
  for (let i = 0; i < loops; i++) {
    for (const path of VISITOR_PAGES) {
      await page.goto(path);
      await settle(page);
    }
  }
  expect(errors).toEqual([]);
});

test('signed-in pages load and switch language without console errors', async ({ page }) => {
  test.setTimeout((120_000 + loops * 40_000) * slowdown);
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(newUser('console'));
  await expect(page).toHaveURL(/\/welcome$/);
  const accounts = new AccountsPage(page);
  await accounts.goto();
  await accounts.createAccount('Checking', 100000);
  const account = (await apiAs<{ data: { id: number }[] }>(page, 'GET', '/account')).data[0]?.id;
  const category = (await apiAs<{ data: { id: number }[] }>(page, 'GET', '/category?type=expense')).data[0]
    ?.id;
  const today = new Date().toISOString().slice(0, 10);
  for (const [description, value] of [
    ['Rent', 150000],
    ['Groceries', 23450],
    ['Internet', 9990],
  ] as const) {
    await apiAs(page, 'POST', '/entry', {
      description,
      value,
      date: today,
      operation_id: 2,
      account_id: account,
      category_id: category,
    });
  }

  const errors = await watch(page);
  const shell = new AppShell(page);
  for (let i = 0; i < loops; i++) {
    for (const path of MEMBER_PAGES) {
      await page.goto(path);
      await settle(page);
    }
    await page.goto('/entries/list');
    await settle(page);
    await expect(page.getByTestId('entries-list')).toBeVisible();
    await shell.switchLanguage('br');
    await expect(page.getByRole('heading', { level: 1, name: 'Lançamentos' })).toBeVisible();
    for (const path of MEMBER_PAGES) {
      await page.goto(path);
      await settle(page);
    }
    await page.goto('/entries/list');
    await settle(page);
    await shell.switchLanguage('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Entries' })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
