import { expect, test } from '@playwright/test';
import { AccountsPage, apiAs } from './pages/AccountsPage.ts';
import { signUp } from './support/users.ts';

test.describe.configure({ mode: 'serial' });

test('accounts: create, edit, archive, filter, delete with entries', async ({ page }) => {
  test.setTimeout(150_000);
  const accounts = new AccountsPage(page);
  await signUp(page, 'accounts');

  await test.step('an empty list invites the first account', async () => {
    await accounts.goto();
    await expect(page).toHaveTitle('Accounts · Centavo');
    await expect(page.getByTestId('accounts-empty')).toBeVisible();
  });

  await test.step('create two accounts', async () => {
    await accounts.createAccount('Nubank checking', 123456, { bank: 'Nubank', type: 'Checking' });
    await accounts.createAccount('Pocket money', -5000, { type: 'Wallet', color: '#e8590c' });
    await expect(accounts.rows()).toHaveCount(2);
    await expect(accounts.row('Nubank checking')).toContainText('Nubank');
    await expect(accounts.row('Pocket money')).toContainText('-R$50.00');
    await expect(page.getByTestId('total-balance')).toHaveText('R$1,184.56');
  });

  await test.step('edit one', async () => {
    await accounts.editAccount('Pocket money', { name: 'Cash wallet', initialBalance: 10000 });
    await expect(accounts.row('Cash wallet')).toContainText('R$100.00');
    await expect(page.getByTestId('total-balance')).toHaveText('R$1,334.56');
  });

  await test.step('archive, show archived (kept in the URL), unarchive', async () => {
    await accounts.archive('Cash wallet');
    await expect(accounts.row('Cash wallet')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show archived accounts' }).click();
    await expect(page).toHaveURL(/archived=1/);
    await page.reload();
    await expect(accounts.row('Cash wallet')).toContainText('Archived');
    await accounts.unarchive('Cash wallet');
    await expect(accounts.row('Cash wallet')).not.toContainText('Archived');
  });

  await test.step('filters live in the URL', async () => {
    await accounts.goto('?type=wallet');
    await expect(accounts.rows()).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill('zzz');
    await expect(page.getByTestId('accounts-no-match')).toBeVisible();
    await expect(page).toHaveURL(/q=zzz/);
    await page.getByTestId('accounts-no-match').getByRole('button').click();
    await expect(accounts.rows()).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill('nubank');
    await expect(accounts.rows()).toHaveCount(1);
  });

  await test.step('delete an account with entries: the 409 flow asks, then deletes both', async () => {
    await accounts.goto();
    const list = await apiAs<{ data: { id: number; name: string }[] }>(page, 'GET', '/account');
    const nubank = list.data.find((a) => a.name === 'Nubank checking');
    if (!nubank) throw new Error('account not found');
    const categories = await apiAs<{ data: { id: number }[] }>(page, 'GET', '/category?type=expense');
    await apiAs(page, 'POST', '/entry', {
      category_id: categories.data[0]?.id,
      description: 'Groceries',
      value: 2000,
      date: '2026-11-02',
      operation_id: 2,
      account_id: nubank.id,
      paid: true,
    });
    await page.reload();
    await expect(accounts.row('Nubank checking')).toContainText('R$1,214.56');
    const dialog = await accounts.startDelete('Nubank checking');
    await expect(dialog.getByTestId('delete-account-with-entries')).toContainText(
      'This account has 1 entry.',
    );
    await dialog.getByRole('button', { name: 'Delete account and entries' }).click();
    await expect(dialog).toBeHidden();
    await expect(accounts.row('Nubank checking')).toHaveCount(0);
    const entries = await apiAs<{ data: unknown[] }>(page, 'GET', '/entry?month=2026-11');
    expect(entries.data).toHaveLength(0);
  });

  await test.step('delete an account without entries', async () => {
    await accounts.deleteAccount('Cash wallet');
    await expect(page.getByTestId('accounts-empty')).toBeVisible();
  });
});

test('accounts on a phone: cards, and the filter page round trip', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const accounts = new AccountsPage(page);
  await signUp(page, 'accountsphone');
  await accounts.goto();
  await accounts.createAccount('Savings box', 50000, { type: 'Savings' });
  await accounts.createAccount('Everyday', 1000);
  await page.getByTestId('open-account-filters').click();
  await expect(page).toHaveURL(/\/account\/filterForm$/);
  await expect(page).toHaveTitle('Filter accounts · Centavo');
  await page.getByRole('combobox', { name: 'Account type' }).click();
  await page.getByRole('option', { name: 'Savings' }).click();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/account\/list\?type=savings$/);
  await expect(accounts.rows()).toHaveCount(1);
  await expect(page.getByTestId('open-account-filters')).toHaveText('Filters (1)');
  // No sideways scrolling at 360 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
