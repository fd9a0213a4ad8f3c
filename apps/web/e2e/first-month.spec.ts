import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { type FirstMonth, seedFirstMonth } from './support/first-month.ts';
import { animationsDone } from './support/settle.ts';

/**
 * Issue 23: a Brazilian user's first month, in each language at 360 and 1280 px. Each test names the item it
 * covers; each failed before its fix.
 */
const LOCALES = ['en', 'br'] as const;
const WIDTHS = [360, 1280] as const;

/** axe in both schemes; `include`: only that part (a dialog: the page under its overlay is audited alone). */
async function audit(page: Page, label: string, include?: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForLoadState('networkidle');
    await animationsDone(page);
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    const results = await (include ? builder.include(include) : builder).analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
    );
    expect(summary, `axe violations on ${label}, ${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

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
        await audit(page, `dashboard ${locale} ${width}px`);
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
      await audit(page, `undo dialog ${locale}`, '[role="dialog"]');
      await dialog.getByTestId('undo-confirm').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('invoice-payment')).toHaveCount(1);
      await expect(page.getByTestId('invoice-payment')).toContainText(/300[.,]00/);
      await expect(page.getByTestId('invoice-paid')).toContainText(/300[.,]00/);
      await audit(page, `card page ${locale}`);
    });
  });
}
