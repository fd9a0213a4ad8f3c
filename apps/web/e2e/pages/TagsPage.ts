import { expect, type Locator, type Page } from '@playwright/test';

/** /configs/tags (English or Portuguese). */
export class TagsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto(query = '') {
    await this.page.goto(`/configs/tags${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: /^tags$/i })).toBeVisible();
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  row(name: string): Locator {
    return this.page.getByTestId('tag-row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  rows(): Locator {
    return this.page.getByTestId('tag-row');
  }

  newTagInput(): Locator {
    return this.page.getByRole('textbox', { name: /^(new tag|nova tag)$/i });
  }

  async createTag(name: string) {
    await this.newTagInput().fill(name);
    await this.page.getByRole('button', { name: /^(add tag|adicionar tag)$/i }).click();
    await expect(this.row(name)).toBeVisible();
  }

  async renameTag(from: string, to: string) {
    await this.row(from)
      .getByRole('button', { name: /^(rename|renomear):/i })
      .click();
    await this.dialog().getByRole('textbox').fill(to);
    await this.dialog()
      .getByRole('button', { name: /^(save|salvar)$/i })
      .click();
    await expect(this.dialog()).toBeHidden();
    await expect(this.row(to)).toBeVisible();
  }

  /** Opens the delete confirmation; returns the dialog. */
  async openDelete(name: string): Promise<Locator> {
    await this.row(name)
      .getByRole('button', { name: /^(delete|excluir):/i })
      .click();
    await expect(this.dialog()).toBeVisible();
    return this.dialog();
  }
}
