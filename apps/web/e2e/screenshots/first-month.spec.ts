import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../pages/AccountsPage.ts';
import { EntriesPage } from '../pages/EntriesPage.ts';
import { seedFirstMonth } from '../support/first-month.ts';
import { animationsDone } from '../support/settle.ts';

/**
 * Issue 23's pages after items 9, 11 and 13: the analysis page's debt table, the budget page and dashboard
 * without budgets, the budget month dialogs, the invoice dates dialog and a card purchase's toast — at 360 and
 * 1280 px, light and dark, en and br. For looking at, not for asserting. Run with SCREENSHOTS=<dir>.
 */
const dir = process.env.SCREENSHOTS && join(process.env.SCREENSHOTS, 'first-month');
if (!dir) throw new Error('set SCREENSHOTS=<dir> to take the screenshots');

async function shoot(page: Page, name: string, full = true) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForLoadState('networkidle');
    await animationsDone(page);
    await page.screenshot({ path: join(dir as string, `${name}-${scheme}.png`), fullPage: full });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const locale of ['en', 'br'] as const) {
  test(`first month pages in ${locale}`, async ({ page }) => {
    test.setTimeout(300_000);
    mkdirSync(dir, { recursive: true });
    const seeded = await seedFirstMonth(page, `shots${locale}`, locale);
    for (const width of [360, 1280] as const) {
      await page.setViewportSize({ width, height: 900 });
      const tag = `${locale}-${width}`;

      await page.goto('/reports/analysis?range=12m');
      await expect(page.getByTestId('debt-rows')).toBeVisible();
      await page.getByTestId('debt-rows').scrollIntoViewIfNeeded();
      await shoot(page, `analysis-${tag}`);

      await page.goto(`/card/${seeded.cardId}?month=${seeded.invoiceMonth}`);
      await page.getByRole('button', { name: /^(edit dates|editar datas)$/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, `dates-dialog-${tag}`, false);
      await page.keyboard.press('Escape');

      await page.goto('/budget');
      await page.getByRole('button', { name: /^(month actions|ações do mês)$/i }).click();
      await page.getByRole('menuitem', { name: /^(replicate|replicar)/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, `replicate-dialog-${tag}`, false);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^(month actions|ações do mês)$/i }).click();
      await page.getByRole('menuitem', { name: /^(fill from history|preencher pelo histórico)/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, `fill-dialog-${tag}`, false);
      await page.keyboard.press('Escape');
    }

    // A card purchase's toast.
    for (const width of [360, 1280] as const) {
      await page.setViewportSize({ width, height: 900 });
      const entries = new EntriesPage(page);
      await entries.goto();
      await entries.addEntry({
        operation: 'expense',
        description: 'Mercado',
        value: '123,45',
        date: '',
        account: 'Nubank',
        category: locale === 'br' ? 'Alimentação' : 'Food',
      });
      await expect(page.getByTestId('invoice-saved')).toBeVisible();
      await animationsDone(page);
      await page.screenshot({ path: join(dir, `toast-${locale}-${width}.png`) });
    }

    // Without budgets.
    await apiAs(page, 'GET', `/budget/deleteByMonth/?month=${new Date().toISOString().slice(0, 7)}`);
    for (const width of [360, 1280] as const) {
      await page.setViewportSize({ width, height: 900 });
      const tag = `${locale}-${width}`;
      await page.goto('/budget');
      await expect(page.getByTestId('summary-none')).toBeVisible();
      await shoot(page, `budget-none-${tag}`, false);
      await page.goto('/dashboard');
      await expect(page.getByTestId('dash-budgets-none')).toBeVisible();
      await page.getByTestId('dash-budgets-none').scrollIntoViewIfNeeded();
      await shoot(page, `dashboard-none-${tag}`, false);
    }
  });
}
