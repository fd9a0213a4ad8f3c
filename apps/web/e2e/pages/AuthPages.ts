import { expect, type Page } from '@playwright/test';

export class LoginPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto() {
    await this.page.goto('/auth/login');
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  email() {
    return this.page.getByRole('textbox', { name: /e-mail/i });
  }

  password() {
    return this.page.getByLabel(/^(password|senha)/i);
  }

  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.page.getByRole('button', { name: /^(sign in|entrar)$/i }).click();
  }
}

export class RegisterPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto() {
    await this.page.goto('/auth/register');
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  /** Fills and sends the form, in either interface language. */
  async register(user: { name: string; email: string; password: string }) {
    await this.page.getByRole('textbox', { name: /^(name|nome)/i }).fill(user.name);
    await this.page.getByRole('textbox', { name: /e-mail/i }).fill(user.email);
    await this.page.getByLabel(/^(password|senha)/i).fill(user.password);
    await this.page.getByLabel(/^(confirm password|confirm)/i).fill(user.password);
    await this.page.getByRole('button', { name: /create account|criar conta/i }).click();
  }
}

export class ForgotPasswordPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async request(email: string) {
    await this.page.goto('/auth/forgot-password');
    await this.page.getByRole('textbox', { name: /e-mail/i }).fill(email);
    await this.page.getByRole('button', { name: /send the link|enviar o link/i }).click();
    await expect(this.page.getByRole('status')).toContainText(email);
  }
}

export class ResetPasswordPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async reset(link: string, password: string) {
    await this.page.goto(link);
    await this.page.getByLabel(/^(new password|nova senha)/i).fill(password);
    await this.page.getByLabel(/^(confirm password|confirme a senha)/i).fill(password);
    await this.page.getByRole('button', { name: /save the new password|salvar a nova senha/i }).click();
    await expect(this.page.getByRole('status')).toBeVisible();
  }
}
