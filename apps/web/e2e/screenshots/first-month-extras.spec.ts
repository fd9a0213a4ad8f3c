import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAs } from '../pages/AccountsPage.ts';
import { RegisterPage } from '../pages/AuthPages.ts';
import { dayFromToday, seedData } from '../support/first-month.ts';
import { animationsDone, requestsDone } from '../support/settle.ts';
import { newUser } from '../support/users.ts';
import { forEachLook } from './looks.ts';

/**
 * Issue 23's extras, for looking at: the dashboard with large figures, the budget page with its monthly limit
 * (and while setting it), the entries list with the invoice line opened to its purchases; at 1280 and 360 px,
 * light and dark, en and br. Run with SCREENSHOTS=<dir>.
 */
const dir = process.env.SCREENSHOTS && join(process.env.SCREENSHOTS, 'first-month-extras');
if (!dir) throw new Error('set SCREENSHOTS=<dir> to take the screenshots');

for (const locale of ['en', 'br'] as const) {
  test(`first-month extras (${locale})`, async ({ page, browser }) => {
    test.setTimeout(300_000);
    mkdirSync(dir, { recursive: true });
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(newUser(`fmx${locale}`));
    await expect(page).toHaveURL(/\/welcome$/);
    if (locale === 'br') {
      await apiAs(page, 'PUT', '/user/preferences', { language_id: 2, currency_code_id: 4, country_id: 32 });
    }
    const seeded = await seedData(page);
    for (const [operation_id, value, description] of [
      [1, 1234567, 'Salário'],
      [2, 2345678, 'Reforma da cozinha'],
    ] as const) {
      await apiAs(page, 'POST', '/entry', {
        description,
        value,
        date: dayFromToday(0),
        operation_id,
        account_id: seeded.accountId,
        paid: true,
      });
    }
    const month = dayFromToday(0).slice(0, 7);
    await apiAs(page, 'PUT', '/budget/limit', { month, value: 2500000 });
    const storage = await page.context().storageState();
    await forEachLook(browser, storage, locale, dir, async (shot, name, width) => {
      await shot.goto('/dashboard');
      await expect(shot.getByTestId('dash-month-figures')).toBeVisible();
      await requestsDone(shot);
      await shot.screenshot({ path: name('dashboard'), fullPage: true });
      await shot.getByTestId('dash-month').screenshot({ path: name('dash-month') });
      // The donut's tooltip names the hovered category only.
      const donut = await shot
        .getByTestId('dash-spending')
        .locator('svg.recharts-surface')
        .first()
        .boundingBox();
      if (donut) await shot.mouse.move(donut.x + donut.width / 2 + 20, donut.y + 12);
      await shot.waitForTimeout(300);
      await shot.getByTestId('dash-spending').screenshot({ path: name('dash-spending-hover') });
      await shot.goto(`/budget?month=${month}`);
      await expect(shot.getByTestId('month-limit')).toBeVisible();
      await requestsDone(shot);
      await shot.screenshot({ path: name('budget'), fullPage: true });
      await shot.getByTestId('month-limit').getByRole('button').first().click();
      await animationsDone(shot);
      await shot.getByTestId('month-limit').screenshot({ path: name('budget-limit-edit') });
      await shot.goto(`/entries/list?month=${seeded.invoiceMonth}`);
      await shot.getByTestId('invoice-line-toggle').click();
      await expect(shot.getByTestId('invoice-purchase').first()).toBeVisible();
      await requestsDone(shot);
      await animationsDone(shot);
      await shot.screenshot({ path: name('entries-invoice'), fullPage: true });
      await shot.getByTestId('invoice-lines').screenshot({ path: name('invoice-line') });
      await shot.goto('/reports/by-category');
      await expect(shot.getByTestId('category-rows')).toBeVisible();
      await requestsDone(shot);
      // What makes the page wider than the window, if anything (for the reader of the run's output).
      const wide = await shot.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(-5)
          .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
      );
      if (wide.length > 0) console.log(`by-category ${locale} ${width}:`, wide);
      await shot.screenshot({ path: name('by-category'), fullPage: true });
    });
  });
}
