import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/AuthPages.ts';
import { auditSchemes } from './support/axe.ts';
import { trackRequests } from './support/settle.ts';
import { signUp } from './support/users.ts';

// Each page is audited in the light and the dark scheme where it stands (auditSchemes), not loaded once per scheme.
test('auth pages have no axe violations in either scheme', async ({ page }) => {
  trackRequests(page);
  for (const path of [
    '/auth/login',
    '/auth/register',
    '/auth/forgot-password',
    '/auth/reset-password?token=abc',
    '/auth/verify-email',
    '/',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await auditSchemes(page, path);
  }
  // With a validation error showing.
  const login = new LoginPage(page);
  await login.goto();
  await login.email().fill('x');
  await login.email().blur();
  await expect(page.getByText(/must be a valid e-mail/)).toBeVisible();
  await auditSchemes(page, 'login with errors');
});

test('profile and preferences have no axe violations in either scheme', async ({ page }) => {
  await signUp(page, 'a11y');
  // /entries/list belongs to the ledger pages and has its own audit.
  for (const path of ['/profile', '/configs/preferences', '/logs', '/help']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await auditSchemes(page, path);
  }
});
