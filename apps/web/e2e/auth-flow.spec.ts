import { expect, type Page, test } from '@playwright/test';
import { AppShell, ProfilePage } from './pages/AppShell.ts';
import { ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage } from './pages/AuthPages.ts';
import { linkFromMail, mailCount } from './support/mail.ts';
import { newUser } from './support/users.ts';

async function accessToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('centavo.auth'));
  const token: unknown = JSON.parse(raw ?? '{}').token?.access_token;
  if (typeof token !== 'string') throw new Error('no access token in local storage');
  return token;
}

test.describe.configure({ mode: 'serial' });

test('the whole identity journey', async ({ page }) => {
  test.setTimeout(180_000);
  const user = newUser('flow');
  const login = new LoginPage(page);
  const shell = new AppShell(page);

  await test.step('register and land on the welcome page', async () => {
    const before = mailCount();
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(user);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(user.name);
    await expect(page).toHaveTitle('Welcome · Centavo');

    await test.step('open the verification link from the e-mail', async () => {
      const link = await linkFromMail(user.email, '/auth/verify-email', before);
      await page.goto(link);
      await expect(page.getByTestId('verify-success')).toBeVisible();
    });
  });

  await test.step('sign out and sign in again', async () => {
    await page.goto('/entries/list');
    await expect(shell.nav()).toBeVisible();
    await shell.signOut();
    // The signed-in area is closed again.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/entries/list');
    await expect(page).toHaveURL(/\/entries\/list$/);
  });

  await test.step('switch to Português: the interface changes, survives a reload, is saved on the server', async () => {
    await shell.switchLanguage('br');
    await expect(shell.nav().getByRole('link', { name: 'Lançamentos' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await page.reload();
    await expect(shell.nav().getByRole('link', { name: 'Lançamentos' })).toBeVisible();
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/v1/user/preferences', {
          headers: { authorization: `Bearer ${await accessToken(page)}` },
        });
        return (await response.json()).language_id;
      })
      .toBe(2);
  });

  const changed = `${user.password}-changed`;
  await test.step('change the password', async () => {
    await new ProfilePage(page).changePassword(user.password, changed);
    await shell.signOut();
    await login.signIn(user.email, user.password);
    await expect(page.getByRole('alert').first()).toBeVisible();
    await login.signIn(user.email, changed);
    await expect(page).toHaveURL(/\/entries\/list$/);
    await shell.signOut();
  });

  const reset = `${user.password}-reset`;
  await test.step('forget and reset the password', async () => {
    const before = mailCount();
    await new ForgotPasswordPage(page).request(user.email);
    const link = await linkFromMail(user.email, '/auth/reset-password', before);
    await new ResetPasswordPage(page).reset(link, reset);
    await login.goto();
    await login.signIn(user.email, reset);
    await expect(page).toHaveURL(/\/entries\/list$/);
    // The preference saved on the server comes back with the sign-in.
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  await test.step('an unknown address shows the 404 page', async () => {
    await page.goto('/nowhere/at-all');
    await expect(page.getByTestId('not-found')).toContainText('Página não encontrada: /nowhere/at-all');
  });
});
