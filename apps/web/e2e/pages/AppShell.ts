import { expect, type Page } from '@playwright/test';

/** The signed-in layout: navigation, user menu. */
export class AppShell {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  nav() {
    return this.page.getByRole('navigation', { name: /main navigation|navegação principal/i });
  }

  async openUserMenu() {
    await this.page.getByTestId('user-menu').click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async signOut() {
    await this.openUserMenu();
    await this.page.getByTestId('sign-out').click();
    await expect(this.page).toHaveURL(/\/auth\/login$/);
  }

  /**
   * Switches the language from the user menu and waits until the server holds it (category names come from
   * there). Already the user's language: no PUT is sent, so the wait gives up quietly.
   */
  async switchLanguage(locale: 'en' | 'br') {
    await this.openUserMenu();
    const saved = this.page
      .waitForResponse((r) => r.url().endsWith('/user/preferences') && r.request().method() === 'PUT', {
        timeout: 5_000,
      })
      .catch(() => undefined);
    await this.page.getByTestId(`language-${locale}`).click();
    await saved;
  }

  async go(path: string) {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }
}

export class ProfilePage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async changePassword(current: string, next: string) {
    await this.page.goto('/profile');
    const form = this.page.getByRole('form', { name: /^(password|senha)$/i });
    await form.getByLabel(/^(current password|senha atual)/i).fill(current);
    await form.getByLabel(/^(new password|nova senha)/i).fill(next);
    await form.getByLabel(/^(confirm the new password|confirme a nova senha)/i).fill(next);
    await form.getByRole('button', { name: /change password|trocar senha/i }).click();
    await expect(this.page.getByText(/your password was changed|sua senha foi alterada/i)).toBeVisible();
  }
}
