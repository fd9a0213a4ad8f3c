import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/AuthPages.ts';
import { signUp } from './support/users.ts';

test.describe('navigation and errors (spec §2, §8)', () => {
  test('an unmatched path is a non-fatal 404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toContainText('Page not found: /no/such/page');
    await page.getByRole('link', { name: /go to the start page/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a route whose validity check fails is a 404 with its own message', async ({ page }) => {
    // A real session: a made-up token would be refused by the layout's own requests and end at the login.
    await signUp(page, 'nav404');
    await page.goto('/card/abc');
    await expect(page.getByTestId('not-found')).toContainText('Page Not Found: /card/abc');
  });

  test('the signed-in area sends visitors to the login page', async ({ page }) => {
    await page.goto('/entries/list');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page).toHaveTitle('Sign in · Centavo');
  });

  test('the landing page presents the plans, and no trial on this self-hosted server (issue 23 #12)', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Monthly', { exact: true })).toBeVisible();
    await expect(page.getByText('Yearly', { exact: true })).toBeVisible();
    // Billing is off here: nothing promises a trial that would never start.
    await expect(page.getByText(/free trial/i)).toHaveCount(0);
  });

  test('a failed login says so once, in the form (issue 13 #5)', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('nobody@example.com', 'wrong-password');
    await expect(page.getByRole('alert').filter({ hasText: /incorrect/ })).toBeVisible();
    // No toast and no field error beside the alert.
    await expect(page.getByText('Could not log in')).toHaveCount(0);
    await expect(page.getByText('These credentials do not match our records')).toHaveCount(0);
    await expect(page.getByText(/incorrect/)).toHaveCount(1);
  });

  test('validation runs on blur, in the interface language', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.email().fill('not-an-email');
    await expect(page.getByText('The e-mail field must be a valid e-mail')).toHaveCount(0);
    await login.email().blur();
    await expect(page.getByText('The e-mail field must be a valid e-mail')).toBeVisible();
    await page.getByTestId('language-toggle').click();
    await expect(page.getByText('O campo e-mail deve ser um e-mail válido')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('dev galleries are 404 in the production build', async ({ page }) => {
    await page.goto('/components');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/allforms');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});
