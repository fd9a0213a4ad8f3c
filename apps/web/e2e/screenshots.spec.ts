import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RegisterPage } from './pages/AuthPages.ts';
import { newUser } from './support/users.ts';

/**
 * Not a check: screenshots of every foundation page at 1280 and 360 px in both themes, for a person to
 * look at. Runs only with SCREENSHOTS=<dir>.
 */
const dir = process.env.SCREENSHOTS;
// Only run when SCREENSHOTS is set: playwright.config.ts leaves this file out of `npm test` otherwise.
if (!dir) throw new Error('set SCREENSHOTS=<dir> to take the screenshots');

const visitorPages = [
  ['landing', '/'],
  ['login', '/auth/login'],
  ['register', '/auth/register'],
  ['forgot', '/auth/forgot-password'],
  ['reset', '/auth/reset-password?token=abc'],
  ['verify', '/auth/verify-email'],
  ['notfound', '/no/such/page'],
] as const;
const memberPages = [
  ['welcome', '/welcome'],
  ['profile', '/profile'],
  ['preferences', '/configs/preferences'],
  ['logs', '/logs'],
  ['help', '/help'],
  ['budget', '/budget'],
  ['upgrade', '/configs/my-plan/upgrade'],
  ['card-invalid', '/card/abc'],
  ['me', '/me'],
] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 360]) {
    test(`screens ${scheme} ${width}`, async ({ page }) => {
      test.setTimeout(180_000);
      const out = join(dir ?? '.', `${scheme}-${width}`);
      mkdirSync(out, { recursive: true });
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: width === 360 ? 760 : 860 });
      for (const [name, path] of visitorPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(out, `${name}.png`), fullPage: name === 'landing' });
      }
      const register = new RegisterPage(page);
      await register.goto();
      await register.register(newUser(`shot${scheme}${width}`));
      await expect(page).toHaveURL(/\/welcome$/);
      for (const [name, path] of memberPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(out, `${name}.png`), fullPage: name === 'help' });
      }
      if (width === 360) {
        await page.goto('/profile');
        await page.getByRole('button', { name: /open navigation/i }).click();
        await page.screenshot({ path: join(out, 'nav-open.png') });
      } else {
        await page.goto('/profile');
        await page.getByTestId('user-menu').click();
        await page.screenshot({ path: join(out, 'user-menu.png') });
      }
    });
  }
}
