import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { EntriesPage } from './pages/EntriesPage.ts';
import { auditOnce, auditSchemes } from './support/axe.ts';
import { dayFromToday, type FirstMonth, seedFirstMonth } from './support/first-month.ts';

/**
 * Issue 23: a Brazilian user's first month, in each language at 360 and 1280 px. Each test names the item it
 * covers; each failed before its fix.
 */
const LOCALES = ['en', 'br'] as const;
const WIDTHS = [360, 1280] as const;

/** [r, g, b] of an element's computed colour. */
async function rgb(page: Page, selector: string): Promise<number[]> {
  const color = await page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).color);
  return (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
}

for (const locale of LOCALES) {
  test.describe(`first month in ${locale}`, () => {
    let seeded: FirstMonth;

    test('#6 the dashboard lists what is due by date; over budget is red; spending is not green', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      seeded = await seedFirstMonth(page, `fm6${locale}`, locale);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/dashboard');
        const rows = page.getByTestId('dash-upcoming').locator('tr');
        await expect(page.getByTestId('dash-upcoming-invoice')).toHaveCount(1);
        await expect(rows.filter({ hasText: 'Aluguel' })).toHaveCount(1);
        const dates = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-date') ?? ''));
        expect(dates).toEqual([...dates].sort());
        expect(dates).toContain(seeded.dueDate);
        // Over budget: red (more red than green); a month's spending in the 12-month table: the text colour.
        const over = await rgb(page, '[data-testid="dash-budget-alerts"] [data-band="over"] a');
        expect(over[0] ?? 0).toBeGreaterThan((over[1] ?? 0) + 60);
        const text = await rgb(page, 'h1');
        const spent = await rgb(
          page,
          '[data-testid="dash-last12"] tbody tr:last-child td:nth-child(3) a span',
        );
        expect(spent).toEqual(text);
        await auditOnce(page, locale, width, `dashboard ${locale} ${width}px`);
      }
    });

    test('#4 undo ONE chosen payment, after a confirmation; the other stays', async ({ page }) => {
      test.setTimeout(120_000);
      seeded = await seedFirstMonth(page, `fm4${locale}`, locale);
      for (const [date, value] of [
        [seeded.dueDate, 30000],
        [seeded.dueDate, 12345],
      ] as const) {
        await apiAs(page, 'POST', `/invoice/${seeded.invoiceId}/paid`, { paid: true, date, value });
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/card/${seeded.cardId}?month=${seeded.invoiceMonth}`);
        await expect(page.getByTestId('invoice-payment')).toHaveCount(2);
      }
      const second = page.getByTestId('invoice-payment').filter({ hasText: /123[.,]45/ });
      await second.getByTestId('invoice-undo').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(/123[.,]45/);
      await expect(dialog).toContainText('Itaú corrente');
      await auditSchemes(page, `undo dialog ${locale}`, '[role="dialog"]');
      await dialog.getByTestId('undo-confirm').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('invoice-payment')).toHaveCount(1);
      await expect(page.getByTestId('invoice-payment')).toContainText(/300[.,]00/);
      await expect(page.getByTestId('invoice-paid')).toContainText(/300[.,]00/);
      await auditSchemes(page, `card page ${locale}`);
    });

    test('#2 at 360 px the entry form shows the subcategory placeholder whole, and rows name the account', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await seedFirstMonth(page, `fm2${locale}`, locale);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`/entries/list?month=${dayFromToday(3).slice(0, 7)}`);
      // "Alimentação › Supermercado · Itaú corrente": the account is not cut off.
      const bill = page.locator('[data-entry-row]').filter({ hasText: 'Aluguel' });
      await expect(bill).toContainText('Itaú corrente');
      const meta = bill.getByText(/Itaú corrente/);
      expect(await meta.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      const entries = new EntriesPage(page);
      await entries.openNew();
      const sub = entries
        .formDialog()
        .getByLabel(/^(subcategory|subcategoria)$/i)
        .first();
      const box = await sub.boundingBox();
      // Side by side with the category it was ~150 px and "Sem subcategoria" ended in an ellipsis.
      expect(box?.width ?? 0).toBeGreaterThan(250);
    });

    test('#8 a month with only its invoice says "no other entries", not "nothing yet"', async ({ page }) => {
      test.setTimeout(120_000);
      seeded = await seedFirstMonth(page, `fm8${locale}`, locale);
      const [y, m] = seeded.invoiceMonth.split('-').map(Number) as [number, number];
      const later = new Date(Date.UTC(y, m + 1, 1)).toISOString().slice(0, 7);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/entries/list?month=${later}`);
        await expect(page.getByTestId('invoice-line')).toHaveCount(1);
        await expect(page.getByTestId('only-invoices')).toBeVisible();
        await expect(page.getByTestId('entries-empty')).toHaveCount(0);
      }
      await auditSchemes(page, `entries with only an invoice ${locale}`);
    });

    test('#10 Escape in the date calendar closes only the calendar; the type is one radio group', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await seedFirstMonth(page, `fm10${locale}`, locale);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/entries/list');
        const entries = new EntriesPage(page);
        await entries.openNew();
        const dialog = entries.formDialog();
        const date = dialog.getByRole('textbox', { name: /^(date|data)/i });
        await date.click();
        const calendar = page.locator('.mantine-DateInput-dropdown, .mantine-Popover-dropdown').filter({
          has: page.locator('table'),
        });
        await expect(calendar).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(calendar).toBeHidden();
        await expect(dialog).toBeVisible();
        await expect(page.getByTestId('discard-dialog')).toBeHidden();
        // The type: the checked chip is the one Tab stop; arrows move the choice.
        const group = dialog.getByRole('radiogroup', { name: /^(type|tipo)$/i });
        await expect(group.getByRole('radio')).toHaveCount(4);
        await group.getByRole('radio', { checked: true }).focus();
        const before = await group.getByRole('radio', { checked: true }).getAttribute('value');
        await page.keyboard.press('ArrowRight');
        const after = await group.getByRole('radio', { checked: true }).getAttribute('value');
        expect(after).not.toBe(before);
        await page.keyboard.press('Tab');
        const focusedRadio = await page.evaluate(
          () => (document.activeElement as HTMLInputElement | null)?.type,
        );
        expect(focusedRadio).not.toBe('radio');
        await page.keyboard.press('Escape');
      }
    });

    test('#5 chart legends show a colour key beside each series', async ({ page }) => {
      test.setTimeout(120_000);
      await seedFirstMonth(page, `fm5${locale}`, locale);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of ['/dashboard', '/reports/analysis']) {
          await page.goto(path);
          const keys = page.locator('.mantine-ColorSwatch-root');
          // The charts' chunk loads after the figures: slow on a loaded machine.
          await expect(keys.first()).toBeVisible({ timeout: 30_000 });
          for (const key of await keys.all()) {
            const box = await key.boundingBox();
            expect(box?.width ?? 0, `${path} legend key`).toBeGreaterThan(6);
          }
        }
      }
    });
  });
}
