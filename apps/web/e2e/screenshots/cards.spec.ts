import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../pages/AccountsPage.ts';
import { RegisterPage } from '../pages/AuthPages.ts';
import { monthFromNow } from '../pages/EntriesPage.ts';
import { animationsDone, requestsDone } from '../support/settle.ts';
import { newUser } from '../support/users.ts';
import { forEachLook } from './looks.ts';

/**
 * Screenshots of the card page, the card form and the entries list with invoice lines, at 1280 and 360 px,
 * light and dark, en and br — for looking at, not for asserting. Run with SCREENSHOTS=<dir>.
 */
// Each spec writes into its own folder of SCREENSHOTS, so file names never clash.
const dir = process.env.SCREENSHOTS && join(process.env.SCREENSHOTS, 'cards');
// playwright.config.ts leaves this file out of `npm test` unless SCREENSHOTS is set.
if (!dir) throw new Error('set SCREENSHOTS=<dir> to take the screenshots');

async function seed(page: Page): Promise<number> {
  const account = await apiAs<{ id: number }>(page, 'POST', '/account', {
    name: 'Nubank conta',
    initial_balance: 482_350,
  });
  const card = await apiAs<{ id: number }>(page, 'POST', '/card', {
    name: 'Nubank Ultravioleta',
    flag_id: 2,
    limit: 1_200_000,
    close_day: 3,
    expiration_day: 10,
    account_id: account.id,
    color: '#862e9c',
  });
  const m0 = monthFromNow(0);
  const purchase = (description: string, value: number, day: string, extra: object = {}) =>
    apiAs(page, 'POST', '/entry', {
      description,
      value,
      date: `${m0}-${day}`,
      operation_id: 2,
      category_id: 3,
      card_id: card.id,
      ...extra,
    });
  await purchase('Supermercado Pão de Açúcar', 48_790, '04');
  await purchase('iFood — jantar de sexta com a família', 12_350, '05');
  await purchase('Notebook Dell', 599_900, '06', { installments: 10 });
  await purchase('Spotify', 2_190, '07', { fixed: true });
  await purchase('Estorno loja', 5_000, '08', { operation_id: 1 });
  await purchase('Posto Shell', 25_000, '12');
  return card.id;
}

for (const locale of ['en', 'br'] as const) {
  test(`card screenshots (${locale})`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    mkdirSync(dir, { recursive: true });
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(newUser(`cardshots${locale}`));
    await expect(page).toHaveURL(/\/welcome$/);
    if (locale === 'br') {
      await apiAs(page, 'PUT', '/user/preferences', { language_id: 2, currency_code_id: 4, country_id: 32 });
    }
    const cardId = await seed(page);
    const storage = await page.context().storageState();
    const m1 = monthFromNow(1);
    await forEachLook(browser, storage, locale, dir, async (shot, name, width) => {
      await shot.goto(`/card/${cardId}?month=${m1}`);
      await expect(shot.getByTestId('invoice-entries')).toBeVisible();
      await requestsDone(shot);
      await shot.screenshot({ path: name('card'), fullPage: true });
      await shot.getByTestId('invoice-pay').click();
      await expect(shot.getByRole('dialog')).toBeVisible();
      await animationsDone(shot);
      await shot.screenshot({ path: name('pay') });
      await shot.keyboard.press('Escape');
      await shot.getByTestId('card-edit').click();
      await expect(shot.getByRole('dialog')).toBeVisible();
      await animationsDone(shot);
      await shot.screenshot({ path: name('form') });
      await shot.keyboard.press('Escape');
      await shot.goto(`/entries/list?month=${m1}`);
      await expect(shot.getByTestId('invoice-lines')).toBeVisible();
      await requestsDone(shot);
      await shot.screenshot({ path: name('entries'), fullPage: true });
      if (width === 360) {
        await shot.getByRole('button', { name: /navigation|navegação/i }).click();
        await animationsDone(shot);
        await shot.screenshot({ path: name('nav') });
      }
    });
  });
}
