import { expect, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { CategoriesPage } from './pages/CategoriesPage.ts';
import { signUp } from './support/users.ts';

interface CategoryJson {
  id: number;
  name: string;
  type: string;
  system: boolean;
  subcategories: { id: number; name: string }[];
}

test('categories: own category and subcategory, read-only system ones, delete with a replacement', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'categories');
  const categories = new CategoriesPage(page);

  await test.step('system categories are listed read-only; no own ones yet', async () => {
    await categories.goto();
    await expect(page).toHaveTitle('Categories · Centavo');
    await expect(page.getByTestId('categories-empty')).toBeVisible();
    const housing = categories.card('Housing');
    await expect(housing).toContainText('System');
    // Their only action is hiding them (issue 13 #17): no edit, no delete.
    await housing.getByRole('button', { name: /^actions for/i }).click();
    await expect(page.getByRole('menuitem', { name: 'Hide from lists' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /^(edit|delete)$/i })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('create an own category with a subcategory', async () => {
    await categories.createCategory('Gym', { color: 'Violet', icon: 'Gym' });
    await expect(categories.ownCards()).toHaveCount(1);
    await categories.addSubcategory('Gym', 'Monthly fee');
    await categories.addSubcategory('Gym', 'Supplements');
  });

  await test.step('an income category goes to its own tab', async () => {
    await categories.createCategory('Side gigs', { type: 'Income' });
    await expect(page).toHaveURL(/type=income/);
    await categories.showType('Expense');
    await expect(categories.card('Gym')).toBeVisible();
  });

  await test.step('rename a subcategory', async () => {
    await categories.card('Gym').getByRole('button', { name: 'Rename subcategory Supplements' }).click();
    await categories.dialog().getByRole('textbox').fill('Protein');
    await categories.dialog().getByRole('button', { name: 'Save' }).click();
    await expect(
      categories.card('Gym').getByTestId('subcategory').filter({ hasText: 'Protein' }),
    ).toBeVisible();
  });

  await test.step('deleting a category in use asks for a replacement of the same type', async () => {
    const tree = await apiAs<{ data: CategoryJson[] }>(page, 'GET', '/category');
    const gym = tree.data.find((c) => c.name === 'Gym');
    const health = tree.data.find((c) => c.name === 'Health' && c.system);
    if (!gym || !health) throw new Error('categories not found');
    const account = await apiAs<{ id: number }>(page, 'POST', '/account', {
      name: 'Main',
      initial_balance: 0,
    });
    const entry = await apiAs<{ id: number }>(page, 'POST', '/entry', {
      description: 'Gym November',
      value: 9900,
      date: '2026-11-05',
      operation_id: 2,
      account_id: account.id,
      category_id: gym.id,
      sub_category_id: gym.subcategories[0]?.id,
    });
    const dialog = await categories.startDelete('Gym');
    await expect(dialog).toContainText('Gym is in use');
    // Only expense categories are offered, and the chosen one is required.
    await dialog.getByRole('button', { name: 'Move entries and delete' }).click();
    await expect(dialog).toContainText('Choose where the entries go');
    await dialog.getByRole('combobox', { name: /^move its entries to/i }).click();
    await expect(page.getByRole('option', { name: 'Salary' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Health', exact: true }).click();
    await dialog.getByRole('button', { name: 'Move entries and delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(categories.card('Gym')).toHaveCount(0);
    const moved = await apiAs<{ category_id: number }>(page, 'GET', `/entry/${entry.id}`);
    expect(moved.category_id).toBe(health.id);
  });

  await test.step('a category without entries is deleted after one confirmation', async () => {
    await categories.showType('Income');
    const dialog = await categories.startDelete('Side gigs');
    await expect(dialog).toBeHidden();
    await expect(categories.card('Side gigs')).toHaveCount(0);
  });
});
