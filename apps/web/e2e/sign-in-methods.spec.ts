import { expect, type Page, test } from '@playwright/test';
import { AUTH_URL } from '../playwright.config.ts';
import { AppShell } from './pages/AppShell.ts';
import {
  addVirtualAuthenticator,
  approveAtProvider,
  currentCode,
  denyAtProvider,
  nextCode,
  SIGN_IN_TEXTS,
} from './pages/SignInMethods.ts';
import { audit } from './support/axe.ts';
import { newUser } from './support/users.ts';

/**
 * Issue 22 in the browser, on the server with a generic OpenID provider (playwright.config.ts, AUTH_URL on
 * localhost): sign up through the provider, turn on TOTP, sign out, sign in with the code, add a passkey and
 * sign in with it (Chromium's virtual authenticator). English at 1280 px, Português at 360 px; axe on each page.
 */
test.use({ baseURL: AUTH_URL, ignoreHTTPSErrors: true });

async function noOverflow(page: Page, label: string) {
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(extra, `${label} is wider than the window`).toBeLessThanOrEqual(0);
  // And no button's label is cut short (Portuguese's longer labels at 360 px wrap instead).
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Button-label')]
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );
  expect(cut, `${label}: buttons whose label is cut`).toEqual([]);
}

for (const [locale, width] of [
  ['en', 1280],
  ['br', 360],
] as const) {
  const texts = SIGN_IN_TEXTS[locale];
  test.describe(`sign-in methods in ${locale} at ${width} px`, () => {
    test.use({ locale: texts.browser, viewport: { width, height: 900 } });

    test('provider sign-up, TOTP, sign-in with the code, then with a passkey', async ({ page }) => {
      // The whole journey in one test (one sign-up); axe runs on every page in English and, at 360 px, on the
      // pages whose layout changes most with Portuguese's longer words: enough to stay lean in CI.
      test.setTimeout(120_000);
      const everyPage = locale === 'en';
      const user = newUser(`sso${locale}`);
      await addVirtualAuthenticator(page);

      // Sign up through the provider from the register page.
      await page.goto('/auth/register');
      const provider = page.getByRole('link', { name: texts.continueWith });
      await expect(provider).toBeVisible();
      if (everyPage) await audit(page, `register with a provider (${locale})`);
      await noOverflow(page, 'register');
      await provider.click();
      await approveAtProvider(page, user);
      await expect(page).toHaveURL(/\/entries\/list/);

      // Turn on TOTP from the profile: no password (a provider account), the QR code, a code, the codes.
      await page.goto('/profile');
      const section = page.getByRole('region', { name: /two-step verification|verificação em duas etapas/i });
      await section.getByRole('button', { name: texts.turnOn }).click();
      await page.getByRole('dialog').getByRole('button', { name: texts.next }).click();
      const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect(page.getByRole('img', { name: /QR/ })).toBeVisible();
      if (everyPage) await audit(page, `TOTP set-up (${locale})`);
      await page.getByLabel(texts.appCode).fill(currentCode(secret));
      await page.getByRole('dialog').getByRole('button', { name: texts.turnOn }).click();
      await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
      await audit(page, `recovery codes (${locale})`);
      await noOverflow(page, 'recovery codes');
      await page.getByRole('button', { name: texts.saved }).click();
      await expect(section.getByText(texts.on)).toBeVisible();

      // A passkey from the profile, named.
      await page.getByRole('button', { name: texts.addPasskey }).click();
      await page.getByLabel(texts.passkeyName).fill(`Laptop ${locale}`);
      await page.getByRole('dialog').getByRole('button', { name: texts.addPasskey }).click();
      await expect(page.getByTestId('passkey-row').getByText(`Laptop ${locale}`)).toBeVisible();
      if (everyPage) await audit(page, `profile with 2FA and a passkey (${locale})`);
      await noOverflow(page, 'profile');

      // Sign out; the provider now asks for the code as well.
      await new AppShell(page).signOut();
      await page.getByRole('link', { name: texts.continueWith }).click();
      await approveAtProvider(page, user);
      await expect(page).toHaveURL(/\/auth\/two-factor$/);
      await audit(page, `two-factor page (${locale})`);
      await noOverflow(page, 'two-factor');
      await page.getByLabel(texts.code).fill(nextCode(secret));
      await page.getByRole('button', { name: texts.verify }).click();
      await expect(page).toHaveURL(/\/entries\/list/);

      // Sign out; a passkey signs in alone (it satisfies 2FA).
      await new AppShell(page).signOut();
      await page.getByRole('button', { name: texts.passkey }).click();
      await expect(page).toHaveURL(/\/entries\/list/);
    });

    test('a denied consent comes back to the login page with a message; /third-party-auth lists the provider', async ({
      page,
    }) => {
      await page.goto('/third-party-auth');
      await expect(page.getByRole('heading', { level: 1, name: texts.thirdParty })).toBeVisible();
      await audit(page, `third-party-auth (${locale})`);
      await page.getByRole('link', { name: texts.continueWith }).click();
      await denyAtProvider(page);
      await expect(page).toHaveURL(/\/auth\/login\?error=denied$/);
      await expect(page.getByRole('alert')).toHaveText(texts.denied);
      await audit(page, `login with a provider error (${locale})`);
      await noOverflow(page, 'login');
    });
  });
}
