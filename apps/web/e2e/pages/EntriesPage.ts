import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

export type Operation = 'income' | 'expense' | 'investment' | 'transfer';
export type Scope = 'one' | 'next' | 'all';

const OPERATION_IDS: Record<Operation, number> = { income: 1, expense: 2, investment: 3, transfer: 4 };

export interface EntryInput {
  operation: Operation;
  description: string;
  /** Typed as is ("1.234,56" or "1234.56"). */
  value: string;
  /** YYYY-MM-DD. */
  date: string;
  account: string;
  destination?: string;
  /** Category and subcategory names as listed (system categories are translated). */
  category?: string;
  subcategory?: string;
  tags?: string[];
  paid?: boolean;
  notes?: string;
  installments?: number;
  fixed?: boolean;
  /** YYYY-MM-DD, fixed entries only. */
  until?: string;
}

/** Chips and radios hide their input: click the label a person would click. */
async function clickLabelOf(input: Locator) {
  const id = await input.getAttribute('id');
  await input.page().locator(`label[for="${id}"]`).click();
  await expect(input).toBeChecked();
}

/** YYYY-MM of today plus `offset` months (the browser and the server share the clock). */
export function monthFromNow(offset: number, now: Date = new Date()): string {
  const date = new Date(Date.UTC(now.getFullYear(), now.getMonth() + offset, 1));
  return date.toISOString().slice(0, 7);
}

