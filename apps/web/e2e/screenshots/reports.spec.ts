import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAs, postEntry } from '../pages/AccountsPage.ts';
import { AppShell } from '../pages/AppShell.ts';
import { RegisterPage } from '../pages/AuthPages.ts';
import { monthFromNow } from '../pages/EntriesPage.ts';
import { animationsDone, requestsDone, trackRequests } from '../support/settle.ts';
import { newUser } from '../support/users.ts';

/**
 * Not a check: the budget, dashboard and report pages at 360 and 1280 px, light and dark, English and
 * Português, with a few months of data, for a person to look at. Runs only with SCREENSHOTS=<dir>.
 */
// Each spec writes into its own folder of SCREENSHOTS, so file names never clash.
const dir = process.env.SCREENSHOTS && join(process.env.SCREENSHOTS, 'reports');
if (!dir) throw new Error('set SCREENSHOTS=<dir> to take the screenshots');

const pages = [
  ['budget', '/budget'],
  ['dashboard', '/dashboard'],
  ['analysis', '/reports/analysis?range=6m'],
  ['by-category', '/reports/by-category?range=6m'],
] as const;

test('reports screens', async ({ page }) => {
  trackRequests(page);
  test.setTimeout(600_000);
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(newUser('reportshots'));
  await expect(page).toHaveURL(/\/welcome$/);
  const account = await apiAs<{ id: number }>(page, 'POST', '/account', {
    name: 'Checking',
    initial_balance: 250000,
  });
  const expense = (value: number, date: string, category: number, sub: number | null, extra = {}) =>
    postEntry(page, 'expense', `Expense ${category}`, value, date, {
      category_id: category,
      sub_category_id: sub,
      account_id: account.id,
      paid: true,
      ...extra,
    });
  for (let offset = -5; offset <= 0; offset++) {
    const m = monthFromNow(offset);
    await postEntry(page, 'income', 'Salary', 650000, `${m}-05`, {
      category_id: 14,
      account_id: account.id,
      paid: true,
    });
    await expense(120000 + offset * 3000, `${m}-07`, 2, 1);
    await expense(52000 - offset * 1500, `${m}-10`, 3, 5);
    await expense(18000, `${m}-14`, 3, 6);
    await expense(21000 + offset * 2000, `${m}-18`, 4, 8);
    await expense(9000, `${m}-21`, 5, 13);
  }
  await apiAs(page, 'POST', '/entry', {
    description: 'ETF',
    value: 50000,
    date: `${monthFromNow(-1)}-25`,
    operation_id: 3,
    category_id: 19,
    account_id: account.id,
  });
  await expense(240000, `${monthFromNow(0)}-20`, 7, null, {
    installments: 6,
    paid: false,
    description: 'Laptop',
  });
  const m0 = monthFromNow(0);
  for (const [category, value] of [
    [2, 130000],
    [3, 80000],
    [4, 20000],
    [5, 30000],
  ] as const) {
    await apiAs(page, 'POST', '/budget', { category_id: category, month: m0, value });
  }

  for (const locale of ['en', 'br'] as const) {
    if (locale === 'br') {
      await page.goto('/dashboard');
      await new AppShell(page).switchLanguage('br');
      await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
    }
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 360]) {
        const out = join(dir ?? '.', `${locale}-${scheme}-${width}`);
        mkdirSync(out, { recursive: true });
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: width === 360 ? 760 : 860 });
        for (const [name, path] of pages) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await requestsDone(page);
          await animationsDone(page);
          await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
        }
      }
    }
  }
});
