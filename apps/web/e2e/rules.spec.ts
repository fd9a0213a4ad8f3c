import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { AppShell } from './pages/AppShell.ts';
import { EntriesPage } from './pages/EntriesPage.ts';
import { chooseFile } from './support/files.ts';
import { requestsDone } from './support/settle.ts';
import { signUp } from './support/users.ts';

/**
 * Issue 21: learning offered, never silent. On an import's review the person gives a row a category; the app
 * offers "Always categorise «…» as Food"; accepting creates a rule; the next statement's row with that text
 * (in another case, without its accents) comes in categorised, naming the rule; Settings › Rules lists it with
 * its match count. In each language, at 1280 and 360 px, with axe.
 */
const statement = (id: string, description: string) =>
  [
    'Data,Valor,Identificador,Descrição',
    `02/11/2026,-25.00,${id},${description}`,
    `03/11/2026,1200.00,${id}-pix,Pix Maria`,
  ].join('\n');

const TEXTS = {
  en: {
    category: 'Category of “Padaria Pão Quente”',
    categoryNext: 'Category of “PADARIA PAO QUENTE”',
    food: 'Food',
    offer: 'Always categorise “Padaria Pão Quente” as Food?',
    accept: 'Create rule',
    created: 'Rule created',
    rule: 'Rule: Padaria Pão Quente',
    rulesHeading: 'Rules',
    matched: 'Matched 1 time',
    test: 'Test Padaria Pão Quente',
  },
  br: {
    category: 'Categoria de “Padaria Pão Quente”',
    categoryNext: 'Categoria de “PADARIA PAO QUENTE”',
    food: 'Alimentação',
    offer: 'Sempre categorizar “Padaria Pão Quente” como Alimentação?',
    accept: 'Criar regra',
    created: 'Regra criada',
    rule: 'Regra: Padaria Pão Quente',
    rulesHeading: 'Regras',
    matched: 'Aplicada 1 vez',
    test: 'Testar Padaria Pão Quente',
  },
} as const;

async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${label}`,
  ).toEqual([]);
}

async function upload(page: Page, accountId: number, name: string, text: string) {
  await page.goto(`/import?account_id=${accountId}`);
  await chooseFile(page, name, text);
  await expect(page.getByTestId('import-row')).toHaveCount(2);
}

for (const [locale, width] of [
  ['en', 1280],
  ['br', 360],
] as const) {
  test(`a rule from the "always categorise" offer categorises the next import (${locale}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXTS[locale];
    await page.setViewportSize({ width, height: 900 });
    await signUp(page, `rules-${locale}`);
    const account = await apiAs<{ id: number }>(page, 'POST', '/account', { name: 'Conta' });
    await page.goto('/entries/list');
    if (locale === 'br') {
      await new AppShell(page).switchLanguage('br');
      // The language is saved to the profile (category names come in it) before the next page load.
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
      await requestsDone(page);
    }

    // First statement: the bakery row comes in uncategorised; the person picks Food; the app offers a rule.
    await upload(page, account.id, 'first.csv', statement('r-1', 'Padaria Pão Quente'));
    await page.getByRole('combobox', { name: text.category }).click();
    await page.getByRole('option', { name: text.food, exact: true }).click();
    const offer = page.getByTestId('rule-offer');
    await expect(offer).toContainText(text.offer);
    await audit(page, `offer (${locale}, ${width})`);
    await offer.getByRole('button', { name: text.accept }).click();
    await expect(page.getByText(text.created)).toBeVisible();
    const rules = await apiAs<{ data: Array<{ name: string }> }>(page, 'GET', '/rule');
    expect(rules.data.map((r) => r.name)).toEqual(['Padaria Pão Quente']);

    // Next statement: the same bakery, written by the bank in capitals and without accents.
    await upload(page, account.id, 'second.csv', statement('r-2', 'PADARIA PAO QUENTE'));
    const row = page.getByTestId('import-row').filter({ hasText: 'PADARIA PAO QUENTE' });
    await expect(row.getByTestId('import-row-rule')).toHaveText(text.rule);
    await expect(page.getByRole('combobox', { name: text.categoryNext })).toHaveValue(text.food);

    // Settings › Rules: the rule, how often it matched, its test.
    await page.goto('/configs/rules');
    await expect(page.getByRole('heading', { level: 1, name: text.rulesHeading })).toBeVisible();
    const card = page.getByTestId('rule-row');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('rule-matched')).toHaveText(text.matched);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await audit(page, `rules page (${locale}, ${width})`);
    // RULES_SCREENSHOTS=<dir>: the rules page, to look at.
    const shots = process.env.RULES_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/rules-${locale}-${width}.png`, fullPage: true });
    await card.getByRole('button', { name: text.test }).click();
    await expect(page.getByTestId('rule-preview-count')).toBeVisible();
    await audit(page, `rule test (${locale}, ${width})`);
    await page
      .getByRole('button', { name: locale === 'en' ? 'Close' : 'Fechar' })
      .last()
      .click();
    await card
      .getByRole('button', {
        name: locale === 'en' ? 'Edit Padaria Pão Quente' : 'Editar Padaria Pão Quente',
      })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, `rule form (${locale}, ${width})`);
    if (shots) await page.screenshot({ path: `${shots}/rule-form-${locale}-${width}.png`, fullPage: true });
  });
}

test('giving an uncategorised entry a category offers a rule; nothing is learned without a yes (en)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'rules-entry');
  const account = await apiAs<{ id: number }>(page, 'POST', '/account', { name: 'Conta' });
  const today = new Date().toISOString().slice(0, 10);
  for (const description of ['Uber *trip', 'Padaria']) {
    await apiAs(page, 'POST', '/entry', {
      description,
      value: 1990,
      date: today,
      operation_id: 2,
      account_id: account.id,
      category_id: null,
    });
  }
  const entries = new EntriesPage(page);
  await entries.goto();

  // Declined: the offer is closed and no rule exists.
  await entries.openEdit('Padaria');
  await entries.fillForm({ category: 'Food' });
  await entries.save();
  const first = page.getByTestId('rule-offer');
  await expect(first).toContainText('Always categorise “Padaria” as Food?');
  await page.getByRole('alert').filter({ has: first }).getByRole('button', { name: 'Close' }).click();
  await expect(first).toBeHidden();
  expect((await apiAs<{ data: unknown[] }>(page, 'GET', '/rule')).data).toEqual([]);

  // Accepted: the rule names the text and the category chosen, subcategory included.
  await entries.openEdit('Uber *trip');
  await entries.fillForm({ category: 'Transport', subcategory: 'Ride-hailing' });
  await entries.save();
  const offer = page.getByTestId('rule-offer');
  await expect(offer).toContainText('Always categorise “Uber *trip” as Transport › Ride-hailing?');
  await offer.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByText('Rule created')).toBeVisible();
  const rules = await apiAs<{ data: Array<{ conditions: unknown; actions: unknown }> }>(page, 'GET', '/rule');
  expect(rules.data).toMatchObject([
    {
      conditions: [{ field: 'description', op: 'is', value: 'Uber *trip' }],
      actions: { category_id: 4, sub_category_id: 10 },
    },
  ]);
});