/** /entries/list in English or Portuguese. */
export class EntriesPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto(month?: string) {
    await this.page.goto(`/entries/list${month ? `?month=${month}` : ''}`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: /^(entries|lançamentos)$/i }),
    ).toBeVisible();
    await this.waitForData();
  }

  /** The list (or the empty state) and the totals have loaded. */
  async waitForData() {
    await expect(
      this.page.getByTestId('entries-list').or(this.page.getByTestId('entries-empty')),
    ).toBeVisible();
    // Income is among the totals whether or not a filter is set (filtered totals have no balances).
    await expect(this.page.getByTestId('total-income-value')).toBeVisible();
  }

  formDialog(): Locator {
    return this.page.getByRole('dialog', {
      name: /^(new entry|edit entry|novo lançamento|editar lançamento)$/i,
    });
  }

  row(description: string): Locator {
    return this.page.locator('[data-entry-row]').filter({
      has: this.page.getByTestId('entry-description').getByText(description, { exact: true }),
    });
  }

  rows(): Locator {
    return this.page.locator('[data-entry-row]');
  }

  /** "N entries": the month's count (meta.total), however many pages are loaded. */
  count(): Locator {
    return this.page.getByTestId('entries-count');
  }

  /** The row under the loaded entries while the month has more pages (role="status"). */
  loadingMore(): Locator {
    return this.page.getByTestId('entries-loading-more');
  }

  /** Scrolls the window to the bottom of what is loaded, as the End key would. */
  async scrollToLoadedEnd() {
    await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  }

  /** A figure of the totals bar in cents (read from the element's data, not from formatted text). */
  async total(key: 'income' | 'expense' | 'result' | 'balance' | 'predicted'): Promise<number> {
    return Number(await this.page.getByTestId(`total-${key}-value`).getAttribute('data-cents'));
  }

  async expectTotals(
    expected: Partial<Record<'income' | 'expense' | 'result' | 'balance' | 'predicted', number>>,
  ) {
    for (const [key, cents] of Object.entries(expected)) {
      await expect(this.page.getByTestId(`total-${key}-value`)).toHaveAttribute('data-cents', String(cents));
    }
  }

  totalText(key: 'income' | 'expense' | 'result' | 'balance' | 'predicted'): Locator {
    return this.page.getByTestId(`total-${key}-value`);
  }

  async openNew() {
    // Whichever the loaded page shows; a one-off isVisible() check could race the month's first load.
    await this.page.getByTestId('empty-add').or(this.page.getByTestId('new-entry')).first().click();
    await expect(this.formDialog()).toBeVisible();
  }

  private async choose(label: RegExp, option: string) {
    const dialog = this.formDialog();
    await dialog.getByLabel(label).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async fillForm(entry: Partial<EntryInput>) {
    const dialog = this.formDialog();
    if (entry.operation) {
      await clickLabelOf(dialog.getByTestId(`operation-${OPERATION_IDS[entry.operation]}`));
    }
    if (entry.description !== undefined) {
      await dialog.getByRole('textbox', { name: /^(description|descrição)/i }).fill(entry.description);
    }
    if (entry.value !== undefined) {
      const amount = dialog.getByRole('textbox', { name: /^(amount|valor)/i });
      await amount.fill(entry.value);
      await amount.blur();
    }
    if (entry.date) await dialog.getByLabel(/^(date|data)/i).fill(entry.date);
    if (entry.account) {
      const label = entry.operation === 'transfer' ? /^(from account|da conta)/i : /^(account|conta)/i;
      await this.choose(label, entry.account);
    }
    if (entry.destination) await this.choose(/^(to account|para a conta)/i, entry.destination);
    if (entry.category) await this.choose(/^(category|categoria)/i, entry.category);
    if (entry.subcategory) await this.choose(/^(subcategory|subcategoria)/i, entry.subcategory);
    for (const tag of entry.tags ?? []) {
      const input = dialog.getByLabel(/^tags/i);
      await input.fill(tag);
      await input.press('Enter');
    }
    if (entry.installments) {
      await dialog.getByText(/^(installments|parcelado)$/i).click();
      await dialog
        .getByRole('textbox', { name: /^(number of installments|número de parcelas)/i })
        .fill(String(entry.installments));
    }
    if (entry.fixed) {
      await dialog.getByText(/^(every month|todo mês)$/i).click();
      if (entry.until) await dialog.getByLabel(/^(until|até)/i).fill(entry.until);
    }
    if (entry.paid !== undefined) {
      const toggle = dialog.getByTestId('entry-paid');
      // From the keyboard, as a click aimed at the switch can land on the date's open calendar.
      if ((await toggle.isChecked()) !== entry.paid) {
        await toggle.focus();
        await this.page.keyboard.press('Space');
      }
      await expect(toggle).toBeChecked({ checked: entry.paid });
    }
    if (entry.notes !== undefined)
      await dialog.getByRole('textbox', { name: /^(notes|observações)/i }).fill(entry.notes);
  }

  async save() {
    await this.formDialog().getByTestId('entry-save').click();
  }

  /** Creates an entry through the form and waits for the dialog to close. */
  async addEntry(entry: EntryInput) {
    await this.openNew();
    await this.fillForm(entry);
    await this.save();
    await expect(this.formDialog()).toBeHidden();
  }

  async openEdit(description: string) {
    await this.row(description).getByTestId('entry-open').click();
    await expect(this.formDialog()).toBeVisible();
  }

  /** Answers the "only this one / this and the following / all" dialog. */
  async chooseScope(scope: Scope) {
    const dialog = this.page.getByRole('dialog', { name: /repeating entry|lançamento recorrente/i });
    await expect(dialog).toBeVisible();
    await clickLabelOf(dialog.getByTestId(`scope-${scope}`));
    await dialog.getByTestId('scope-confirm').click();
    await expect(dialog).toBeHidden();
  }

  async togglePaid(description: string) {
    await this.row(description).getByTestId('paid-toggle').click();
  }

  async delete(description: string, scope?: Scope) {
    await this.row(description).getByTestId('entry-menu').click();
    await this.page.getByTestId('entry-delete').click();
    if (scope) {
      await this.chooseScope(scope);
    } else {
      await this.page.getByTestId('delete-confirm').click();
    }
    await expect(this.row(description)).toHaveCount(0);
  }

  async nextMonth() {
    await this.page.getByTestId('month-next').click();
    await this.waitForData();
  }

  async previousMonth() {
    await this.page.getByTestId('month-previous').click();
    await this.waitForData();
  }

  /** Exports the shown month as CSV and returns the parsed rows (header first). */
  async exportCsv(): Promise<string[][]> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('export-menu').click();
    await this.page.getByTestId('export-csv').click();
    const file = await (await download).path();
    const text = await readFile(file, 'utf8');
    // Português files separate fields with ";" (issue 13 #11).
    const firstLine = text.slice(0, text.indexOf('\n'));
    return parseCsv(text, firstLine.includes(';') ? ';' : ',');
  }
}

/** RFC 4180 CSV: quoted fields, doubled quotes, commas and newlines inside quotes. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
