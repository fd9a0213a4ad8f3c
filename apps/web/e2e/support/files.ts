import { expect, type Page } from '@playwright/test';

/**
 * Chooses a statement on the import page as a person does: once the "Choose a file" button is enabled (an
 * account or card chosen). The hidden input takes a file before that too, and the page ignores it: under load
 * the click on the account's option had not rendered yet when the file came (a CI failure, twice).
 */
export async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await expect(page.getByTestId('import-choose')).toBeEnabled();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}
