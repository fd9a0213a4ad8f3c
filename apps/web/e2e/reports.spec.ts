import { expect, type Page, test } from '@playwright/test';
import { apiAs, postEntry } from './pages/AccountsPage.ts';
import { EntriesPage, monthFromNow } from './pages/EntriesPage.ts';
import { audit as axeAudit } from './support/axe.ts';
import { requestsDone } from './support/settle.ts';
import { signUp } from './support/users.ts';

/**
 * Issue 11 in a real browser, in each language: budgets set on the budget page, expenses until one
 * category is near and one over (the entry form says so), the budget page and the dashboard show it,
 * replicate to the next 3 months, the by-category report's figure opens the entries list whose entries sum
 * to it; axe finds nothing on the four pages.
 */
interface Texts {
  locale: 'en' | 'br';
  food: string;
  transport: string;
  budgetH1: string;
  typed: (units: number) => string;
  nearNotice: RegExp;
  replicate: RegExp;
  replicateAction: RegExp;
  actions: RegExp;
}

const EN: Texts = {
  locale: 'en',
  food: 'Food',
  transport: 'Transport',
  budgetH1: 'Budget',
  typed: (units) => `${units}.00`,
  nearNotice: /Food is at 85% of its budget/,
  replicate: /^Replicate to later months$/,
  replicateAction: /^Replicate$/,
  actions: /^Month actions$/,
};
const BR: Texts = {
  locale: 'br',
  food: 'Alimentação',
  transport: 'Transporte',
  budgetH1: 'Orçamento',
  typed: (units) => `${units},00`,
  nearNotice: /Alimentação está em 85% do orçamento/,
  replicate: /^Replicar para os próximos meses$/,
  replicateAction: /^Replicar$/,
  actions: /^Ações do mês$/,
};

async function audit(page: Page, label: string) {
  await requestsDone(page);
  await axeAudit(page, label);
}

/** Cents of the amounts the entries list shows (digits only: the sign and currency are presentation). */
async function listedCents(page: Page): Promise<number> {
  const texts = await page.getByTestId('entry-amount').allInnerTexts();
  return texts.reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0);
}

async function setBudget(page: Page, categoryId: number, name: string, typed: string) {
  const row = page.getByTestId(`budget-row-${categoryId}`);
  await row
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  await row.getByRole('textbox').fill(typed);
  await row.getByRole('textbox').press('Enter');
  await expect(row.getByTestId('budget-value')).toContainText(typed.replace(/[.,]00$/, ''));
}

async function flow(page: Page, x: Texts) {
  test.setTimeout(240_000);
  const month = monthFromNow(0);
  await signUp(page, `reports${x.locale}`, x.locale);
  const entries = new EntriesPage(page);
  const account = await apiAs<{ id: number; name: string }>(page, 'POST', '/account', { name: 'Main' });

  await test.step('set budgets on the budget page', async () => {
    await page.goto(`/budget?month=${month}`);
    await expect(page.getByRole('heading', { level: 1, name: x.budgetH1 })).toBeVisible();
    await setBudget(page, 3, x.food, x.typed(100));
    await setBudget(page, 4, x.transport, x.typed(50));
  });

  await test.step('add expenses until Food is near (the form says so) and Transport over', async () => {
    await entries.goto(month);
    await entries.addEntry({
      operation: 'expense',
      description: 'Market',
      value: x.typed(85),
      date: `${month}-02`,
      account: 'Main',
      category: x.food,
    });
    await expect(page.getByText(x.nearNotice)).toBeVisible();
    await postEntry(page, 'expense', 'Fuel', 6000, `${month}-03`, { category_id: 4, account_id: account.id });
  });

  await test.step('the budget page and the dashboard show near and over', async () => {
    await page.goto(`/budget?month=${month}`);
    await expect(page.getByTestId('budget-row-3')).toHaveAttribute('data-band', 'near');
    await expect(page.getByTestId('budget-row-4')).toHaveAttribute('data-band', 'over');
    await expect(page.getByTestId('count-near')).toContainText('1');
    await expect(page.getByTestId('count-over')).toContainText('1');
    await audit(page, `budget (${x.locale})`);
    await page.goto('/dashboard');
    const alerts = page.getByTestId('dash-budget-alerts').getByRole('listitem');
    await expect(alerts).toHaveCount(2);
    await expect(alerts.first()).toHaveAttribute('data-band', 'over');
    await expect(alerts.nth(1)).toHaveAttribute('data-band', 'near');
    await expect(page.getByTestId('dash-cards-empty')).toBeVisible();
    await audit(page, `dashboard (${x.locale})`);
  });

  await test.step('replicate to the next 3 months', async () => {
    await page.goto(`/budget?month=${month}`);
    await page.getByRole('button', { name: x.actions }).click();
    await page.getByRole('menuitem', { name: x.replicate }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: x.replicateAction }).click();
    await expect(dialog).toBeHidden();
    for (const offset of [1, 2, 3]) {
      await page.goto(`/budget?month=${monthFromNow(offset)}`);
      await expect(page.getByTestId('budget-row-3').getByTestId('budget-value')).toContainText('100');
      await expect(page.getByTestId('budget-row-4').getByTestId('budget-value')).toContainText('50');
    }
    await page.goto(`/budget?month=${monthFromNow(4)}`);
    // A month without budgets says so (issue 23 #13c), no "Planned R$ 0,00".
    await expect(page.getByTestId('summary-none')).toBeVisible();
    await expect(page.getByTestId('budget-row-3').getByTestId('budget-value')).toHaveCount(0);
  });

  await test.step('the by-category report drills down to entries that sum to the figure', async () => {
    await page.goto('/reports/by-category?range=3m');
    await expect(page.getByTestId('basis-note')).toBeVisible();
    const total = page.getByTestId('category-row-3').getByTestId('category-total');
    await expect(total).toContainText('85');
    const figure = Number((await total.innerText()).replace(/\D/g, ''));
    await audit(page, `by-category (${x.locale})`);
    await total.click();
    await expect(page).toHaveURL(/\/entries\/list\?.*category_id=3/);
    await expect(page.getByTestId('entry-amount')).toHaveCount(1);
    expect(await listedCents(page)).toBe(figure);
    expect(figure).toBe(8500);
  });

  await test.step('the analysis page', async () => {
    await page.goto('/reports/analysis?range=3m&basis=cash');
    const rows = page.getByTestId('analysis-rows');
    await expect(rows).toBeVisible();
    await expect(rows.locator('tfoot')).toContainText('145');
    await audit(page, `analysis (${x.locale})`);
  });
}

test('budgets, dashboard and reports in English', async ({ page }) => {
  await flow(page, EN);
});

test('budgets, dashboard and reports in Português', async ({ page }) => {
  await flow(page, BR);
});
