import { expect, type Page, test } from '@playwright/test';
import { auditOnce } from './support/axe.ts';
import { seedFirstMonth } from './support/first-month.ts';
import { requestsDone, trackRequests } from './support/settle.ts';

/**
 * Issue 23's "also worth having", in each language at 360 and 1280 px, light and dark: the entries list's
 * invoice line opens to its purchases; the budget page's overall monthly limit. (The dashboard's figures at
 * 360 px with large amounts: overflow.spec.ts.)
 */
const WIDTHS = [360, 1280] as const;
const TEXT = {
  en: {
    setLimit: 'Set a monthly limit',
    limitOf: /^Limit of /,
    save: 'Save',
    remove: /^Remove the limit of /,
    noLimit: /No overall limit for /,
    over: 'over the limit',
    within: 'within the limit',
    refund: 'Refund',
    whole: 'See the whole invoice',
  },
  br: {
    setLimit: 'Definir limite do mês',
    limitOf: /^Limite de /,
    save: 'Salvar',
    remove: /^Remover o limite de /,
    noLimit: /Sem limite geral para /,
    over: 'acima do limite',
    within: 'dentro do limite',
    refund: 'Estorno',
    whole: 'Ver a fatura completa',
  },
} as const;

/** How much wider than the window the page is (0: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const locale of ['en', 'br'] as const) {
  const text = TEXT[locale];
  test.describe(`first month extras in ${locale}`, () => {
    test('the invoice line in the entries list opens to its purchases', async ({ page }) => {
      test.setTimeout(150_000);
      trackRequests(page);
      const seeded = await seedFirstMonth(page, `fmx1${locale}`, locale);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/entries/list?month=${seeded.invoiceMonth}`);
        const line = page.getByTestId('invoice-line');
        const toggle = line.getByTestId('invoice-line-toggle');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(line.getByTestId('invoice-purchase')).toHaveCount(0);
        // The keyboard opens it: one button, focused and pressed.
        await toggle.focus();
        await page.keyboard.press('Enter');
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        const purchases = line.getByTestId('invoice-purchase');
        await expect(purchases).toHaveCount(3);
        const fridge = purchases.filter({ hasText: 'Geladeira' });
        await expect(fridge.getByTestId('purchase-installment')).toHaveText('1/10');
        await expect(purchases.filter({ hasText: 'Estorno loja' }).getByTestId('purchase-refund')).toHaveText(
          text.refund,
        );
        await expect(purchases.filter({ hasText: 'Netflix' })).toHaveCount(1);
        await requestsDone(page);
        expect(await overflow(page), `${locale} ${width}px`).toBe(0);
        await auditOnce(page, locale, width, `entries with the invoice line open ${locale} ${width}px`);
        // Space closes it again; the click opens it and the link leads to the invoice.
        await toggle.focus();
        await page.keyboard.press('Space');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await line.getByRole('link', { name: text.whole }).click();
        await expect(page).toHaveURL(new RegExp(`/card/${seeded.cardId}\\?month=${seeded.invoiceMonth}$`));
        await expect(page.getByTestId('invoice-entries')).toContainText('Geladeira');
      }
    });

    test("the budget page's overall monthly limit", async ({ page }) => {
      test.setTimeout(150_000);
      trackRequests(page);
      await seedFirstMonth(page, `fmx2${locale}`, locale);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/budget');
        const limit = page.getByTestId('month-limit');
        await expect(limit).toContainText(text.noLimit);
        // One cent: the month's spending (the fridge's first installment at least) is over it.
        await limit.getByRole('button', { name: text.setLimit }).click();
        await limit.getByRole('textbox', { name: text.limitOf }).fill('0,01');
        await limit.getByRole('button', { name: text.save }).click();
        await expect(limit).toHaveAttribute('data-band', 'over');
        await expect(limit.getByTestId('limit-band')).toContainText(text.over);
        // The limit's spending is the summary's: the same basis as the category budgets.
        await expect(limit.getByTestId('limit-spent')).toHaveText(
          (await page.getByTestId('summary-spent').textContent()) ?? '',
        );
        const bar = await limit
          .locator('.mantine-Progress-section')
          .evaluate((el) => getComputedStyle(el).backgroundColor);
        const [r = 0, g = 0] = (bar.match(/\d+/g) ?? []).map(Number);
        expect(r, `the bar is red: ${bar}`).toBeGreaterThan(g + 60);
        await requestsDone(page);
        expect(await overflow(page), `${locale} ${width}px`).toBe(0);
        await auditOnce(page, locale, width, `budget with a monthly limit ${locale} ${width}px`);

        await limit.getByRole('button', { name: /^(Change the limit of|Alterar o limite de) / }).click();
        await limit.getByRole('textbox', { name: text.limitOf }).fill('1000000');
        await page.keyboard.press('Enter');
        await expect(limit).toHaveAttribute('data-band', 'within');
        await expect(limit.getByTestId('limit-band')).toContainText(text.within);
        await limit.getByRole('button', { name: text.remove }).click();
        await expect(limit).toContainText(text.noLimit);
        await expect(limit).toHaveAttribute('data-band', 'none');
      }
    });
  });
}
