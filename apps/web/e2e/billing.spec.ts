import { expect, type Page, test } from '@playwright/test';
import { BILLING_URL, STRIPE_URL } from '../playwright.config.ts';
import { apiAs } from './pages/AccountsPage.ts';
import { EntriesPage } from './pages/EntriesPage.ts';
import { auditSchemes } from './support/axe.ts';
import { trackRequests } from './support/settle.ts';
import { newUser } from './support/users.ts';

/**
 * Billing (#12) on the server with billing on (playwright.config.ts): its Stripe SDK talks to the local
 * Stripe test server, whose hosted Checkout page completes the session and delivers the signed events.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BILLING_URL });

interface Texts {
  locale: 'en' | 'br';
  browser: string;
  name: RegExp;
  password: RegExp;
  confirm: RegExp;
  create: RegExp;
  trial7: RegExp;
  planEnded: RegExp;
  renew: string;
  upgradeTitle: RegExp;
  active: RegExp;
  readOnly: RegExp;
  food: string;
  groceries: string;
  monthlyPrice: RegExp;
}

const TEXTS: Texts[] = [
  {
    locale: 'en',
    browser: 'en-US',
    name: /^name/i,
    password: /^password/i,
    confirm: /^confirm password/i,
    create: /create account/i,
    trial7: /ends in 7 days/,
    planEnded: /^Your plan has ended/,
    renew: 'Renew your plan',
    upgradeTitle: /^choose your plan$/i,
    active: /^active$/i,
    readOnly: /subscription is not active/i,
    food: 'Food',
    groceries: 'Groceries',
    monthlyPrice: /R\$19\.90 \/ month/,
  },
  {
    locale: 'br',
    browser: 'pt-BR',
    name: /^nome/i,
    password: /^senha/i,
    confirm: /^confirme a senha/i,
    create: /criar conta/i,
    trial7: /termina em 7 dias/,
    planEnded: /^Seu plano terminou/,
    renew: 'Renovar o plano',
    upgradeTitle: /^escolha seu plano$/i,
    active: /^ativa$/i,
    readOnly: /assinatura não está ativa/i,
    food: 'Alimentação',
    groceries: 'Supermercado',
    monthlyPrice: /R\$\s19,90 \/ mês/,
  },
];

/** The Stripe test server's control API (apps/api/test/stripe/README.md). */
async function stripeControl<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`${STRIPE_URL}/_control${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Snapshot {
  customers: Array<{ id: string; email: string | null }>;
  subscriptions: Array<{ id: string; customer: string; status: string }>;
}

for (const texts of TEXTS) {
  test.describe(`billing in ${texts.locale}`, () => {
    test.use({ locale: texts.browser });

    test('trial → Checkout → active at once → cancelled by Stripe → read-only, data still there', async ({
      page,
    }) => {
      // Two sign-ins, a Checkout and a cancellation: more than the default minute on a loaded machine.
      test.setTimeout(180_000);
      trackRequests(page);
      const user = newUser(`billing${texts.locale}`);
      await test.step('register: the trial banner shows 7 days', async () => {
        await page.goto('/auth/register');
        await page.getByRole('textbox', { name: texts.name }).fill(user.name);
        await page.getByRole('textbox', { name: /e-mail/i }).fill(user.email);
        await page.getByLabel(texts.password).fill(user.password);
        await page.getByLabel(texts.confirm).fill(user.password);
        await page.getByRole('button', { name: texts.create }).click();
        await expect(page).toHaveURL(/\/welcome$/);
        await page.goto('/entries/list');
        await expect(page.getByTestId('trial-banner')).toContainText(texts.trial7);
      });

      await test.step('an account and an entry to keep reading later', async () => {
        const account = await apiAs<{ id: number }>(page, 'POST', '/account', { name: 'Checking' });
        await apiAs(page, 'POST', '/entry', {
          description: 'Rent',
          value: 100000,
          date: new Date().toISOString().slice(0, 10),
          operation_id: 2,
          account_id: account.id,
          category_id: (await apiAs<{ data: { id: number }[] }>(page, 'GET', '/category?type=expense'))
            .data[0]?.id,
        });
      });

      await test.step('upgrade page: real prices in the user’s format, subscribe → Checkout → back, active', async () => {
        await page.getByTestId('trial-banner').getByRole('link').click();
        await expect(page).toHaveURL(/\/configs\/my-plan\/upgrade$/);
        await expect(page.getByRole('heading', { level: 1, name: texts.upgradeTitle })).toBeVisible();
        await expect(page.getByTestId('price-monthly')).toHaveText(texts.monthlyPrice);
        await expect(page.getByTestId('trial-left')).toBeVisible();
        await auditSchemes(page, `upgrade (${texts.locale})`);
        await page.getByTestId('subscribe-monthly').click();
        await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/checkout/cs_`));
        await page.getByRole('button', { name: 'Pay' }).click();
        await expect(page).toHaveURL(/\/configs\/my-plan$/);
        await expect(page.getByTestId('plan-status')).toHaveText(texts.active);
        await expect(page.getByTestId('trial-banner')).toHaveCount(0);
        await auditSchemes(page, `my plan (${texts.locale})`);
      });

      await test.step('Stripe deletes the subscription: read-only banner, entries readable and exportable', async () => {
        const state = await stripeControl<Snapshot>(page, 'GET', '/state');
        const customer = state.customers.find((c) => c.email === user.email);
        const live = state.subscriptions.filter(
          (s) => s.customer === customer?.id && s.status !== 'canceled',
        );
        expect(live).toHaveLength(1);
        await stripeControl(page, 'POST', `/subscriptions/${live[0]?.id}/cancel`);
        const entries = new EntriesPage(page);
        await entries.goto();
        await expect(page.getByTestId('read-only-banner')).toContainText(texts.readOnly);
        await expect(entries.row('Rent')).toBeVisible();
        const csv = await entries.exportCsv();
        expect(csv.some((row) => row.includes('Rent'))).toBe(true);
      });

      await test.step('a new entry is refused in place: the plan has ended, the way to renew, nothing typed lost (issue 23 #7)', async () => {
        const entries = new EntriesPage(page);
        await entries.openNew();
        await entries.fillForm({
          operation: 'expense',
          description: 'Coffee',
          value: '5',
          date: new Date().toISOString().slice(0, 10),
          account: 'Checking',
          category: texts.food,
          subcategory: texts.groceries,
        });
        await entries.save();
        const dialog = entries.formDialog();
        await expect(dialog.getByTestId('plan-ended-notice')).toContainText(texts.planEnded);
        await expect(page).toHaveURL(/\/entries\/list/);
        await expect(dialog.getByRole('textbox', { name: /^(description|descrição)/i })).toHaveValue(
          'Coffee',
        );
        await expect(page.getByText(/unexpected error|erro inesperado/i)).toHaveCount(0);
        await auditSchemes(page, `plan ended in the entry form (${texts.locale})`);
        await dialog.getByTestId('plan-ended-notice').getByRole('link', { name: texts.renew }).click();
        await expect(page).toHaveURL(/\/configs\/my-plan\/upgrade$/);
        const rows = await apiAs<{ data: { description: string }[] }>(page, 'GET', '/entry');
        expect(rows.data.map((e) => e.description)).toEqual(['Rent']);
      });
    });
  });
}
