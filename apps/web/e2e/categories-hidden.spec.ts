import { expect, type Page, test } from '@playwright/test';
import { CategoriesPage } from './pages/CategoriesPage.ts';
import { EntriesPage } from './pages/EntriesPage.ts';
import { signUp } from './support/users.ts';

/** Issue 13 #17: a hidden system category leaves the entry form's picker and comes back when shown. */
const TEXTS = {
  en: {
    name: 'Education',
    hide: 'Hide from lists',
    show: 'Show in lists',
    badge: 'Hidden',
    category: /^category/i,
  },
  br: {
    name: 'Educação',
    hide: 'Ocultar das listas',
    show: 'Mostrar nas listas',
    badge: 'Oculta',
    category: /^categoria/i,
  },
} as const;

const FOOD = 3;
const EDUCATION = 6;

async function pickerHas(page: Page, label: RegExp, name: string): Promise<boolean> {
  const entries = new EntriesPage(page);
  await entries.goto();
  await entries.openNew();
  const dialog = entries.formDialog();
  await dialog.getByLabel(label).click();
  // Food is always there: the list is open and loaded before the absence is judged.
  await expect(page.getByRole('option').first()).toBeVisible();
  const count = await page.getByRole('option', { name, exact: true }).count();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  return count > 0;
}

for (const locale of ['en', 'br'] as const) {
  test(`hidden categories leave the entry form's picker and come back (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const text = TEXTS[locale];
    await signUp(page, `hide-${locale}`, locale);
    expect(await pickerHas(page, text.category, text.name)).toBe(true);

    const categories = new CategoriesPage(page);
    await categories.goto();
    const card = categories.card(text.name);
    await card.getByRole('button', { name: /^(actions for|ações de)/i }).click();
    await page.getByRole('menuitem', { name: text.hide }).click();
    await expect(card.getByText(text.badge, { exact: true })).toBeVisible();
    await expect(card).toHaveAttribute('data-hidden', 'true');

    expect(await pickerHas(page, text.category, text.name)).toBe(false);
    // Nor is it offered on the budgets page (no budget and no spending on it this month); Food still is.
    await page.goto('/budget');
    await expect(page.getByTestId(`budget-row-${FOOD}`)).toBeVisible();
    await expect(page.getByTestId(`budget-row-${EDUCATION}`)).toHaveCount(0);

    await categories.goto();
    await categories
      .card(text.name)
      .getByRole('button', { name: /^(actions for|ações de)/i })
      .click();
    await page.getByRole('menuitem', { name: text.show }).click();
    await expect(categories.card(text.name).getByText(text.badge, { exact: true })).toHaveCount(0);

    expect(await pickerHas(page, text.category, text.name)).toBe(true);
    await page.goto('/budget');
    await expect(page.getByTestId(`budget-row-${EDUCATION}`)).toBeVisible();
  });
}
