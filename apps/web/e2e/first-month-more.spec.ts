import { readFile } from 'node:fs/promises';
import { expect, type Locator, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { EntriesPage } from './pages/EntriesPage.ts';
import { auditOnce } from './support/axe.ts';
import { type FirstMonth, seedFirstMonth } from './support/first-month.ts';

/**
 * Issue 23, items 9, 11 and 13 (first-month.spec.ts has the others): each language at 360 and 1280 px, axe in
 * both schemes on every page and dialog touched. Each test names the item it covers; each failed before its fix.
 */
const WIDTHS = [360, 1280] as const;
const WORDS = {
  en: {
    editDates: 'Edit dates',
    actions: 'Month actions',
    replicate: 'Replicate to later months',
    food: 'Food',
    csvHeader: 'Month,Income,Expense,Investment,Result,Entries',
    amount: /^-?\d+\.\d{2}$/,
  },
  br: {
    editDates: 'Editar datas',
    actions: 'Ações do mês',
    replicate: 'Replicar para os próximos meses',
    food: 'Alimentação',
    csvHeader: 'Mês;Receita;Despesa;Investimento;Resultado;Lançamentos',
    amount: /^-?\d{1,3}(\.\d{3})*,\d{2}$/,
  },
} as const;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

for (const locale of ['en', 'br'] as const) {
  const w = WORDS[locale];
  test.describe(`first month, the rest, in ${locale}`, () => {
    let seeded: FirstMonth;

    test('#11 debt ahead: card invoices hold the installments; a monthly charge is not twelve months. #9 the CSV', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      seeded = await seedFirstMonth(page, `fmd${locale}`, locale);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/reports/analysis?range=12m');
        const table = page.getByTestId('debt-rows');
        await expect(table).toBeVisible();
        // No installments column reading R$ 0,00 beside a 10× purchase: it has none on an account.
        await expect(table.locator('th')).toHaveCount(2);
        const cells = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
        // Nine later invoices of one installment (R$ 359,99) each; never with Netflix (R$ 415,89).
        expect(cells.filter((c) => /359[.,]99/.test(c))).toHaveLength(9);
        expect(cells.filter((c) => /415[.,]89/.test(c))).toHaveLength(0);
        await auditOnce(page, locale, width, `analysis ${locale} ${width}px`);
      }
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /^(export|exportar)$/i }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      const text = await readFile(await (await download).path(), 'utf8');
      const lines = text.replace('\uFEFF', '').trim().split(/\r?\n/);
      expect(lines[0]).toBe(w.csvHeader);
      const expense = lines.at(-1)?.split(locale === 'br' ? ';' : ',')[2] ?? '';
      expect(expense).toMatch(w.amount);
      // The month's spending: R$ 2.165,99 is written 2.165,99 in Português, 2165.99 in English.
      expect(expense).toBe(locale === 'br' ? '2.165,99' : '2165.99');
    });

    test('#13a the closing date hint is under the closing date; #13f the replicate dialog buttons on one line', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      seeded = await seedFirstMonth(page, `fma${locale}`, locale);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/card/${seeded.cardId}?month=${seeded.invoiceMonth}`);
        await page.getByRole('button', { name: w.editDates }).click();
        const dialog = page.getByRole('dialog');
        const close = dialog.getByRole('textbox', { name: /^(closing date|data de fechamento)/i });
        const due = dialog.getByRole('textbox', { name: /^(due date|data de vencimento)/i });
        await expect(close).toBeEnabled();
        const hint = dialog.getByText(/^(from this day|a partir deste dia)/i);
        const [c, h, d] = [await box(close), await box(hint), await box(due)];
        expect(h.y).toBeGreaterThanOrEqual(c.y + c.height);
        expect(h.y + h.height).toBeLessThanOrEqual(d.y);
        await auditOnce(page, locale, width, `dates dialog ${locale} ${width}px`, '[role="dialog"]');
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();

        await page.goto('/budget');
        await page.getByRole('button', { name: w.actions }).click();
        await page.getByRole('menuitem', { name: w.replicate }).click();
        const replicate = page.getByRole('dialog');
        const buttons = replicate.locator('form button');
        await expect(buttons).toHaveCount(2);
        const [cancel, submit] = [await box(buttons.nth(0)), await box(buttons.nth(1))];
        // Side by side at the end, as in every other dialog: same row, cancel left of the action.
        expect(Math.abs(cancel.y - submit.y)).toBeLessThan(2);
        expect(cancel.x + cancel.width).toBeLessThanOrEqual(submit.x);
        await auditOnce(page, locale, width, `replicate dialog ${locale} ${width}px`, '[role="dialog"]');
        await page.keyboard.press('Escape');
        await expect(replicate).toBeHidden();
      }
    });

    test('#13c without budgets: the spending and a prompt, never a negative "available"', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await seedFirstMonth(page, `fmc${locale}`, locale);
      await apiAs(page, 'GET', `/budget/deleteByMonth/?month=${new Date().toISOString().slice(0, 7)}`);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/budget');
        const summary = page.getByTestId('budget-summary');
        await expect(summary.getByTestId('summary-none')).toBeVisible();
        await expect(summary.getByTestId('summary-spent')).toContainText(/2[.,]165[.,]99/);
        await expect(summary.getByTestId('summary-available')).toHaveCount(0);
        await auditOnce(page, locale, width, `budget without budgets ${locale} ${width}px`);
        await page.goto('/dashboard');
        await expect(page.getByTestId('dash-budgets-none')).toBeVisible();
        await expect(page.getByTestId('dash-budgets')).not.toContainText('-R$');
        await auditOnce(page, locale, width, `dashboard without budgets ${locale} ${width}px`);
      }
    });

    test('#13e a card purchase says which invoice it went to, and opens it', async ({ page }) => {
      test.setTimeout(180_000);
      seeded = await seedFirstMonth(page, `fme${locale}`, locale);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const entries = new EntriesPage(page);
        await entries.goto();
        await entries.addEntry({
          operation: 'expense',
          description: `Mercado ${width}`,
          value: locale === 'br' ? '123,45' : '123.45',
          // Today, as the form starts (typing it opens the calendar over the account field).
          date: '',
          account: 'Nubank',
          category: w.food,
        });
        const toast = page.getByTestId('invoice-saved');
        await expect(toast).toContainText('Nubank');
        await expect(toast).toContainText(
          locale === 'br' ? 'Entrou na fatura de' : 'Added to the invoice of',
        );
        await toast.getByRole('link').click();
        await expect(page).toHaveURL(new RegExp(`/card/${seeded.cardId}\\?month=\\d{4}-\\d{2}$`));
        await expect(page.getByTestId('invoice-entries')).toContainText(`Mercado ${width}`);
        await auditOnce(page, locale, width, `card page after the toast ${locale} ${width}px`);
      }
    });
  });
}
