import { expect, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { AppShell } from './pages/AppShell.ts';
import { RegisterPage } from './pages/AuthPages.ts';
import { audit } from './support/axe.ts';
import { chooseFile } from './support/files.ts';
import { newUser } from './support/users.ts';

/**
 * Issue 20: the whole import flow from the page, in each language and at 360 and 1280 px — from the entries
 * list to /import, a Nubank statement chosen, what was read, every row with its status, one left out, a new
 * layout mapped with its live preview, the commit's summary, and the undo from the history. Each test has its
 * own user and data (e2e may run with 2 workers).
 */
const NUBANK = [
  'Data,Valor,Identificador,Descrição',
  '01/11/2026,-25.00,e2e-1,Padaria Pão Quente',
  '03/11/2026,1200.00,e2e-2,Pix Maria',
  '05/11/2026,-59.90,e2e-3,Mercado Bom Preço',
  '05/11/2026,0.00,e2e-4,Saldo do dia',
].join('\n');
const GENERIC = ['Histórico;Data;Valor', 'Farmácia;07/11/2026;(12,50)', 'Reembolso;08/11/2026;80,00'].join(
  '\n',
);

const TEXTS = {
  en: {
    heading: 'Import',
    layout: 'Nubank account',
    include: 'Import “Mercado Bom Preço”',
    commit: 'Import the chosen rows',
    created: '2 entries created',
    duplicates: 'No duplicates left out',
    mapping: 'Which column is which?',
    apply: 'Read the rows',
    undo: 'Undo',
    undone: 'Import undone',
    skipped: 'Skipped',
  },
  br: {
    heading: 'Importar',
    layout: 'Conta Nubank',
    include: 'Importar “Mercado Bom Preço”',
    commit: 'Importar as linhas escolhidas',
    created: '2 lançamentos criados',
    duplicates: 'Nenhuma duplicada deixada de fora',
    mapping: 'Qual coluna é qual?',
    apply: 'Ler as linhas',
    undo: 'Desfazer',
    undone: 'Importação desfeita',
    skipped: 'Ignorada',
  },
} as const;

for (const [locale, width, other] of [
  ['en', 1280, 360],
  ['br', 360, 1280],
] as const) {
  test(`import a statement: read, review, map, commit, undo (${locale}, ${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const text = TEXTS[locale];
    await page.setViewportSize({ width, height: 900 });
    await new RegisterPage(page).goto();
    await new RegisterPage(page).register(newUser(`import-${locale}`));
    await expect(page).toHaveURL(/\/welcome$/);
    const account = await apiAs<{ id: number }>(page, 'POST', '/account', { name: 'Conta Nubank' });
    await page.goto('/entries/list');
    if (locale === 'br') await new AppShell(page).switchLanguage('br');

    await page.getByTestId('entries-import').click();
    await expect(page).toHaveURL(/\/import$/);
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await page.getByTestId('import-target').click();
    await page.getByRole('option', { name: 'Conta Nubank' }).click();
    await chooseFile(page, 'nubank.csv', NUBANK);

    await expect(page.getByTestId('import-layout')).toHaveText(text.layout);
    await expect(page.getByTestId('import-bank')).toHaveText('Nubank');
    await expect(page.getByTestId('import-row')).toHaveCount(4);
    await expect(page.locator('[data-testid=import-row][data-status=skipped]')).toContainText(text.skipped);
    // One row left out: the summary counts two entries.
    const include = page.getByRole('switch', { name: text.include });
    await expect(include).toBeChecked();
    await include.click({ force: true });
    await expect(include).not.toBeChecked();
    await audit(page, `review (${locale}, ${width})`);
    // IMPORT_SCREENSHOTS=<dir>: the review at both widths, to look at.
    const shots = process.env.IMPORT_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/review-${locale}-${width}.png`, fullPage: true });
    await page.setViewportSize({ width: other, height: 900 });
    await expect(page.getByTestId('import-row').first()).toBeVisible();
    // The narrow layout comes a render after the resize (Mantine's media queries answer the resize event).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(other);
    await audit(page, `review (${locale}, ${other})`);
    if (shots) await page.screenshot({ path: `${shots}/review-${locale}-${other}.png`, fullPage: true });
    await page.setViewportSize({ width, height: 900 });

    await page.getByRole('button', { name: text.commit }).click();
    await expect(page.getByTestId('import-summary')).toContainText(text.created);
    await expect(page.getByTestId('import-summary')).toContainText(text.duplicates);
    const listed = await apiAs<{ data: unknown[] }>(
      page,
      'GET',
      `/entry?start_date=2026-11-01&end_date=2026-11-30&account_id=${account.id}`,
    );
    expect(listed.data).toHaveLength(2);

    // A layout no preset knows: its columns mapped, the first rows previewed live, then read.
    await page.goto(`/import?account_id=${account.id}`);
    await chooseFile(page, 'banco.csv', GENERIC);
    await expect(page.getByRole('heading', { name: text.mapping })).toBeVisible();
    const preview = page.getByTestId('import-mapping-preview');
    await expect(preview).toContainText('Farmácia');
    await audit(page, `mapping (${locale}, ${width})`);
    if (shots) await page.screenshot({ path: `${shots}/mapping-${locale}-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: text.apply }).click();
    await expect(page.getByTestId('import-row')).toHaveCount(2);

    // Undo the first import from the history: its entries go.
    const first = page.getByTestId('import-history-item').filter({ hasText: 'nubank.csv' });
    await first.getByRole('button', { name: text.undo }).click();
    await page.getByTestId('import-undo-confirm').click();
    await expect(page.getByText(text.undone)).toBeVisible();
    const after = await apiAs<{ data: unknown[] }>(
      page,
      'GET',
      `/entry?start_date=2026-11-01&end_date=2026-11-30&account_id=${account.id}`,
    );
    expect(after.data).toEqual([]);
  });
}
