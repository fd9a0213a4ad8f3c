import { expect, type Page, test } from '@playwright/test';
import { AccountsPage, apiAs } from './pages/AccountsPage.ts';
import { CategoriesPage } from './pages/CategoriesPage.ts';
import { TagsPage } from './pages/TagsPage.ts';
import { auditSchemes } from './support/axe.ts';
import { animationsDone, requestsDone, trackRequests } from './support/settle.ts';
import { signUp } from './support/users.ts';

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await requestsDone(page);
}

/** Dialogs fade in; axe must see them at full opacity or it reports contrast of a half-drawn frame. */
async function dialogOpen(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  await animationsDone(page);
}

test('ledger settings pages: accounts, filter form, categories and tags have no axe violations in either scheme', async ({
  page,
}) => {
  test.setTimeout(180_000);
  trackRequests(page);
  await signUp(page, 'ledgera11y');

  // Empty states first.
  for (const path of ['/account/list', '/configs/tags']) {
    await page.goto(path);
    await settle(page);
    await auditSchemes(page, `${path} empty`);
  }

  const accounts = new AccountsPage(page);
  await accounts.goto();
  await accounts.createAccount('Checking', 150000, { bank: 'Nubank' });
  await accounts.createAccount('Overdraft', -2500, { type: 'Wallet', color: '#c2255c' });
  await accounts.archive('Overdraft');
  await accounts.goto('?archived=1');
  await settle(page);
  await auditSchemes(page, '/account/list');
  await accounts.openCreate();
  await dialogOpen(page);
  await auditSchemes(page, '/account/list with the account dialog');
  await page.keyboard.press('Escape');
  await expect(accounts.dialog()).toBeHidden();

  await apiAs(page, 'POST', '/entry', {
    description: 'Rent',
    value: 100000,
    date: '2026-11-01',
    operation_id: 2,
    account_id: (await apiAs<{ data: { id: number; name: string }[] }>(page, 'GET', '/account')).data.find(
      (a) => a.name === 'Checking',
    )?.id,
    category_id: (await apiAs<{ data: { id: number }[] }>(page, 'GET', '/category?type=expense')).data[0]?.id,
  });
  await page.reload();
  await settle(page);
  const dialog = await accounts.startDelete('Checking');
  await expect(dialog.getByTestId('delete-account-with-entries')).toBeVisible();
  await animationsDone(page);
  await auditSchemes(page, '/account/list with the delete-with-entries dialog');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 360, height: 760 });
  await accounts.goto();
  await settle(page);
  await auditSchemes(page, '/account/list at 360 px');
  await page.goto('/account/filterForm?type=checking');
  await settle(page);
  await auditSchemes(page, '/account/filterForm');
  await page.setViewportSize({ width: 1280, height: 800 });

  const categories = new CategoriesPage(page);
  await categories.goto();
  await settle(page);
  await auditSchemes(page, '/configs/categories empty');
  await categories.createCategory('Gym', { color: 'Violet', icon: 'Gym' });
  await categories.addSubcategory('Gym', 'Monthly fee');
  await auditSchemes(page, '/configs/categories');
  await page.getByRole('button', { name: 'New category' }).click();
  await dialogOpen(page);
  await auditSchemes(page, '/configs/categories with the category dialog');
  await page.keyboard.press('Escape');

  const tags = new TagsPage(page);
  await tags.goto();
  await tags.createTag('travel');
  await tags.createTag('home-office');
  await auditSchemes(page, '/configs/tags');
  await tags.openDelete('travel');
  await dialogOpen(page);
  await auditSchemes(page, '/configs/tags with the delete dialog');
});
