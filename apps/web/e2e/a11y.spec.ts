import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/AuthPages.ts';
import { audit } from './support/axe.ts';
import { requestsDone, trackRequests } from './support/settle.ts';
import { signUp } from './support/users.ts';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('auth pages have no axe violations', async ({ page }) => {
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
        await audit(page, `${path} (${scheme})`);
      }
      // With a validation error showing.
      const login = new LoginPage(page);
      await login.goto();
      await login.email().fill('x');
      await login.email().blur();
      await expect(page.getByText(/must be a valid e-mail/)).toBeVisible();
      await audit(page, `login with errors (${scheme})`);
    });

    test('profile and preferences have no axe violations', async ({ page }) => {
      trackRequests(page);
      await signUp(page, `a11y${scheme}`);
      // /entries/list belongs to the ledger pages and has its own audit.
      for (const path of ['/profile', '/configs/preferences', '/logs', '/help']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await requestsDone(page);
        await audit(page, `${path} (${scheme})`);
      }
    });
  });
}
