import { expect, type Locator, type Page } from '@playwright/test';

/** /configs/categories (English or Portuguese). */
export class CategoriesPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto(query = '') {
    await this.page.goto(`/configs/categories${query}`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: /^(categories|categorias)$/i }),
    ).toBeVisible();
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  card(name: string): Locator {
    return this.page.getByTestId('category-card').filter({
      has: this.page.getByRole('heading', { level: 3, name, exact: true }),
    });
  }

  ownCards(): Locator {
    return this.page.getByTestId('own-categories').getByTestId('category-card');
  }

  async showType(label: string | RegExp) {
    await this.page.getByTestId('category-type').getByText(label).click();
  }

  async createCategory(
    name: string,
    options: { type?: string | RegExp; color?: string; icon?: string | RegExp } = {},
  ) {
    await this.page.getByRole('button', { name: /^(new category|nova categoria)$/i }).click();
    const dialog = this.dialog();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: /^(category name|nome da categoria)/i }).fill(name);
    if (options.type) await dialog.getByText(options.type).click();
    if (options.color) await dialog.getByRole('radio', { name: options.color }).check();
    if (options.icon) await dialog.getByRole('radio', { name: options.icon }).check();
    await dialog.getByRole('button', { name: /^(create category|criar categoria)$/i }).click();
    await expect(dialog).toBeHidden();
    await expect(this.card(name)).toBeVisible();
  }

  async categoryAction(name: string, item: RegExp) {
    await this.card(name)
      .getByRole('button', { name: /^(actions for|ações de)/i })
      .click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  async addSubcategory(category: string, name: string) {
    await this.card(category)
      .getByRole('button', { name: /^(add subcategory to|adicionar subcategoria a)/i })
      .click();
    await this.dialog()
      .getByRole('textbox', { name: /^(subcategory name|nome da subcategoria)/i })
      .fill(name);
    await this.dialog()
      .getByRole('button', { name: /^(add subcategory|adicionar subcategoria)$/i })
      .click();
    await expect(this.dialog()).toBeHidden();
    await expect(this.card(category).getByTestId('subcategory').filter({ hasText: name })).toBeVisible();
  }

  /** Starts deleting a category; returns the dialog after the first confirmation. */
  async startDelete(name: string): Promise<Locator> {
    await this.categoryAction(name, /^(delete|excluir)$/i);
    await expect(this.dialog()).toBeVisible();
    await this.dialog()
      .getByRole('button', { name: /^(delete category|excluir categoria)$/i })
      .click();
    return this.dialog();
  }
}
