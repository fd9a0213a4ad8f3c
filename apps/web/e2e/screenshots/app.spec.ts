import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AccountsPage, apiAs } from '../pages/AccountsPage.ts';
import { RegisterPage } from '../pages/AuthPages.ts';
import { animationsDone, requestsDone, trackRequests } from '../support/settle.ts';
import { newUser } from '../support/users.ts';

/**
 * Not a check: screenshots of every foundation page at 1280 and 360 px in both themes, for a person to
 * look at. Runs only with SCREENSHOTS=<dir>.
 */
// Each spec writes into its own folder of SCREENSHOTS, so file names never clash.
const dir = process.env.SCREENSHOTS && join(process.env.SCREENSHOTS, 'app');
// Only run when SCREENSHOTS is set: playwright.config.ts leaves this file out of `npm test` otherwise.
if (!dir) throw new Error('set SCREENSHOTS=<dir> to take the screenshots');

const visitorPages = [
  ['landing', '/'],
  ['login', '/auth/login'],
  ['register', '/auth/register'],
  ['forgot', '/auth/forgot-password'],
  ['reset', '/auth/reset-password?token=abc'],
  ['verify', '/auth/verify-email'],
  ['notfound', '/no/such/page'],
] as const;
const memberPages = [
  ['welcome', '/welcome'],
  ['profile', '/profile'],
  ['preferences', '/configs/preferences'],
  ['logs', '/logs'],
  ['help', '/help'],
  ['budget', '/budget'],
  ['upgrade', '/configs/my-plan/upgrade'],
  ['card-invalid', '/card/abc'],
  ['me', '/me'],
] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 360]) {
    test(`screens ${scheme} ${width}`, async ({ page }) => {
      trackRequests(page);
      test.setTimeout(180_000);
      const out = join(dir ?? '.', `${scheme}-${width}`);
      mkdirSync(out, { recursive: true });
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: width === 360 ? 760 : 860 });
      for (const [name, path] of visitorPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await requestsDone(page);
        await page.screenshot({ path: join(out, `${name}.png`), fullPage: name === 'landing' });
      }
      const register = new RegisterPage(page);
      await register.goto();
      await register.register(newUser(`shot${scheme}${width}`));
      await expect(page).toHaveURL(/\/welcome$/);
      for (const [name, path] of memberPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await requestsDone(page);
        await page.screenshot({ path: join(out, `${name}.png`), fullPage: name === 'help' });
      }
      if (width === 360) {
        await page.goto('/profile');
        await page.getByRole('button', { name: /open navigation/i }).click();
        await page.screenshot({ path: join(out, 'nav-open.png') });
      } else {
        await page.goto('/profile');
        await page.getByTestId('user-menu').click();
        await page.screenshot({ path: join(out, 'user-menu.png') });
      }
    });
  }
}

/**
 * The main pages in both languages (browser locale, which the register form also saves as the user's
 * language), with a few entries, plus the first-load transition: the cumulative layout shift from the
 * splash to the page, and a frame taken as soon as the document is parsed.
 */
for (const lang of ['en-US', 'pt-BR'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      test(`main pages ${lang} ${scheme} ${width}`, async ({ browser }) => {
        test.setTimeout(180_000);
        const out = join(dir ?? '.', `main-${lang}-${scheme}-${width}`);
        mkdirSync(out, { recursive: true });
        const context = await browser.newContext({
          locale: lang,
          colorScheme: scheme,
          viewport: { width, height: width === 360 ? 760 : 860 },
        });
        const page = await context.newPage();
        trackRequests(page);
        await page.addInitScript(() => {
          const w = window as unknown as { __cls: number };
          w.__cls = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!entry.hadRecentInput) w.__cls += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const shifts: string[] = [];
        const shoot = async (name: string, path: string) => {
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          await page.screenshot({ path: join(out, `${name}-early.png`) });
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await requestsDone(page);
          await animationsDone(page);
          shifts.push(
            `${name}: ${await page.evaluate(() => (window as unknown as { __cls: number }).__cls)}`,
          );
          await page.screenshot({ path: join(out, `${name}.png`), fullPage: name === 'landing' });
        };
        await shoot('landing', '/');
        await shoot('login', '/auth/login');
        await shoot('register', '/auth/register');
        const register = new RegisterPage(page);
        await register.goto();
        const user = newUser(`main${scheme}${width}`);
        await register.register(user);
        await expect(page).toHaveURL(/\/welcome$/);
        const accounts = new AccountsPage(page);
        await accounts.goto();
        await accounts.createAccount(lang === 'pt-BR' ? 'Conta principal' : 'Main checking', 250000);
        const account = (await apiAs<{ data: { id: number }[] }>(page, 'GET', '/account')).data[0]?.id;
        const income = (await apiAs<{ data: { id: number }[] }>(page, 'GET', '/category?type=income')).data[0]
          ?.id;
        const expense = (await apiAs<{ data: { id: number }[] }>(page, 'GET', '/category?type=expense'))
          .data[0]?.id;
        const today = new Date().toISOString().slice(0, 10);
        const rows: [string, number, number, number | undefined][] = [
          ['Salary', 520000, 1, income],
          ['Rent', 180000, 2, expense],
          ['Groceries', 23450, 2, expense],
          ['Internet', 9990, 2, expense],
        ];
        for (const [description, value, operation_id, category_id] of rows)
          await apiAs(page, 'POST', '/entry', {
            description,
            value,
            date: today,
            operation_id,
            account_id: account,
            category_id,
          });
        await shoot('entries', '/entries/list');
        await shoot('accounts', '/account/list');
        await shoot('categories', '/configs/categories');
        writeFileSync(join(out, 'layout-shift.txt'), `${shifts.join('\n')}\n`);
        await context.close();
      });
    }
  }
}
