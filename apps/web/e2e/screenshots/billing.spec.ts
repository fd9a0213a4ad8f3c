import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { BILLING_URL, STRIPE_URL } from '../../playwright.config.ts';
import { apiAs } from '../pages/AccountsPage.ts';
import { animationsDone } from '../support/settle.ts';
import { newUser } from '../support/users.ts';

/**
 * Screenshots of the billing pages (banners, upgrade, my plan, landing prices) at 1280 and 360 px, light and
 * dark, en and br — for looking at, not for asserting. Run with SCREENSHOTS=<dir>.
 */
// Each spec writes into its own folder of SCREENSHOTS, so file names never clash.
const dir = process.env.SCREENSHOTS && join(process.env.SCREENSHOTS, 'billing');
// Only run when SCREENSHOTS is set: playwright.config.ts leaves this file out of `npm test` otherwise.
if (!dir) throw new Error('set SCREENSHOTS=<dir> to take the screenshots');
test.use({ baseURL: BILLING_URL });
test.describe.configure({ mode: 'serial' });

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await animationsDone(page);
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
}

async function control(page: Page, path: string): Promise<void> {
  const res = await page.request.post(`${STRIPE_URL}/_control${path}`);
  expect(res.ok(), await res.text()).toBe(true);
}

for (const locale of ['en', 'br'] as const) {
  test(`billing screens (${locale})`, async ({ browser }) => {
    mkdirSync(dir, { recursive: true });
    const context = await browser.newContext({
      locale: locale === 'br' ? 'pt-BR' : 'en-US',
      baseURL: BILLING_URL,
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('landing-price-monthly')).toBeVisible();
    await shoot(page, `${locale}-landing`);

    const user = newUser(`shots${locale}`);
    await page.goto('/auth/register');
    await page.getByRole('textbox', { name: /^(name|nome)/i }).fill(user.name);
    await page.getByRole('textbox', { name: /e-mail/i }).fill(user.email);
    await page.getByLabel(/^(password|senha)/i).fill(user.password);
    await page.getByLabel(/^(confirm password|confirme a senha)/i).fill(user.password);
    await page.getByRole('button', { name: /(create account|criar conta)/i }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/account/list');
    await expect(page.getByTestId('trial-banner')).toBeVisible();
    await shoot(page, `${locale}-trial-banner`);

    await page.goto('/configs/my-plan');
    await expect(page.getByTestId('plan-status')).toBeVisible();
    await shoot(page, `${locale}-my-plan-trial`);
    await page.goto('/configs/my-plan/upgrade');
    await expect(page.getByTestId('price-yearly')).toBeVisible();
    await shoot(page, `${locale}-upgrade`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('subscribe-yearly').click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/configs\/my-plan$/);
    // The trial ends with a card on file: the first charge, an invoice, and the 7-day refund offer.
    const subs = await apiAs<unknown>(page, 'GET', '/stripe/user-information');
    expect(subs).toBeTruthy();
    const state = (await (await page.request.get(`${STRIPE_URL}/_control/state`)).json()) as {
      customers: Array<{ id: string; email: string }>;
      subscriptions: Array<{ id: string; customer: string; status: string }>;
    };
    const customer = state.customers.find((c) => c.email === user.email)?.id;
    const paid = state.subscriptions.find((s) => s.customer === customer && s.status === 'trialing');
    await control(page, `/subscriptions/${paid?.id}/advance-trial`);
    await page.reload();
    await expect(page.getByTestId('invoice-row').first()).toBeVisible();
    await shoot(page, `${locale}-my-plan-active`);

    await control(page, `/subscriptions/${paid?.id}/cancel`);
    await page.goto('/entries/list');
    await expect(page.getByTestId('read-only-banner')).toBeVisible();
    await shoot(page, `${locale}-read-only`);
    await page.goto('/configs/my-plan/upgrade');
    await expect(page.getByTestId('price-yearly')).toBeVisible();
    await shoot(page, `${locale}-upgrade-read-only`);
    await context.close();
  });
}
