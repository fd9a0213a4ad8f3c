import { expect, type Locator, type Page } from '@playwright/test';

export interface AccountOptions {
  /** Bank name or COMPE code as typed into the searchable select, e.g. 'Nubank' or '260'. */
  bank?: string;
  /** Shown label of the type, e.g. 'Savings' / 'Poupança'. Default: the form's default (checking). */
  type?: string | RegExp;
  /** '#rrggbb'. */
  color?: string;
}

/**
 * Money as typed in the form: a number is cents (123456 → "1234.56", -5000 → "-50.00"); a string is
 * typed as is ("1.234,56"). The form accepts either decimal separator whatever the interface language.
 */
function amountText(amount: number | string): string {
  if (typeof amount === 'string') return amount;
  const negative = amount < 0;
  const abs = Math.abs(amount);
  return `${negative ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** /account/list: the accounts page (works in English and Portuguese). */
export class AccountsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto(query = '') {
    await this.page.goto(`/account/list${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: /^(accounts|contas)$/i })).toBeVisible();
  }

  /** The create/edit dialog. */
  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** One account's row (a table row on wide screens, a card on small ones). */
  row(name: string): Locator {
    return this.page.getByTestId('account-row').filter({ hasText: name });
  }

  rows(): Locator {
    return this.page.getByTestId('account-row');
  }

  async openCreate() {
    // Wait for whichever the loaded page shows: the empty state's button or the header's "New account".
    // (Checking isVisible() once raced the list's first load.)
    const button = this.page
      .getByTestId('accounts-empty')
      .getByRole('button')
      .or(this.page.getByRole('button', { name: /^(new account|nova conta)$/i }));
    await button.first().click();
    await expect(this.dialog()).toBeVisible();
  }

  private async fillForm(
    name: string | undefined,
    initialBalance: number | string | undefined,
    options: AccountOptions,
  ) {
    const dialog = this.dialog();
    if (name !== undefined)
      await dialog.getByRole('textbox', { name: /^(account name|nome da conta)/i }).fill(name);
    if (options.bank) {
      const bank = dialog.getByRole('combobox', { name: /^(bank|banco)$/i });
      await bank.click();
      await bank.fill(options.bank);
      await this.page.getByRole('option').filter({ hasText: options.bank }).first().click();
    }
    if (options.type) {
      await dialog.getByRole('combobox', { name: /^(type|tipo)/i }).click();
      await this.page.getByRole('option', { name: options.type }).click();
    }
    if (initialBalance !== undefined) {
      await dialog
        .getByRole('textbox', { name: /^(initial balance|saldo inicial)/i })
        .fill(amountText(initialBalance));
    }
    if (options.color) {
      await dialog.getByTestId('custom-color').fill(options.color);
    }
  }

  /**
   * Creates an account through the dialog and waits until it is listed.
   * `initialBalance`: cents as a number (may be negative) or the text to type.
   */
  async createAccount(name: string, initialBalance: number | string = 0, options: AccountOptions = {}) {
    await this.openCreate();
    await this.fillForm(name, initialBalance, options);
    await this.dialog()
      .getByRole('button', { name: /^(create account|criar conta)$/i })
      .click();
    await expect(this.dialog()).toBeHidden();
    await expect(this.row(name)).toBeVisible();
  }

  /** Opens an account's action menu and picks an item (Edit, Archive, Unarchive, Delete…). */
  async action(name: string, item: RegExp) {
    await this.row(name)
      .getByRole('button', { name: /^(actions for|ações de)/i })
      .click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  async editAccount(
    name: string,
    changes: { name?: string; initialBalance?: number | string } & AccountOptions,
  ) {
    await this.action(name, /^(edit|editar)$/i);
    await expect(this.dialog()).toBeVisible();
    await this.fillForm(changes.name, changes.initialBalance, changes);
    await this.dialog()
      .getByRole('button', { name: /^(save changes|salvar alterações)$/i })
      .click();
    await expect(this.dialog()).toBeHidden();
  }

  async archive(name: string) {
    await this.action(name, /^(archive|arquivar)$/i);
    await this.closeToast(new RegExp(`${escapeRegExp(name)} (was archived|foi arquivada)`));
  }

  async unarchive(name: string) {
    await this.action(name, /^(unarchive|desarquivar)$/i);
    await this.closeToast(new RegExp(`${escapeRegExp(name)} (is active again|está ativa de novo)`));
  }

  /**
   * Waits for a toast and closes it, as a person would. Toasts stack at the top right, over the
   * filter row: a click aimed at the archived switch while the fourth toast slides in lands on the
   * toast (CI failure of 2026-11-21), so flows that go on to the filters clear it first.
   */
  async closeToast(text: RegExp) {
    const toast = this.page.getByRole('alert').filter({ hasText: text });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: /^(close|fechar)$/i }).click();
    await expect(toast).toHaveCount(0);
  }

  /** Opens the delete dialog and confirms the first question; returns the dialog. */
  async startDelete(name: string): Promise<Locator> {
    await this.action(name, /^(delete|excluir)$/i);
    await expect(this.dialog()).toBeVisible();
    await this.dialog()
      .getByRole('button', { name: /^(delete account|excluir conta)$/i })
      .click();
    return this.dialog();
  }

  /** Deletes an account; when it has entries, accepts deleting them too (the 409 flow). */
  async deleteAccount(name: string) {
    const dialog = await this.startDelete(name);
    const withEntries = dialog.getByRole('button', {
      name: /^(delete account and entries|excluir conta e lançamentos)$/i,
    });
    // Either the account had no entries (the dialog closes) or the API answered 409 and the dialog now
    // explains that the entries go too.
    await expect
      .poll(async () => (await withEntries.isVisible()) || !(await this.dialog().isVisible()))
      .toBe(true);
    if (await withEntries.isVisible()) await withEntries.click();
    await expect(this.dialog()).toBeHidden();
    await expect(this.row(name)).toHaveCount(0);
  }
}

/** The signed-in user's access token, to prepare data through the API (e.g. entries, which have no page here). */
export async function accessToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('centavo.auth'));
  const token: unknown = JSON.parse(raw ?? '{}').token?.access_token;
  if (typeof token !== 'string') throw new Error('no access token in local storage');
  return token;
}

/** Calls the API as the signed-in user and returns the JSON body (fails the test on an error status). */
export async function apiAs<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${path} → ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? (undefined as T) : ((await response.json()) as T);
}

const OPERATION_IDS = { income: 1, expense: 2, investment: 3, transfer: 4 } as const;

/**
 * An entry made through the API as the signed-in user: the data a test starts from, where the entry form is not
 * what it tests. `fields`: the rest of POST /entry's body (category_id, account_id or card_id, paid, …).
 */
export function postEntry<T = { id: number }>(
  page: Page,
  operation: keyof typeof OPERATION_IDS,
  description: string,
  value: number,
  date: string,
  fields: Record<string, unknown> = {},
): Promise<T> {
  return apiAs<T>(page, 'POST', '/entry', {
    description,
    value,
    date,
    operation_id: OPERATION_IDS[operation],
    ...fields,
  });
}
