import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../pages/AccountsPage.ts';
import { RegisterPage } from '../pages/AuthPages.ts';
import { animationsDone, requestsDone, trackRequests } from '../support/settle.ts';
import { newUser } from '../support/users.ts';

/**
 * Screenshots of the ledger settings pages with realistic data, at 1280 and 360 px, light and dark, en and
 * br — for looking at, not for asserting. Run with SCREENSHOTS=<dir>.
 */
// Each spec writes into its own folder of SCREENSHOTS, so file names never clash.
const dir = process.env.SCREENSHOTS && join(process.env.SCREENSHOTS, 'accounts');
// Only run when SCREENSHOTS is set: playwright.config.ts leaves this file out of `npm test` otherwise.
if (!dir) throw new Error('set SCREENSHOTS=<dir> to take the screenshots');
// Other builds may replace apps/web/dist meanwhile; LEDGER_BASE_URL points at a server of one's own build.
if (process.env.LEDGER_BASE_URL) test.use({ baseURL: process.env.LEDGER_BASE_URL });

async function seed(page: Page) {
  const banks = await apiAs<{ data: { id: number; code: string | null }[] }>(page, 'GET', '/bank');
  const bank = (code: string) => banks.data.find((b) => b.code === code)?.id ?? null;
  const accounts = [
    {
      name: 'Nubank conta',
      bank_id: bank('260'),
      type: 'checking',
      initial_balance: 482_350,
      color: '#862e9c',
    },
    {
      name: 'Itaú Personnalité',
      bank_id: bank('341'),
      type: 'checking',
      initial_balance: -12_540,
      color: '#e8590c',
    },
    {
      name: 'Reserva de emergência',
      bank_id: bank('077'),
      type: 'savings',
      initial_balance: 2_500_000,
      color: '#0b7a5f',
    },
    {
      name: 'Tesouro + CDBs',
      bank_id: bank('208'),
      type: 'investment',
      initial_balance: 8_731_244,
      color: '#1971c2',
    },
    { name: 'Carteira', bank_id: null, type: 'wallet', initial_balance: 23_000, color: null },
    {
      name: 'Conta antiga Santander',
      bank_id: bank('033'),
      type: 'checking',
      initial_balance: 0,
      color: '#495057',
      archived: true,
    },
  ];
  const ids: number[] = [];
  for (const account of accounts)
    ids.push((await apiAs<{ id: number }>(page, 'POST', '/account', account)).id);
  const expense = await apiAs<{ data: { id: number }[] }>(page, 'GET', '/category?type=expense');
  const gym = await apiAs<{ id: number }>(page, 'POST', '/category', {
    name: 'Academia',
    type: 'expense',
    color: '#5f3dc4',
    icon: 'barbell',
  });
  await apiAs(page, 'POST', '/subcategory', { category_id: gym.id, name: 'Mensalidade' });
  await apiAs(page, 'POST', '/subcategory', { category_id: gym.id, name: 'Suplementos' });
  await apiAs(page, 'POST', '/category', {
    name: 'Pets da família',
    type: 'expense',
    color: '#f08c00',
    icon: 'paw',
  });
  await apiAs(page, 'POST', '/category', { name: 'Aluguel do apê de praia', type: 'income', icon: 'home' });
  const tagNames = ['viagem-2026', 'reforma', 'dividido-com-ana', 'trabalho', 'presentes-natal'];
  const tags = await apiAs<{ data: { id: number }[] }>(page, 'POST', '/tag/tags', { labels: tagNames });
  const entries = [
    ['Supermercado', 45_320, '2026-11-03', true, [tags.data[2]?.id]],
    ['Hotel em Salvador', 128_000, '2026-11-08', true, [tags.data[0]?.id]],
    ['Passagens', 98_900, '2026-11-09', true, [tags.data[0]?.id]],
    ['Tinta e pincéis', 23_450, '2026-11-14', false, [tags.data[1]?.id]],
    ['Conta de luz', 31_290, '2026-11-25', false, []],
  ] as const;
  for (const [description, value, date, paid, tagIds] of entries) {
    await apiAs(page, 'POST', '/entry', {
      description,
      value,
      date,
      paid,
      operation_id: 2,
      account_id: ids[0],
      category_id: expense.data[0]?.id,
      tags: tagIds.filter((id): id is number => typeof id === 'number'),
    });
  }
}

test('ledger pages, looked at', async ({ page }) => {
  trackRequests(page);
  test.setTimeout(300_000);
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(newUser('screens'));
  await expect(page).toHaveURL(/\/welcome$/);
  await seed(page);
  for (const locale of ['en', 'br'] as const) {
    await page.evaluate((l) => {
      localStorage.setItem('language', l);
      sessionStorage.setItem('language', l);
      // biome-ignore lint/suspicious/noDocumentCookie: test setup
      document.cookie = `language=${l}; path=/`;
    }, locale);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 780 });
        for (const [name, path] of [
          ['accounts', '/account/list'],
          ['filter', '/account/filterForm?type=checking'],
          ['categories', '/configs/categories'],
          ['tags', '/configs/tags'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await requestsDone(page);
          await page.screenshot({ path: `${dir}/${name}-${locale}-${scheme}-${width}.png`, fullPage: true });
        }
        if (locale === 'en') {
          await page.goto('/account/list');
          await page.getByRole('button', { name: 'New account' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await animationsDone(page);
          await page.screenshot({ path: `${dir}/account-form-${scheme}-${width}.png` });
          await page.goto('/configs/categories');
          await page.getByRole('button', { name: 'New category' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await animationsDone(page);
          await page.screenshot({ path: `${dir}/category-form-${scheme}-${width}.png` });
        }
      }
    }
  }
});
